import { MESSAGES } from '@plotline/core';
import type { Page } from '@playwright/test';
import { E2E_GENERIC_NAME } from '../../playwright.config.ts';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { skipGuideOnFirstVisit } from '../support/sign-in.ts';

/**
 * Presses a provider's button on the sign-in screen and signs in at the local issuer in the popup
 * it opens (oidc-provider's own sign-in and consent pages): the login name decides the account,
 * `email|name`, with `|unverified` for an email the provider does not vouch for. The popup hands
 * the result back to the studio and closes itself.
 */
async function signInWithProvider(page: Page, provider: string, login: string): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  const popup = await popupOpened;
  await expect(page.getByRole('button', { name: `Waiting for ${provider}…` })).toBeVisible();
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill('any password');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

async function openProfile(page: Page) {
  await page.getByRole('button', { name: /^Account/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Profile' });
  return { profile, methods: profile.getByRole('region', { name: 'Sign-in methods' }) };
}

test('a creator signs up with their company provider, later signs in with Google, and keeps one way to sign in', async ({
  page,
  browser,
}) => {
  // Four sign-ins through a provider's pages and two screens checked in four looks each.
  test.setTimeout(90_000);
  const email = `nadia-${test.info().testId}@creators.test`;

  // Each configured provider has its button under the form.
  await page.goto('/login');
  for (const provider of ['Google', 'Microsoft', E2E_GENERIC_NAME]) {
    await expect(page.getByRole('button', { name: `Continue with ${provider}` })).toBeVisible();
  }
  await expectAccessible(page, 'the sign-in screen with identity providers');

  // A new email makes an account; the provider gave no name, so the profile step asks for it.
  await signInWithProvider(page, E2E_GENERIC_NAME, email);
  await expect(page).toHaveURL(/\/create-profile$/);
  await page.getByLabel('Full Name').fill('Nadia Karim');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await skipGuideOnFirstVisit(page);

  // Its only way to sign in cannot be removed.
  let { profile, methods } = await openProfile(page);
  await expect(methods.getByText(E2E_GENERIC_NAME)).toBeVisible();
  await expect(methods.getByText(email)).toBeVisible();
  await expect(methods.getByRole('button', { name: /^Remove/ })).toBeDisabled();
  await expect(methods.getByText(MESSAGES.lastSignInWay)).toBeVisible();
  await profile.getByRole('button', { name: 'Close profile' }).click();
  await page.getByRole('button', { name: /^Account/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Google vouches for the same email: the identity is linked to the account, which signs in.
  await signInWithProvider(page, 'Google', `${email}|Nadia K.`);
  await expect(page).toHaveURL(/\/app$/);

  ({ profile, methods } = await openProfile(page));
  await expect(methods.getByRole('listitem')).toHaveCount(2);
  await expect(methods.getByText('Google')).toBeVisible();
  await expectAccessible(page, "the profile drawer's sign-in methods");
  await methods.getByRole('button', { name: `Remove Google (${email})` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove sign-in method?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Google sign-in removed')).toBeVisible();
  await expect(methods.getByRole('listitem')).toHaveCount(1);
  await expect(
    methods.getByRole('button', { name: `Remove ${E2E_GENERIC_NAME} (${email})` }),
  ).toBeDisabled();

  // An email the provider does not vouch for is refused, with the reason on the sign-in screen.
  const stranger = await browser.newContext();
  try {
    const other = await stranger.newPage();
    await other.goto('/login');
    await signInWithProvider(
      other,
      'Google',
      `omar-${test.info().testId}@creators.test|unverified`,
    );
    await expect(other.getByRole('alert')).toHaveText(
      'Google has not verified the email of this account: verify it there, or sign in with your password',
    );
    await expect(other).toHaveURL(/\/login$/);
    await expect(other.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  } finally {
    await stranger.close();
  }
});
