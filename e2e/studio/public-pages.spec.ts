import { MESSAGES } from '@plotline/core';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { sessionHeaders } from '../support/project-api.ts';
import { signIn, signInToDashboard, storeSession } from '../support/sign-in.ts';

// Each screen is checked for accessibility in four looks (support/axe.ts).
test.describe.configure({ timeout: 90_000 });

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('a visitor reads the terms and leaves an address on the coming-soon page, which staff find in the back office', async ({
  page,
}) => {
  await page.goto('/terms-conditions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expectAccessible(page, 'the terms');

  const address = `news-${test.info().testId}@visitor.test`;
  await page.goto('/coming-soon');
  await page.getByLabel('Email').fill(address.toUpperCase());
  await expectAccessible(page, 'the coming-soon page');
  await page.getByRole('button', { name: 'Keep me posted' }).click();
  await expect(page.getByText("You're on the list")).toBeVisible();
  // Stored lower-cased; the address is isolated in the sentence (it may run the other way).
  await expect(page.getByText(/^We will write to .+ when we launch\.$/)).toContainText(address);

  // The root user sees it among the news sign-ups, stored once and lower-cased.
  await storeSession(page.context());
  await page.goto('/app');
  await menuOf(page).getByRole('link', { name: 'News Sign-ups', exact: true }).click();
  await expect(page.getByRole('cell', { name: address, exact: true })).toBeVisible();
  await expectAccessible(page, 'the news sign-ups');
});

test('the root user switches maintenance on: a company administrator cannot sign in and reads the maintenance page, until it is switched off', async ({
  browser,
  page,
  request,
  admin,
}) => {
  await storeSession(page.context());
  await page.goto('/app');
  await page.getByRole('button', { name: 'Switch on…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Switch maintenance mode on?' });
  await confirm.getByRole('button', { name: 'Switch on' }).click();
  await expect(page.getByText('Maintenance mode is on').first()).toBeVisible();
  await expectAccessible(page, 'the dashboard in maintenance');

  try {
    const other = await browser.newContext({ locale: 'en-US' });
    const visitor = await other.newPage();
    await signIn(visitor, admin);
    await expect(visitor.getByText(MESSAGES.underMaintenance)).toBeVisible();
    await visitor.goto('/maintenance');
    await expect(visitor.getByRole('heading', { name: 'Under maintenance' })).toBeVisible();
    await expectAccessible(visitor, 'the maintenance page');
    await other.close();

    // The banner and the dashboard's card both offer the switch.
    await page.getByRole('button', { name: 'Switch off…' }).first().click();
    const off = page.getByRole('dialog', { name: 'Switch maintenance mode off?' });
    await off.getByRole('button', { name: 'Switch off' }).click();
    await expect(page.getByRole('button', { name: 'Switch on…' })).toBeVisible();
  } finally {
    // Whatever failed above, the journeys after this one need the studio open.
    const root = await sessionHeaders(request, E2E_ADMIN);
    await request.put('/api/maintenance', { headers: root, data: { on: false } });
  }

  // Open again: the administrator signs in.
  const again = await browser.newContext({ locale: 'en-US' });
  const back = await again.newPage();
  await signInToDashboard(back, admin);
  await again.close();
});
