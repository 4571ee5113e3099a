import path from 'node:path';
import { resolveFfmpeg } from '../../apps/server/src/adapters/ffmpeg/resolve-ffmpeg.ts';
import { copyTestClip } from '../../apps/server/src/test/media-fixtures.ts';
import { createCompanyAdmin } from '../support/company-admin.ts';
import { expect, test } from '../support/fixtures.ts';
import { sessionHeaders } from '../support/project-api.ts';
import { publishAt } from '../support/twelve-plot-story.ts';
import { BANNER_BUTTON, createForkStory } from '../support/story-project.ts';
import { leaveWatchPage, trackEventBatches } from '../support/viewer.ts';
import { words as ar } from '../../apps/player/src/i18n/locales/ar.ts';
import { en } from '../../apps/player/src/i18n/words.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';

test.describe.configure({ timeout: 300_000 });

test('a creator publishes the story and a viewer plays it through a choice to an ending, with subtitles and a banner, and the viewing is recorded', async ({
  studio: page,
  browser,
  request,
  adminHeaders,
  clip,
}) => {
  const movieId = await createForkStory(request, adminHeaders, clip);

  // Step 4 in the studio: the address suggested from the title, then Publish and its dialog.
  await page.goto(`/app/project-create/${movieId}?step=4`);
  await expect(page.getByRole('textbox', { name: 'Video URL' })).toHaveValue(
    'the-fork-in-the-road',
  );
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish Project' });
  await expect(dialog).toContainText(
    'Once a project is published, it can’t be changed or edited in the future. Proceed publishing project?',
  );
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Your project is published')).toBeVisible();

  // A viewer, signed out, in a browser of their own.
  const viewer = await browser.newContext({ locale: 'en-US' });
  const watch = await viewer.newPage();
  const batches = trackEventBatches(watch);
  await watch.goto('/watch/the-fork-in-the-road');
  await watch.getByRole('button', { name: 'Play' }).click();

  // The opening: its English subtitle on screen, and the banner from its first second.
  await expect
    .poll(() =>
      watch.evaluate(() =>
        Array.from(document.querySelector('video')?.textTracks ?? []).some(
          (track) =>
            track.mode === 'showing' &&
            Array.from(track.activeCues ?? []).some((cue) =>
              (cue as VTTCue).text.includes('Dawn breaks over the forest'),
            ),
        ),
      ),
    )
    .toBe(true);
  const bannerLink = watch.getByRole('link', { name: BANNER_BUTTON });
  await expect(bannerLink).toBeVisible();
  await expect(bannerLink).toHaveAttribute('href', 'https://tickets.example/fork');

  // The question's two options, labelled by their captions; the viewer takes the left path.
  const choices = watch.getByRole('region', { name: 'Choices' });
  await expect(choices.getByRole('button', { name: 'Take the right path' })).toBeVisible({
    timeout: 20_000,
  });
  await choices.getByRole('button', { name: 'Take the left path' }).click();
  await expect(watch.getByRole('button', { name: 'Replay' })).toBeVisible({ timeout: 20_000 });
  // Sharing is on unless the creator turned it off.
  await expect(watch.getByRole('button', { name: 'Share' })).toBeVisible();

  // Leaving the page sends what is left as a beacon; every batch is taken.
  await leaveWatchPage(watch);
  await expect
    .poll(async () => (await batches.sent()).flatMap((batch) => batch.types).sort(), {
      timeout: 20_000,
    })
    .toEqual(expect.arrayContaining(['choice', 'ending', 'node', 'start']));
  for (const batch of await batches.sent()) expect(batch.status).toBe(204);
  await viewer.close();
});

test.describe('what a visit costs before Play', () => {
  // The 720p story of the issue: the whole opening at 720p is several megabytes.
  test.use({ clipSpec: { name: 'scene.mp4', width: 1280, height: 720, seconds: 4 } });

  test('before Play the page loads its code, the playlists, the poster and at most the lowest rung’s first segment: under 1 MB', async ({
    browser,
    request,
    adminHeaders: headers,
    clip,
  }) => {
    const movieId = await createForkStory(request, headers, clip);
    const settings = await request.post('/api/movie', {
      headers,
      data: { movieId, slug: 'before-play' },
    });
    expect(settings.ok(), await settings.text()).toBe(true);
    const published = await request.post(`/api/movie/${movieId}/publish`, { headers });
    expect(published.ok(), await published.text()).toBe(true);

    const viewer = await browser.newContext();
    const watch = await viewer.newPage();
    const loaded: { url: string; bytes: number }[] = [];
    watch.on('requestfinished', async (finished) => {
      const sizes = await finished.sizes();
      loaded.push({
        url: finished.url(),
        bytes: sizes.responseHeadersSize + sizes.responseBodySize,
      });
    });
    const segments = () => loaded.filter(({ url }) => new URL(url).pathname.endsWith('.ts'));
    await watch.goto('/watch/before-play');
    await expect(watch.getByRole('button', { name: 'Play' })).toBeVisible();
    // Left alone: whatever the page fetches unasked has been fetched by then.
    await watch.waitForLoadState('networkidle');
    await watch.waitForTimeout(1500);

    const beforePlay = [...loaded];
    const total = beforePlay.reduce((sum, { bytes }) => sum + bytes, 0);
    expect(total, beforePlay.map(({ url, bytes }) => `${bytes} ${url}`).join('\n')).toBeLessThan(
      1_000_000,
    );
    expect(beforePlay.some(({ url }) => url.endsWith('master.m3u8'))).toBe(true);
    expect(
      beforePlay.some(({ url }) => /poster/.test(url) || /\.(jpe?g|webp|png)$/.test(url)),
    ).toBe(true);
    const early = segments().map(({ url }) => url);
    expect(early.length).toBeLessThanOrEqual(1);
    // The ladder of a 720p source is 720p, 480p and 360p: only the lowest's first segment.
    for (const url of early) expect(url).toMatch(/\/360p\/segment-0000\.ts$/);

    // Play: the video moves, and the segment fetched ahead is handed over, not fetched again.
    await watch.getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(() => watch.evaluate(() => document.querySelector('video')!.currentTime))
      .toBeGreaterThan(1);
    const urls = segments().map(({ url }) => url);
    for (const url of early) expect(urls.filter((fetched) => fetched === url)).toHaveLength(1);
    expect(urls.length).toBeGreaterThan(early.length);
    await viewer.close();
  });
});

