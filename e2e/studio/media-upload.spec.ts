import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { createProjectInfo, PNG } from '../support/project-api.ts';

// Uploading, then a transcode in the server's worker.
test.describe.configure({ timeout: 180_000 });
test.use({ clipSpec: { name: 'opening-scene.mp4', width: 640, height: 360, seconds: 3 } });

test('a creator uploads a clip with visible progress, sees it transcode to ready, and a picture refused', async ({
  studio: page,
  request,
  adminHeaders,
  clip,
}) => {
  // Step 1 is its own journey (project-wizard.spec.ts): this one starts on step 2 of a project
  // whose step 1 is complete.
  const movieId = await createProjectInfo(request, adminHeaders, 'Opening night');

  await page.goto(`/app/project-create/${movieId}?step=2`);
  await expect(page.getByRole('heading', { name: 'Project Create', level: 1 })).toBeVisible();

  const box = page.getByRole('region', { name: 'Upload clips' });
  await box.getByLabel('Choose files').setInputFiles(clip);
  await expect(box.getByRole('listitem')).toContainText('opening-scene.mp4');
  await expectAccessible(page, 'wizard step 2, a file chosen for upload');

  // A slow uplink, so the upload takes long enough to watch its progress.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 48 * 1024,
  });
  await box.getByRole('button', { name: 'Upload' }).click();
  const progress = box.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { intervals: [100] })
    .toBeGreaterThan(0);
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);
  await expect(box.getByText(/^\d{1,2}%$/)).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const item = page.getByRole('listitem', { name: 'opening-scene.mp4' });
  await expect(item).toBeVisible();
  await expect(box.getByText('No files chosen')).toBeVisible();

  // The page asks for the status every 15 s; a reload asks at once.
  await expect(async () => {
    await page.reload();
    await expect(item).toHaveAttribute('data-look', 'ready', { timeout: 3_000 });
  }).toPass({ timeout: 150_000, intervals: [2_000] });
  const thumbnail = item.getByRole('img', { name: 'Thumbnail of opening-scene.mp4' });
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(item.getByText('Ready · 0:03')).toBeVisible();

  // A picture named like a video is refused by its content: in a toast and in the box.
  await box.getByLabel('Choose files').setInputFiles({
    name: 'not-a-video.mp4',
    mimeType: 'video/mp4',
    buffer: PNG,
  });
  await box.getByRole('button', { name: 'Upload' }).click();
  const refusal = 'not-a-video.mp4: This file is a still image, not a video.';
  await expect(box.getByRole('alert')).toHaveText(refusal);
  await expect(page.getByText(refusal)).toHaveCount(2);
  await expect(page.getByRole('listitem', { name: 'not-a-video.mp4' })).toHaveCount(0);
  await expectAccessible(page, 'wizard step 2, an upload refused');
});
