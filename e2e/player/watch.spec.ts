import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { resolveFfmpeg } from '../../apps/server/src/adapters/ffmpeg/resolve-ffmpeg.ts';
import { makeTestClip } from '../../apps/server/src/test/test-media.ts';
import { createCompanyAdmin } from '../support/company-admin.ts';
import { createProjectInfo, PNG, sessionHeaders } from '../support/project-api.ts';
import { signIn } from '../support/sign-in.ts';
import { addCaptionedItems } from '../support/story-project.ts';

const SUBTITLE = '1\n00:00:00,000 --> 00:00:02,800\nDawn breaks over the forest\n';
const BANNER_BUTTON = 'Get tickets';

/**
 * The fork story, made through the API up to the storyline: the opening with an English subtitle
 * and a horizontal banner component from its first second, then the question with two answers.
 */
async function createForkStory(
  request: APIRequestContext,
  headers: Record<string, string>,
  clip: string,
) {
  const movieId = await createProjectInfo(request, headers, 'The fork in the road');
  const ids = await addCaptionedItems(request, headers, movieId, await readFile(clip));

  const subtitle = await request.post('/api/upload/subtitle', {
    headers,
    multipart: {
      movie_content_id: String(ids.get('opening.mp4')),
      language_id: '1',
      uploads: {
        name: 'opening.en.srt',
        mimeType: 'application/x-subrip',
        buffer: Buffer.from(SUBTITLE),
      },
    },
  });
  expect(subtitle.ok(), await subtitle.text()).toBe(true);

  const image = await request.post('/api/upload/banner/horizontal', {
    headers,
    multipart: {
      movieId: String(movieId),
      uploads: { name: 'banner.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(image.ok(), await image.text()).toBe(true);
  const banner = await request.post('/api/media/banner', {
    headers,
    data: {
      movie_id: movieId,
      url: 'https://tickets.example/fork',
      button_text: BANNER_BUTTON,
      button_color: '#1b5e20',
      button_text_color: '#ffffff',
    },
  });
  expect(banner.ok(), await banner.text()).toBe(true);

  const plot = (id: number, parent: number | null, item: string) => ({
    movie_plot_id: id,
    movie_content_id: ids.get(item),
    parent_id: parent,
    locked: '0',
    duration: 0,
    banner: [] as { type: string; time_start: number }[],
  });
  const saved = await request.post('/api/movie-plot', {
    headers,
    data: {
      movie_id: movieId,
      version: 0,
      plots: [
        { ...plot(-1, null, 'opening.mp4'), banner: [{ type: 'horizontal', time_start: 1 }] },
        plot(-2, -1, 'question.mp4'),
        plot(-3, -2, 'left.mp4'),
        plot(-4, -2, 'right.mp4'),
      ],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return movieId;
}

interface SentBatch {
  status: number;
  types: string[];
}

let workDir: string;

test.beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'plotline-e2e-watch-'));
});

test.afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

test('a creator publishes the story and a viewer plays it through a choice to an ending, with subtitles and a banner, and the viewing is recorded', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const clip = path.join(workDir, 'scene.mp4');
  await makeTestClip(await resolveFfmpeg(), clip, { width: 320, height: 180, seconds: 3 });
  const admin = await createCompanyAdmin(request, {
    company: 'Fork Films',
    email: 'producer@fork-player.test',
    password: 'producer-password-1',
  });
  const headers = await sessionHeaders(request, admin);
  const movieId = await createForkStory(request, headers, clip);

  // Step 4 in the studio: the address suggested from the title, then Publish and its dialog.
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/app$/);
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
  const batches: Promise<SentBatch>[] = [];
  watch.on('request', (sent) => {
    if (sent.method() !== 'POST' || !sent.url().includes('/events')) return;
    const types = (JSON.parse(sent.postData() ?? '{}') as { events?: { type: string }[] }).events;
    batches.push(
      sent.response().then((answer) => ({
        status: answer?.status() ?? 0,
        types: (types ?? []).map((event) => event.type),
      })),
    );
  });
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
  await watch.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  await expect
    .poll(async () => (await Promise.all(batches)).flatMap((batch) => batch.types).sort(), {
      timeout: 20_000,
    })
    .toEqual(expect.arrayContaining(['choice', 'ending', 'node', 'start']));
  for (const batch of await Promise.all(batches)) expect(batch.status).toBe(204);
  await viewer.close();
});
