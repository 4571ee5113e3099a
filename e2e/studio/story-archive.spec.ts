import path from 'node:path';
import { DOWNLOAD_TICKET_PATH } from '@plotline/core';
import { expectAccessible } from '../support/axe.ts';
import { createCompanyAdmin } from '../support/company-admin.ts';
import { expect, test } from '../support/fixtures.ts';
import { sessionHeaders } from '../support/project-api.ts';
import { storeSession } from '../support/sign-in.ts';
import { BANNER_BUTTON, waitUntilTranscoded } from '../support/story-project.ts';
import { createTwelvePlotStory, publishAt } from '../support/twelve-plot-story.ts';
import { watchPath } from '../support/watch-path.ts';

test.describe.configure({ timeout: 420_000 });
// Short clips: the paths below play five and three of them.
test.use({ clipSpec: { name: 'scene.mp4', width: 320, height: 180, seconds: 2 } });

/** Two paths through the twelve plots: left then right (two choices), and the opening again. */
const PATHS = [['Take the left path', 'Take the right path'], ['The forest at dawn']] as const;

test('a published twelve-plot story, exported from the studio and imported into another company, plays the same paths with the same captions, subtitles and banner', async ({
  studio: page,
  browser,
  request,
  adminHeaders,
  clip,
  mediaDir,
}, testInfo) => {
  const movieId = await createTwelvePlotStory(request, adminHeaders, clip);
  await publishAt(request, adminHeaders, movieId, 'archive-original');

  // The creator exports it from the project's detail page.
  await page.goto(`/app/project-list/project-detail/${movieId}`);
  const exportButton = page.getByRole('button', { name: 'Export', exact: true });
  await expect(exportButton).toBeVisible();
  await expectAccessible(page, 'the project detail page with its Export action');
  // The browser saves it itself from a single-use ticket's address: the page never fetches it.
  const pageFetches: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'fetch') pageFetches.push(new URL(sent.url()).pathname);
  });
  const downloading = page.waitForEvent('download');
  await exportButton.click();
  const download = await downloading;
  expect(new URL(download.url()).pathname).toBe(DOWNLOAD_TICKET_PATH);
  expect(download.suggestedFilename()).toBe(`plotline-story-${movieId}.zip`);
  const archive = path.join(mediaDir, download.suggestedFilename());
  await download.saveAs(archive);
  await expect(
    page.getByRole('status').filter({ hasText: 'The browser is downloading the story archive' }),
  ).toBeAttached();
  expect(pageFetches).toContain('/api/downloads');
  expect(pageFetches).not.toContain(`/api/movie/${movieId}/export`);
  // The ticket is spent.
  expect((await request.get(download.url())).status()).toBe(404);

  // The administrator of another company imports it from the project list.
  const other = await createCompanyAdmin(request, {
    company: 'Copy Films',
    email: `copy-${testInfo.testId}@journey.test`,
    password: 'journey-password-2',
  });
  const otherHeaders = await sessionHeaders(request, other);
  const studio = await browser.newContext();
  await storeSession(studio, other);
  const otherPage = await studio.newPage();
  await otherPage.goto('/app/project-list');
  await otherPage.getByRole('button', { name: 'Import a story' }).click();
  const dialog = otherPage.getByRole('dialog', { name: 'Import a story' });
  // A file that only looks like an archive: refused by the server, its reason in the dialog.
  await dialog.getByLabel('Choose a zip file').setInputFiles({
    name: 'not-a-story.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('these bytes are no zip'),
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The file is not a zip archive');
  await expectAccessible(otherPage, 'the Import a story dialog with a refused archive');
  await dialog.getByLabel('Choose a zip file').setInputFiles(archive);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByText(download.suggestedFilename())).toBeVisible();
  await expectAccessible(otherPage, 'the Import a story dialog with an archive chosen');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(otherPage).toHaveURL(/\/app\/project-list\/project-detail\/\d+$/, {
    timeout: 60_000,
  });
  const copyId = Number(/(\d+)$/.exec(otherPage.url())![1]);
  expect(copyId).not.toBe(movieId);
  // A draft of the other company, titled as the original, without an address.
  await expect(otherPage.getByRole('heading', { name: 'The fork in the road' })).toBeVisible();
  await expect(otherPage.getByText('Draft', { exact: true })).toBeVisible();
  const mine = await request.get(`/api/movie/${copyId}`, { headers: adminHeaders });
  expect(mine.status()).toBe(404);
  await studio.close();

  await waitUntilTranscoded(request, otherHeaders, copyId);
  await publishAt(request, otherHeaders, copyId, 'archive-copy');

  // The same paths on both pages: the same options at each choice, subtitle and banner.
  const seen = [];
  for (const choices of PATHS) {
    const original = await watchPath(browser, 'archive-original', choices);
    expect(await watchPath(browser, 'archive-copy', choices)).toEqual(original);
    seen.push(original);
  }
  for (const { subtitle, banner } of seen) {
    expect(subtitle).toBe('Dawn breaks over the forest');
    expect(banner).toEqual({
      kind: 'banner-horizontal',
      text: BANNER_BUTTON,
      href: 'https://tickets.example/fork',
    });
  }
  expect(seen.map(({ choices }) => choices)).toEqual([
    [
      ['Take the left path', 'Take the right path', 'The forest at dawn'],
      ['Take the left path', 'Take the right path'],
    ],
    [['Take the left path', 'Take the right path', 'The forest at dawn']],
  ]);
});
