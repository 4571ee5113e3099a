import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import type { Account } from './company-admin.ts';

/** Signs in through the sign-in screen; the root user unless another account is given. */
export async function signIn(page: Page, { email, password }: Account = E2E_ADMIN): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}
