import { ACCESS_TOKEN_HEADER } from '@plotline/core';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { signIn, signInToDashboard, storeSession } from '../support/sign-in.ts';

// Each screen is checked for accessibility in four looks (support/axe.ts).
test.describe.configure({ timeout: 90_000 });

test('root signs in, sees the whole menu, switches to dark and Arabic, and signs out', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await signInToDashboard(page);
  await expectAccessible(page, 'the dashboard of root');

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const entry of [
    'Dashboard',
    'Company List',
    'Users List',
    'Internal Users List',
    'Project List',
    'Project Add',
    'Promoted Contents',
    'Segment Management',
  ]) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }

  await menu.getByRole('link', { name: 'Company List', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/company-list$/);
  await expect(page.getByRole('heading', { name: 'Company List', level: 1 })).toBeVisible();
  await expectAccessible(page, 'the company list');

  const search = page.getByRole('combobox', { name: 'Search' });
  await search.fill('list');
  await expect(page.getByRole('option')).toHaveCount(5);
  await expectAccessible(page, "the menu search's suggestions");
  await search.fill('  INTERNAL ');
  await expect(page.getByRole('option')).toHaveCount(1);
  await search.press('Enter');
  await expect(page).toHaveURL(/\/app\/internal-users-list$/);
  await expectAccessible(page, 'the internal users list');

  await page.getByRole('button', { name: 'Toggle dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'dark');

  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

  // The choices survive a reload: they are persisted with the session.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'dark');

  await page.getByRole('button', { name: /Account|الحساب/ }).click();
  await page.getByRole('menuitem', { name: /Log out|تسجيل الخروج/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel(/Email|البريد/)).toBeVisible();

  // The token was revoked: going back into the studio needs a new sign-in.
  await page.goto('/app/company-list');
  await expect(page).toHaveURL(/\/$/);
  expect(violations).toEqual([]);
});

test('a wrong password shows the server message in a dismissible banner', async ({ page }) => {
  await signIn(page, { email: E2E_ADMIN.email, password: 'not-the-password' });
  const banner = page.getByRole('alert').filter({ hasText: 'Wrong email or password' });
  await expect(banner).toBeVisible();
  await expectAccessible(page, "the sign-in page with the server's refusal");
  await banner.getByRole('button', { name: /close/i }).click();
  await expect(banner).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test('the sign-in form checks its fields before calling the server', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expectAccessible(page, "the sign-in page with its fields' errors");
});

test('an unknown /app path shows the 404 page without the app frame', async ({ page }) => {
  await storeSession(page.context());
  await page.goto('/app/x');
  await expect(page.getByText('Oops, page not found')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expectAccessible(page, 'the not-found page');
  await page
    .getByRole('link', { name: 'Back to dashboard' })
    .or(page.getByRole('button', { name: 'Back to dashboard' }))
    .click();
  await expect(page).toHaveURL(/\/app$/);
});

test('a signed-out visit to /app/project-list lands on / and returns there after sign-in', async ({
  page,
}) => {
  await page.goto('/app/project-list');
  await expect(page).toHaveURL(/\/$/);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/project-list$/);
});

test('/login?next= names the page to land on after sign-in, a whole studio path too', async ({
  page,
}) => {
  await page.goto('/login?next=%2Fapp%2Fproject-list');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/project-list$/);
});

test("during maintenance the sign-in screen shows the operator's message above the form, and root still signs in", async ({
  page,
  request,
}) => {
  const login = await request.post('/api/v1.6/auth/login', {
    data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  const root = {
    [ACCESS_TOKEN_HEADER]: ((await login.json()) as { data: { token: string } }).data.token,
  };
  const message = 'Back at six with the new player';
  expect(
    (await request.put('/api/maintenance', { headers: root, data: { on: true, message } })).ok(),
  ).toBe(true);
  try {
    await page.goto('/login');
    const notice = page.getByRole('status').filter({ hasText: message });
    await expect(notice).toContainText('Only the operator can sign in until it is over.');
    const noticeBox = (await notice.boundingBox())!;
    const emailBox = (await page.getByLabel('Email').boundingBox())!;
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(emailBox.y);
    await expectAccessible(page, 'the sign-in screen during maintenance');
    await signInToDashboard(page);
  } finally {
    await request.put('/api/maintenance', { headers: root, data: { on: false } });
  }
});
