import { ACCESS_TOKEN_HEADER, type SessionUser } from '@plotline/core';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_STUDIO_URL } from '../../playwright.config.ts';
import type { Account } from './company-admin.ts';

/**
 * The localStorage key the studio keeps its look and session under (apps/web/src/lib/app-store.ts,
 * which cannot be imported here: it reaches for the browser's storage as it loads).
 */
export const STUDIO_STATE_KEY = 'plotline:state';

/**
 * Signs `account` in through the API and marks its welcome guide as seen, so that it does not open
 * over the pages a journey is about: the session's token and user, or null for a refused sign-in.
 */
async function guideSeenSession(
  request: APIRequestContext,
  { email, password }: Account,
): Promise<{ token: string; user: SessionUser } | null> {
  const login = await request.post('/api/v1.6/auth/login', {
    data: { username: email, password },
  });
  if (!login.ok()) return null;
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const guide = await request.put('/api/user/guide', {
    headers: { [ACCESS_TOKEN_HEADER]: token },
  });
  expect(guide.ok(), await guide.text()).toBe(true);
  return { token, user: ((await guide.json()) as { data: SessionUser }).data };
}

/**
 * Signs in through the sign-in screen; the root user unless another account is given. The welcome
 * guide is taken as seen unless `guide` is 'show' (the journey that is about it).
 */
export async function signIn(
  page: Page,
  account: Account = E2E_ADMIN,
  { guide = 'seen' }: { guide?: 'seen' | 'show' } = {},
): Promise<void> {
  // A wrong password is left for the sign-in screen to refuse.
  if (guide === 'seen') await guideSeenSession(page.request, account);
  await page.goto('/');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** Signs `account` in as `signIn` does and waits for the dashboard. */
export async function signInToDashboard(page: Page, account: Account = E2E_ADMIN): Promise<void> {
  await signIn(page, account);
  await expect(page).toHaveURL(/\/app$/);
}

/** A first visit opens the welcome guide over the dashboard: the newcomer skips it. */
export async function skipGuideOnFirstVisit(page: Page): Promise<void> {
  const guide = page.getByRole('dialog', { name: 'Welcome to Plotline' });
  await guide.getByRole('button', { name: 'Skip' }).click();
  await expect(guide).toBeHidden();
}

/**
 * Signs `account` in through the API, its welcome guide taken as seen, and gives the browser
 * context the session as the studio keeps it: its persisted state, a zustand `persist` record
 * holding the token and the user, over the default look. The studio's pages then open signed in,
 * without the sign-in screen; for journeys that are not about signing in. It replaces what the
 * context's pages stored (a signed-out studio's look with it) and keeps its cookies.
 */
export async function storeSession(
  context: BrowserContext,
  account: Account = E2E_ADMIN,
): Promise<void> {
  const session = await guideSeenSession(context.request, account);
  expect(session, `${account.email} signs in`).not.toBeNull();
  const state = { ...session, loggedIn: true, next: null };
  await context.setStorageState({
    cookies: await context.cookies(),
    origins: [
      {
        origin: E2E_STUDIO_URL,
        localStorage: [{ name: STUDIO_STATE_KEY, value: JSON.stringify({ state, version: 0 }) }],
      },
    ],
  });
}
