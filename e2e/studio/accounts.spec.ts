import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { lastMailTo } from '../support/outbox.ts';
import { signInToDashboard, skipGuideOnFirstVisit, storeSession } from '../support/sign-in.ts';

// Each screen is checked for accessibility in four looks (support/axe.ts).
test.describe.configure({ timeout: 90_000 });

const BOSS = 'boss@northwind.test';
const WRITER = 'writer@northwind.test';

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The browsers of invited users; closed after each test, so none outlives its journey. */
const invitedContexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(invitedContexts.splice(0).map((context) => context.close()));
});

/**
 * Follows an invitation link in a browser of its own, through password and profile, to /app;
 * `checked` runs the accessibility checks on the two pages on the way.
 */
async function acceptInvitation(
  browser: Browser,
  email: string,
  password: string,
  name: string,
  { checked = false } = {},
) {
  const { link, subject } = await lastMailTo(email);
  expect(subject).toBe('You are invited to Plotline');
  const context = await browser.newContext();
  invitedContexts.push(context);
  const page = await context.newPage();
  await page.goto(link);
  // The journeys' studio offers identity providers, so the invitation asks how to sign in first.
  if (checked) await expectAccessible(page, "the invitation's choice of how to sign in");
  await page.getByRole('button', { name: 'Set a password' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  if (checked) await expectAccessible(page, "the invitation's password page");
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Retype New Password').fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/create-profile$/);
  if (checked) await expectAccessible(page, 'the first profile page');
  return { page, nameField: page.getByLabel(name) };
}

function menuOf(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

test('a company is created, its admin and a contributor are invited, and every step is logged', async ({
  page,
  browser,
}) => {
  // Root creates the company; its first superadmin gets the invitation mail.
  await storeSession(page.context());
  await page.goto('/app/company-list');
  await page.getByRole('button', { name: 'New company' }).click();
  const dialog = page.getByRole('dialog', { name: 'New company' });
  await dialog.getByLabel('Name').fill('Northwind Films');
  await choose(page, 'Type', 'Company');
  await dialog.getByLabel("First admin's email").fill(BOSS);
  await expectAccessible(page, 'the new company dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('table', { name: 'Companies' }).getByText('Northwind Films'),
  ).toBeVisible();

  // The superadmin sets a password and names the company, and sees a superadmin's menu.
  const boss = await acceptInvitation(browser, BOSS, 'boss-password-1', 'Company Name', {
    checked: true,
  });
  await boss.nameField.fill('Northwind Films Ltd');
  await boss.page.getByRole('button', { name: 'Save' }).click();
  await expect(boss.page).toHaveURL(/\/app$/);
  await skipGuideOnFirstVisit(boss.page);
  const bossMenu = menuOf(boss.page);
  for (const entry of ['Dashboard', 'Users List', 'Project List', 'Project Add']) {
    await expect(bossMenu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  for (const entry of ['Company List', 'Internal Users List', 'Promoted Contents']) {
    await expect(bossMenu.getByRole('link', { name: entry, exact: true })).toHaveCount(0);
  }

  // The superadmin invites a contributor, who cannot see the Users List.
  await bossMenu.getByRole('link', { name: 'Users List', exact: true }).click();
  await boss.page.getByRole('button', { name: 'Invite user' }).click();
  const invite = boss.page.getByRole('dialog', { name: 'Invite user' });
  await invite.getByLabel('Email').fill(WRITER);
  await choose(boss.page, 'Role', 'Contributors');
  await expectAccessible(boss.page, 'the invite user dialog');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(boss.page.getByRole('table', { name: 'Users' }).getByText(WRITER)).toBeVisible();
  await expectAccessible(boss.page, 'the users list');

  const writer = await acceptInvitation(browser, WRITER, 'writer-password-1', 'Full Name');
  await writer.nameField.fill('Wren Writer');
  await writer.page.getByRole('button', { name: 'Save' }).click();
  await expect(writer.page).toHaveURL(/\/app$/);
  await skipGuideOnFirstVisit(writer.page);
  await expect(
    menuOf(writer.page).getByRole('link', { name: 'Project List', exact: true }),
  ).toBeVisible();
  await expect(
    menuOf(writer.page).getByRole('link', { name: 'Users List', exact: true }),
  ).toHaveCount(0);
  await writer.page.goto('/app/users-list');
  await expect(writer.page.getByText('Oops, page not found')).toBeVisible();

  // Root reads what happened in the activity log.
  await page.goto('/app/activity-log');
  const log = page.getByRole('table', { name: 'Activity log' });
  await expect(log.getByText('Created the company "Northwind Films"')).toBeVisible();
  await expect(log.getByText(`Invited ${WRITER} as contributor`)).toBeVisible();
  await expect(log.getByText('Named the company "Northwind Films Ltd"')).toBeVisible();
  await expectAccessible(page, 'the activity log');
});

test('the register form says the passwords differ as soon as the retype does', async ({ page }) => {
  await page.goto('/register');
  const password = page.getByLabel('Password', { exact: true });
  const retype = page.getByLabel('Retype Password');
  const mismatch = page.getByText('Passwords dont match');

  // Before the other fields, and without a submit.
  await password.fill('maya-password-1');
  await retype.pressSequentially('maya-password-2');
  await expect(mismatch).toBeVisible();
  await expect(retype).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the register page with a mismatch');

  await retype.press('Backspace');
  await retype.press('1');
  await expect(mismatch).toBeHidden();
  await password.fill('maya-password-3');
  await expect(mismatch).toBeVisible();
  await password.fill('maya-password-1');
  await expect(mismatch).toBeHidden();
  await expect(page.getByText('Required')).toHaveCount(0);
});

test('a new creator signs up, forgets the password and renews it through the mailed link', async ({
  page,
}) => {
  const email = 'maya@creators.test';
  await page.goto('/');
  await page.getByRole('link', { name: /Create an account/ }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Username').fill('Maya Cruz');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('maya-password-1');
  await page.getByLabel('Retype Password').fill('maya-password-2');
  await page.getByLabel(/terms/).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Passwords dont match')).toBeVisible();
  await page.getByLabel('Retype Password').fill('maya-password-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await skipGuideOnFirstVisit(page);
  await expectAccessible(page, 'the dashboard of a new account');

  // The profile, from the account menu.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Profile' });
  await expect(profile).toContainText(email);
  await expectAccessible(page, 'the profile drawer');
  await profile.getByRole('button', { name: 'Close profile' }).click();
  await expect(profile).toBeHidden();

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText("Reset link has been sent to Your'e email")).toBeVisible();
  await expectAccessible(page, 'the forgot password page with its confirmation');

  const { link, subject } = await lastMailTo(email);
  expect(subject).toBe('Reset your Plotline password');
  await page.goto(link);
  await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the renew password page');
  await page.getByLabel('New Password', { exact: true }).fill('maya-renewed-password');
  await page.getByLabel('Retype New Password').fill('maya-renewed-password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Change saved!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await signInToDashboard(page, { email, password: 'maya-renewed-password' });

  // The link works once.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('maya-third-password');
  await page.getByLabel('Retype New Password').fill('maya-third-password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This link is invalid or has expired')).toBeVisible();
});
