import type { SessionUser } from '@plotline/core';
import { useAppStore } from '../lib/app-store.ts';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    name: 'Ayu Lestari',
    email: 'ayu@plotline.test',
    role: 'administrator',
    company_type: 'company',
    avatar: null,
    password: true,
    ...overrides,
  };
}

export function signInAs(overrides: Partial<SessionUser> = {}): SessionUser {
  const user = makeUser(overrides);
  useAppStore.getState().signIn({ ...user, token: 'token-1' });
  return user;
}

/** A JSON reply the way the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
