import { writeFile } from 'node:fs/promises';
import type { SegmentRow } from '@plotline/core';
import type { Browser, Page } from '@playwright/test';
import { E2E_CLOCK_OFFSET_FILE } from '../../playwright.config.ts';
import { expectAccessible } from '../support/axe.ts';
import { createCompanyAdmin } from '../support/company-admin.ts';
import { expect, test } from '../support/fixtures.ts';
import { sessionHeaders } from '../support/project-api.ts';
import { storeSession } from '../support/sign-in.ts';
import { createForkStory } from '../support/story-project.ts';
import { leaveWatchPage, trackEventBatches } from '../support/viewer.ts';

const HOUR_MS = 3_600_000;
const SLUG = 'pocket-fork';
const TITLE = 'The fork in the road';

/** Moves the server's clock ahead of the real one (CLOCK_OFFSET_FILE, read by the server). */
const setServerClockAhead = (milliseconds: number) =>
  writeFile(E2E_CLOCK_OFFSET_FILE, String(milliseconds));

/** A viewer of the reference app on `platform`, in a browser context of their own. */
async function appViewer(browser: Browser, platform: 'android' | 'ios') {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`/m?platform=${platform}`);
  await expect(page.getByRole('heading', { name: 'Latest' })).toBeVisible();
  return page;
}

/** The app's promoted carousel ("Featured") as `page` shows it after a reload. */
async function featuredTitles(page: Page): Promise<string[]> {
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Latest' })).toBeVisible();
  const featured = page.getByRole('region', { name: 'Featured' });
  if ((await featured.count()) === 0) return [];
  return featured.getByRole('link').allInnerTexts();
}

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test.afterEach(() => setServerClockAhead(0));

