import { ACCESS_TOKEN_HEADER } from '@plotline/core';
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import type { Account } from './company-admin.ts';

/**
 * Marks the welcome guide of `account` as seen, through the API, so that it does not open over
 * the pages a journey is about. A wrong password is left for the sign-in screen to refuse.
 */
async function skipWelcomeGuide(page: Page, { email, password }: Account): Promise<void> {
  const login = await page.request.post('/api/v1.6/auth/login', {
    data: { username: email, password },
  });
  if (!login.ok()) return;
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  await page.request.put('/api/user/guide', { headers: { [ACCESS_TOKEN_HEADER]: token } });
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
  if (guide === 'seen') await skipWelcomeGuide(page, account);
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
