import type { AddressInfo } from 'node:net';
import { ACCESS_TOKEN_HEADER, type CompanyType, type Role } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../adapters/clock.ts';
import { argon2Hasher } from '../adapters/password-hasher.ts';
import { buildApp } from '../app.ts';
import { createAccountsRepository } from '../modules/accounts/accounts.repository.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, for malformed bodies. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

let sequence = 0;

/**
 * The real app on a fresh database, listening on a free loopback port, with a clock the test moves.
 * TRUST_PROXY is on so a test can speak for several client IPs through X-Forwarded-For.
 */
export async function startTestServer(
  options: { webRoot?: string | null; routes?: (app: FastifyInstance) => void } = {},
) {
  const database = await openTestDatabase();
  const clock = new ManualClock();
  const { app, services } = await buildApp({
    database,
    jwtSecret: 'a-test-secret-that-is-long-enough-for-hs256',
    webRoot: options.webRoot ?? null,
    clock,
    trustProxy: true,
  });
  options.routes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const accounts = createAccountsRepository(database.db);

  async function request<T = Record<string, unknown>>(
    method: string,
    path: string,
    { body, rawBody, token, headers = {} }: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const hasBody = body !== undefined || rawBody !== undefined;
    const response = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...(token ? { [ACCESS_TOKEN_HEADER]: token } : {}),
        ...headers,
      },
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json'))
      parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  /** A user of the given role, in a new company of the given type unless internal; with a password. */
  async function makeUser(
    fields: {
      role?: Role;
      companyType?: CompanyType | null;
      email?: string;
      password?: string | null;
      name?: string | null;
    } = {},
  ) {
    sequence += 1;
    const role = fields.role ?? 'administrator';
    const companyType = fields.companyType === undefined ? 'company' : fields.companyType;
    const password = fields.password === undefined ? `password-${sequence}` : fields.password;
    const email = fields.email ?? `user${sequence}@example.com`;
    const companyId = companyType
      ? await accounts.insertCompany({ name: `Company ${sequence}`, type: companyType })
      : null;
    const id = await accounts.insertUser({
      email,
      role,
      companyId,
      name: fields.name === undefined ? `User ${sequence}` : fields.name,
      passwordHash: password === null ? null : await argon2Hasher.hash(password),
    });
    return { id, email, password: password ?? '', role, companyId };
  }

  /** Signs in through the API and answers the token. */
  async function signIn(user: { email: string; password: string }, remember = false) {
    const response = await request<{ data: { token: string } }>('POST', '/api/v1.6/auth/login', {
      body: { username: user.email, password: user.password, remember },
    });
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${response.text}`);
    return response.body.data.token;
  }

  return {
    baseUrl,
    clock,
    db: database.db,
    services,
    request,
    makeUser,
    signIn,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
