import { sessionUserSchema } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, signedIn } from '../../http/access.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { AccountsService } from './accounts.service.ts';

export function registerAccountsRoutes(
  app: FastifyInstance,
  accountsService: AccountsService,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/user/me',
    {
      config: { access: signedIn },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: envelope(sessionUserSchema), ...errors(401) },
      },
    },
    async (request) => ({ data: await accountsService.getSessionUser(callerOf(request).userId) }),
  );
}
