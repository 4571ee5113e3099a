import { expect, test } from '../support/fixtures.ts';
import { BANNER_BUTTON, createForkStory } from '../support/story-project.ts';
import { leaveWatchPage, trackEventBatches } from '../support/viewer.ts';

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