test('a platform promotes a story to Android viewers from the next hour: the app shows it to them once the window opens and never on iOS; a viewer’s choice moves a segment’s count', async ({
  browser,
  page,
  request,
  adminHeaders,
  clip,
}) => {
  test.setTimeout(180_000);
  // A creator's company publishes its story on the mobile app channel.
  const movieId = await createForkStory(request, adminHeaders, clip);
  const settings = await request.post('/api/movie', {
    headers: adminHeaders,
    data: { movieId, slug: SLUG, app_channel_on: 1 },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const published = await request.post(`/api/movie/${movieId}/publish`, { headers: adminHeaders });
  expect(published.ok(), await published.text()).toBe(true);

  // The platform company that operates the app, and two of its viewers: both see the story in the
  // feed, and nothing is promoted yet.
  const operator = await createCompanyAdmin(request, {
    company: 'Pocket Stories',
    type: 'platform',
    email: `operator-${test.info().testId}@pocket.test`,
    password: 'pocket-password-1',
  });
  const android = await appViewer(browser, 'android');
  const ios = await appViewer(browser, 'ios');
  await expect(android.getByRole('link', { name: new RegExp(TITLE) })).toBeVisible();
  expect(await featuredTitles(android)).toEqual([]);

  // The platform's administrator promotes it for Android viewers from the next full hour.
  await storeSession(page.context(), operator);
  await page.goto('/app');
  await menuOf(page).getByRole('link', { name: 'Promoted Contents', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Add content' }).first()).toBeVisible();
  await expectAccessible(page, 'Promoted Contents, empty');
  await page.getByRole('link', { name: 'Add content' }).first().click();
  await expect(page).toHaveURL(/\/app\/promoted\/select/);
  await page.getByRole('searchbox', { name: 'Search projects' }).fill('fork');
  // The search reaches the list after a pause in typing: the page checked is its answer.
  await expect(page).toHaveURL(/[?&]search=fork/);
  await expectAccessible(page, 'Promoted Contents, Select');
  await page.getByRole('button', { name: `Promote ${TITLE}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Promote content' });
  const nextHour = await page.evaluate(() => {
    const start = new Date();
    start.setHours(start.getHours() + 1, 0, 0, 0);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}T${pad(start.getHours())}:00`;
  });
  await dialog.getByLabel('Starts').fill(nextHour);
  await dialog.getByRole('combobox', { name: 'Segments' }).click();
  await page.getByRole('option', { name: /^Android viewers/ }).click();
  await expectAccessible(page, 'the promote dialog');
  await dialog.getByRole('button', { name: 'Promote' }).click();
  await expect(page).toHaveURL(/\/app\/promoted$/);
  const row = page.getByRole('listitem').filter({ hasText: TITLE });
  await expect(row.getByText('Scheduled')).toBeVisible();
  await expect(row.getByText('Android viewers')).toBeVisible();
  await expectAccessible(page, 'Promoted Contents with a scheduled item');

  // Before the window opens, neither viewer is shown it.
  expect(await featuredTitles(android)).toEqual([]);
  expect(await featuredTitles(ios)).toEqual([]);

  // An hour later by the server's clock: the Android viewer sees it first, the iOS viewer never.
  await setServerClockAhead(HOUR_MS + 60_000);
  await expect.poll(() => featuredTitles(android)).toEqual([expect.stringContaining(TITLE)]);
  expect(await featuredTitles(ios)).toEqual([]);
  await page.reload();
  await expect(row.getByText('Live')).toBeVisible();

  // A segment of the viewers who took the left path, built with the pickers: none yet.
  const watch = (await (await request.get(`/api/watch/${SLUG}`)).json()) as {
    data: {
      items: { movie_content_id: number; captions: Record<string, string> }[];
      plot: { id: number; movie_content_id: number }[];
    };
  };
  const leftItem = watch.data.items.find((item) => item.captions['1'] === 'Take the left path');
  const leftOption = watch.data.plot.find(
    (node) => node.movie_content_id === leftItem?.movie_content_id,
  );
  expect(leftOption, 'the left option in the published plot').toBeDefined();

  await menuOf(page).getByRole('link', { name: 'Segment Management', exact: true }).click();
  await expectAccessible(page, 'Segment Management');
  await page.getByRole('link', { name: 'Add segment' }).click();
  await page.getByLabel('Name').fill('Took the left path');
  await page.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: 'Chose option' }).click();
  await page.getByRole('combobox', { name: 'Project', exact: true }).fill('fork');
  await page.getByRole('option', { name: TITLE }).click();
  await page.getByRole('combobox', { name: 'Option', exact: true }).click();
  await page.getByRole('option', { name: 'Take the left path' }).click();
  await expect(page.getByText('0 viewers match these rules now.')).toBeVisible();
  await expectAccessible(page, 'the rule builder');
  await page.getByRole('button', { name: 'Create' }).click();
  // Picked by names, stored by the option's id.
  const saved = await request.get('/api/segment', {
    headers: await sessionHeaders(request, operator),
  });
  const custom = ((await saved.json()) as { data: SegmentRow[] }).data.find(
    (row) => row.name === 'Took the left path',
  );
  expect(custom?.rules).toEqual({
    match: 'all',
    conditions: [{ field: 'chose', op: 'eq', value: leftOption!.id }],
  });
  // Its row: name, rule, viewers, promoted contents, last change.
  const viewers = page
    .getByRole('row')
    .filter({ hasText: 'Took the left path' })
    .getByRole('cell')
    .nth(2);
  await expect(viewers).toHaveText('0');

  // The Android viewer plays the promoted story in the app and takes the left path.
  const batches = trackEventBatches(android);
  await android.getByRole('region', { name: 'Featured' }).getByRole('link').first().click();
  await expect(android).toHaveURL(new RegExp(`/m/p/${SLUG}$`));
  await android.getByRole('button', { name: 'Play' }).click();
  await android
    .getByRole('region', { name: 'Choices' })
    .getByRole('button', { name: 'Take the left path' })
    .click({ timeout: 30_000 });
  await expect(android.getByRole('button', { name: 'Replay' })).toBeVisible({ timeout: 20_000 });
  await leaveWatchPage(android);
  await expect
    .poll(async () => (await batches.sent()).flatMap((batch) => batch.types), { timeout: 20_000 })
    .toContain('choice');
  for (const batch of await batches.sent()) expect(batch.status).toBe(204);

  // The segment's count moves to one.
  await expect
    .poll(
      async () => {
        await page.reload();
        return viewers.innerText();
      },
      { timeout: 20_000 },
    )
    .toBe('1');
  await android.context().close();
  await ios.context().close();
});
