import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './adapters/clock.ts';
import { argon2Hasher, type PasswordHasher } from './adapters/password-hasher.ts';
import type { DatabaseHandle } from './db/database.ts';
import { transactionRunner } from './db/transaction.ts';
import { registerAccessGuard } from './http/access.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createActivityRepository } from './modules/activity/activity.repository.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSessionTokens } from './modules/auth/session-token.ts';
import { createHealthRepository } from './modules/health/health.repository.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';

export interface AppDeps {
  database: Pick<DatabaseHandle, 'db' | 'kind'>;
  jwtSecret: string;
  /** The built studio (apps/web/dist); null serves the API alone. */
  webRoot: string | null;
  clock?: Clock;
  hasher?: PasswordHasher;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
}

/** Wires the services into HTTP. Never listens: server.ts does, and tests listen on a free port. */
export async function buildApp(deps: AppDeps) {
  const { db } = deps.database;
  const clock = deps.clock ?? systemClock;
  const hasher = deps.hasher ?? argon2Hasher;
  const transaction = transactionRunner(db);

  const accounts = createAccountsRepository(db);
  const auth = createAuthRepository(db);
  const activity = createActivityRepository(db);

  const authService = createAuthService({
    auth,
    accounts,
    activity,
    hasher,
    tokens: createSessionTokens(deps.jwtSecret),
    clock,
    transaction,
  });
  const accountsService = createAccountsService({
    accounts,
    sessions: auth,
    activity,
    hasher,
    clock,
    transaction,
  });

  const app: FastifyInstance = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    // 1 MB of JSON is plenty; uploads get their own limits.
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerOpenApi(app);
  registerAccessGuard(app, authService);

  registerHealthRoutes(app, { ...createHealthRepository(db), database: deps.database.kind });
  registerAuthRoutes(app, authService);
  registerAccountsRoutes(app, accountsService);
  await registerWebApp(app, deps.webRoot);

  return { app, services: { auth: authService, accounts: accountsService } };
}
