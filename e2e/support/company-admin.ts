import { ACCESS_TOKEN_HEADER, type CompanyType } from '@plotline/core';
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { lastMailTo } from './outbox.ts';

export interface Account {
  email: string;
  password: string;
}

async function dataOf<T>(response: { ok(): boolean; json(): Promise<unknown>; status(): number }) {
  expect(response.ok(), `the API answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * A company (of `type`: a `company` unless named) and its first superadmin, ready to sign in, made through the API as the studio makes
 * them: root creates the company, the invitation link gives the admin a session, the admin sets a
 * password and names the company. Journeys that upload need it: the root user has no company.
 */
export async function createCompanyAdmin(
  request: APIRequestContext,
  { company, email, password, type = 'company' }: { company: string; type?: CompanyType } & Account,
): Promise<Account> {
  const root = await dataOf<{ token: string }>(
    await request.post('/api/v1.6/auth/login', {
      data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
    }),
  );
  await dataOf(
    await request.post('/api/company', {
      headers: { [ACCESS_TOKEN_HEADER]: root.token },
      data: { name: company, type, adminEmail: email },
    }),
  );

  const { link } = await lastMailTo(email);
  const invite = new URL(link).searchParams.get('invite');
  const admin = await dataOf<{ token: string }>(
    await request.post('/api/v1.6/auth/invite', { data: { t: invite } }),
  );
  const headers = { [ACCESS_TOKEN_HEADER]: admin.token };
  await dataOf(
    await request.post('/api/user/new_password', { headers, data: { new_password: password } }),
  );
  await dataOf(await request.post('/api/company/profile', { headers, data: { name: company } }));
  return { email, password };
}