test.describe('the player for every viewer', () => {
  // Both journeys only watch the story: one story, made once for them, through the API.
  /** Its address: of the worker's own, as a worker started again after a failure makes it again. */
  let slug = '';

  test.beforeAll(async ({ playwright, baseURL }, testInfo) => {
    testInfo.setTimeout(120_000);
    slug = `for-every-viewer-${testInfo.workerIndex}`;
    const request = await playwright.request.newContext({ baseURL });
    try {
      const admin = await createCompanyAdmin(request, {
        company: 'Every Viewer Films',
        email: `admin-${testInfo.workerIndex}-${Date.now()}@every-viewer.test`,
        password: 'journey-password-1',
      });
      const headers = await sessionHeaders(request, admin);
      const clip = await copyTestClip(
        { width: 320, height: 180, seconds: 3 },
        path.join(testInfo.outputPath(), 'scene.mp4'),
        { binaries: await resolveFfmpeg() },
      );
      const movieId = await createForkStory(request, headers, clip);
      await publishAt(request, headers, movieId, slug);
    } finally {
      await request.dispose();
    }
  });

  const LOOKS = [
    { colorScheme: 'light', locale: 'en-US', words: en },
    { colorScheme: 'dark', locale: 'en-US', words: en },
    { colorScheme: 'light', locale: 'ar-EG', words: ar },
    { colorScheme: 'dark', locale: 'ar-EG', words: ar },
  ] as const;

  test('start, choices and ending pass axe-core in light and dark, English and Arabic, with the focus in the controls from Play on', async ({
    browser,
  }) => {
    for (const { colorScheme, locale, words } of LOOKS) {
      const look = `${colorScheme}, ${locale}`;
      const viewer = await browser.newContext({ colorScheme, locale });
      const watch = await viewer.newPage();
      await watch.goto(`/watch/${slug}`);
      // The browser's language: Arabic right to left.
      const html = watch.locator('html');
      await expect(html).toHaveAttribute('lang', locale.slice(0, 2));
      await expect(html).toHaveAttribute('dir', locale === 'ar-EG' ? 'rtl' : 'ltr');
      const play = watch.getByRole('button', { name: words.play });
      await expect(play).toBeVisible();
      await expectNoSeriousViolations(watch, `the player's start (${look})`);

      // From the keyboard: Play, then the focus is on Pause, never on the page.
      await play.focus();
      await watch.keyboard.press('Enter');
      await expect(watch.getByRole('button', { name: words.pause })).toBeFocused();
      const choices = watch.getByRole('region', { name: words.choices });
      const left = choices.getByRole('button', { name: 'Take the left path' });
      await expect(left).toBeFocused({ timeout: 20_000 });
      await expect(watch.getByRole('slider', { name: words.seek })).toBeVisible();
      await expect(watch.getByRole('slider', { name: words.volume })).toBeVisible();
      await expectNoSeriousViolations(watch, `the player with its choices (${look})`);

      await watch.keyboard.press('Enter');
      await expect(watch.getByRole('button', { name: words.pause })).toBeFocused();
      const replay = watch.getByRole('button', { name: words.replay });
      await expect(replay).toBeFocused({ timeout: 20_000 });
      expect(await watch.evaluate(() => document.activeElement !== document.body)).toBe(true);
      await expectNoSeriousViolations(watch, `the player's ending (${look})`);
      await viewer.close();
    }
  });

  test('without the Fullscreen API (iPhone Safari), full screen covers the viewport with the choices and the banner over the video', async ({
    browser,
  }) => {
    const viewport = { width: 1280, height: 800 };
    const viewer = await browser.newContext({ locale: 'en-US', viewport });
    await viewer.addInitScript(() => {
      delete (Element.prototype as Partial<Element>).requestFullscreen;
    });
    const watch = await viewer.newPage();
    await watch.goto(`/watch/${slug}`);
    const player = watch.locator('.player');
    // 16:9 in a 16:10 window: letterboxed.
    expect((await player.boundingBox())?.height).toBeLessThan(viewport.height - 40);

    await watch.getByRole('button', { name: en.play }).click();
    await watch.getByRole('button', { name: en.fullScreen }).click();
    await expect(watch.getByRole('button', { name: en.exitFullScreen })).toBeVisible();
    await expect
      .poll(() => player.boundingBox())
      .toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    await expect(watch.getByRole('link', { name: BANNER_BUTTON })).toBeInViewport();
    const choice = watch
      .getByRole('region', { name: en.choices })
      .getByRole('button', { name: 'Take the right path' });
    await expect(choice).toBeInViewport({ timeout: 20_000 });
    // On top: what is at the choice's centre is the choice.
    const box = (await choice.boundingBox())!;
    expect(
      await watch.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, {
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
      }),
    ).toBe('Take the right path');

    await watch.keyboard.press('Escape');
    await expect(watch.getByRole('button', { name: en.fullScreen })).toBeVisible();
    expect((await player.boundingBox())?.height).toBeLessThan(viewport.height - 40);
    await viewer.close();
  });
});
