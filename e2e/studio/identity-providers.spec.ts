import { MESSAGES } from '@plotline/core';
import type { Page } from '@playwright/test';
import { E2E_ADMIN, E2E_GENERIC_NAME } from '../../playwright.config.ts';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { skipGuideOnFirstVisit, storeSession } from '../support/sign-in.ts';

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
  await fillIssuer(popup, login);
}

/** The issuer's pages in a popup, which hands the result back and closes itself. */
async function fillIssuer(popup: Page, login: string): Promise<void> {
  const closed = popup.waitForEvent('close');
  await signInAtIssuer(popup, login);
  await closed;
}

/** The local issuer's own sign-in and consent pages, in a popup or a whole page. */
async function signInAtIssuer(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
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

test('a sign-in handoff made in one browser signs no one in in another (sign-in CSRF)', async ({
  browser,
}) => {
  // A sign-in through a provider's pages and one screen checked in four looks.
  test.setTimeout(90_000);
  const attacker = await browser.newContext();
  const victim = await browser.newContext();
  try {
    // The attacker signs in with their own account, in the whole page, and keeps the result's address.
    const attackerPage = await attacker.newPage();
    const handoffRequest = attackerPage.waitForRequest((request) =>
      request.url().includes('/auth/oidc?handoff='),
    );
    await attackerPage.goto('/api/auth/oidc/google/start?mode=page');
    await signInAtIssuer(attackerPage, `mallory-${test.info().testId}@creators.test|Mallory`);
    const handoffUrl = (await handoffRequest).url();
    const handoff = new URL(handoffUrl).searchParams.get('handoff')!;

    // The victim opens it: the studio refuses it, and nobody is signed in there.
    const victimPage = await victim.newPage();
    await victimPage.goto(handoffUrl);
    await expect(victimPage).toHaveURL(/\/login\?oidc_error=other_browser$/);
    await expect(victimPage.getByRole('alert')).toHaveText(MESSAGES.oidcNotStartedHere);
    await expectAccessible(victimPage, "the sign-in screen refusing another browser's handoff");
    await victimPage.goto('/app');
    await expect(victimPage).toHaveURL(/\/$/);
    // Nor does the API take it without the cookie of the browser that started the sign-in.
    const exchange = await victim.request.post('/api/auth/oidc/complete', { data: { handoff } });
    expect(exchange.status()).toBe(400);
    expect(await exchange.json()).toEqual({ message: MESSAGES.oidcNotStartedHere });
    // The attacker's own browser still holds it.
    const own = await attacker.request.post('/api/auth/oidc/complete', { data: { handoff } });
    expect(own.status()).toBe(200);
  } finally {
    await attacker.close();
    await victim.close();
  }
});

test('root is never signed in by its email, links a provider from the profile drawer after its password, and signs in with it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const login = `root-sso-${test.info().testId}@operator.test`;

  // A provider vouching for the root user's address gets a refusal.
  await page.goto('/login');
  await signInWithProvider(page, 'Google', E2E_ADMIN.email);
  await expect(page.getByRole('alert')).toHaveText(
    'Google cannot sign in to a staff account by its email: sign in with your password, then link Google from your profile',
  );

  await storeSession(page.context());
  await page.goto('/app');
  const { profile, methods } = await openProfile(page);
  await methods.getByRole('button', { name: 'Link a sign-in method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link a sign-in method' });
  await dialog.getByRole('radio', { name: E2E_GENERIC_NAME }).check();
  await dialog.getByLabel('Current password').fill('not-the-password');
  await dialog.getByRole('button', { name: `Continue with ${E2E_GENERIC_NAME}` }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.wrongCurrentPassword);
  await expectAccessible(page, 'the link dialog with a refused password');

  await dialog.getByLabel('Current password').fill(E2E_ADMIN.password);
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: `Continue with ${E2E_GENERIC_NAME}` }).click();
  await fillIssuer(await popupOpened, login);
  await expect(
    page.getByText(`${E2E_GENERIC_NAME} linked: you can now sign in with it`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(methods.getByText(login)).toBeVisible();
  await expectAccessible(page, "the profile drawer's sign-in methods with a linked provider");

  await profile.getByRole('button', { name: 'Close profile' }).click();
  await page.getByRole('button', { name: /^Account/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The provider remembers its session from the link: its popup answers at once.
  await page.getByRole('button', { name: `Continue with ${E2E_GENERIC_NAME}` }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(
    page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Company List', exact: true }),
  ).toBeVisible();
});

test('a provider sign-in started on /login?next= lands on that page', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/login?next=project-list');
  await signInWithProvider(page, 'Microsoft', `lena-${test.info().testId}@creators.test|Lena M.`);
  await expect(page).toHaveURL(/\/app\/project-list$/);
});
