import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { TUS_UPLOAD_PATH } from '@plotline/core';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import type { FfmpegBinaries } from '../../apps/server/src/adapters/ffmpeg/resolve-ffmpeg.ts';
import { copyTestClip } from '../../apps/server/src/test/media-fixtures.ts';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { createProjectInfo } from '../support/project-api.ts';

const MIB = 1024 * 1024;
const BIG_FILE_BYTES = 200 * MIB;
const BIG_NAME = 'long-take.mp4';

/**
 * A real video of exactly `bytes`: a short clip made with ffmpeg, then an ISO BMFF `free` box up to
 * the size, which players and ffprobe skip. The box's zeros are a hole in the file, so 200 MB take
 * no time to write.
 */
async function paddedVideo(ffmpeg: FfmpegBinaries, file: string, bytes: number): Promise<void> {
  await copyTestClip({ width: 320, height: 180, seconds: 2 }, file, { binaries: ffmpeg });
  const handle = await open(file, 'r+');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(8);
    header.writeUInt32BE(bytes - size, 0);
    header.write('free', 4, 'latin1');
    await handle.write(header, 0, 8, size);
    await handle.truncate(bytes);
  } finally {
    await handle.close();
  }
}

interface TusRequest {
  method: string;
  offset: number | null;
}

/** The tus requests the page sends from now on. */
function recordTus(page: Page): TusRequest[] {
  const seen: TusRequest[] = [];
  page.on('request', (request: Request) => {
    if (!new URL(request.url()).pathname.startsWith(TUS_UPLOAD_PATH)) return;
    const offset = request.headers()['upload-offset'];
    seen.push({ method: request.method(), offset: offset === undefined ? null : Number(offset) });
  });
  return seen;
}

/**
 * Sets the page's uplink to so many bytes a second (-1: no limit) through Chromium's own network
 * emulation (intercepting the requests instead would copy every chunk through the test). One CDP
 * session, which outlives reloads: each session's limit would apply on top of the others'.
 */
async function uplink(page: Page): Promise<(bytesPerSecond: number) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  return async (bytesPerSecond) => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond,
    });
  };
}

/** The address of the page's one noted unfinished upload (tus-js-client's note in localStorage). */
async function notedUpload(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('tus::'))
      .map((key) => (JSON.parse(localStorage.getItem(key)!) as { uploadUrl: string }).uploadUrl),
  );
}

/** What the server holds of an upload, asked as its owner. */
async function serverOffset(
  request: APIRequestContext,
  headers: Record<string, string>,
  url: string,
): Promise<number | null> {
  const head = await request.head(url, { headers: { ...headers, 'tus-resumable': '1.0.0' } });
  return head.ok() ? Number(head.headers()['upload-offset']) : null;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test.describe.configure({ timeout: 120_000 });

test('a creator reloads mid-upload of a 200 MB clip, picks it again, and it continues from where it stopped', async ({
  studio: page,
  request,
  adminHeaders,
  ffmpeg,
  mediaDir,
}) => {
  const big = path.join(mediaDir, BIG_NAME);
  await paddedVideo(ffmpeg, big, BIG_FILE_BYTES);
  const movieId = await createProjectInfo(request, adminHeaders, 'The long take');
  await page.goto(`/app/project-create/${movieId}?step=2`);
  const box = page.getByRole('region', { name: 'Upload clips' });
  const progress = box.getByRole('progressbar', { name: 'Upload progress' });
  const shown = async () => Number(await progress.getAttribute('aria-valuenow'));

  // 200 MB in about eight seconds: slow enough to reload in the middle.
  const throttle = await uplink(page);
  await throttle(25 * MIB);
  await box.getByLabel('Choose files').setInputFiles(big);
  await box.getByRole('button', { name: 'Upload' }).click();
  await expect.poll(shown, { intervals: [100], timeout: 30_000 }).toBeGreaterThanOrEqual(30);
  const [uploadUrl, ...others] = await notedUpload(page);
  expect(others).toEqual([]);
  await page.reload();

  // What the server kept of the upload the reload cut off, once it has written what arrived.
  let kept: number | null = null;
  await expect
    .poll(
      async () => {
        const before = kept;
        kept = await serverOffset(request, adminHeaders, uploadUrl!);
        return kept !== null && kept > 0 && kept === before;
      },
      { intervals: [250], timeout: 15_000 },
    )
    .toBe(true);
  expect(kept).toBeLessThan(BIG_FILE_BYTES);

  // Slow again, so the notice stays on screen while it is checked.
  await throttle(MIB);
  await expect(box.getByText('No files chosen')).toBeVisible({ timeout: 15_000 });
  const afterReload = recordTus(page);
  const asked = page.waitForResponse((response) => response.request().method() === 'HEAD');
  await box.getByLabel('Choose files').setInputFiles(big);
  await box.getByRole('button', { name: 'Upload' }).click();
  // The server's answer to the page: what it held by then (at least what the test saw).
  const resumedAt = Number((await asked).headers()['upload-offset']);
  expect(resumedAt).toBeGreaterThanOrEqual(kept!);
  const resumedPercent = Math.round((resumedAt / BIG_FILE_BYTES) * 100);
  await expect(box.getByRole('status')).toHaveText(
    `Resuming your earlier upload of \u2068${BIG_NAME}\u2069 from ${resumedPercent}%.`,
  );
  expect(await shown()).toBeGreaterThanOrEqual(resumedPercent);
  expect(await shown()).toBeLessThan(resumedPercent + 5);
  await expectAccessible(page, 'wizard step 2, an upload resumed after a reload');
  await throttle(-1);

  await expect(page.getByRole('listitem', { name: BIG_NAME })).toBeVisible({ timeout: 60_000 });
  expect(await notedUpload(page)).toEqual([]);

  // After the reload: a HEAD for the server's offset, no new upload, and only the rest was sent.
  expect(afterReload[0]).toEqual({ method: 'HEAD', offset: null });
  expect(afterReload.map((sent) => sent.method)).not.toContain('POST');
  const patches = afterReload.filter((sent) => sent.method === 'PATCH');
  expect(patches[0]?.offset).toBe(resumedAt);
  expect(patches.every((sent) => sent.offset! >= resumedAt)).toBe(true);
  // The server holds the whole file, of which only BIG_FILE_BYTES - resumedAt came after the reload.
  const stored = await Promise.all(
    (await filesUnder(path.join(E2E_DATA_DIR, 'blobs', 'sources'))).map((file) => stat(file)),
  );
  expect(stored.map((file) => file.size)).toContain(BIG_FILE_BYTES);
});

test('an upload the server no longer has starts afresh without a word', async ({
  studio: page,
  request,
  adminHeaders,
  clip,
}) => {
  const movieId = await createProjectInfo(request, adminHeaders, 'Second try');
  await page.goto(`/app/project-create/${movieId}?step=2`);
  const box = page.getByRole('region', { name: 'Upload clips' });

  const throttle = await uplink(page);
  await throttle(16 * 1024);
  await box.getByLabel('Choose files').setInputFiles(clip);
  await box.getByRole('button', { name: 'Upload' }).click();
  await expect.poll(() => notedUpload(page)).toHaveLength(1);
  const [uploadUrl] = await notedUpload(page);
  await page.reload();

  // Gone from the server meanwhile, as an expired upload is.
  const removed = await request.delete(uploadUrl!, {
    headers: { ...adminHeaders, 'tus-resumable': '1.0.0' },
  });
  expect(removed.status(), await removed.text()).toBe(204);

  await throttle(-1);
  await expect(box.getByText('No files chosen')).toBeVisible({ timeout: 15_000 });
  const afterReload = recordTus(page);
  await box.getByLabel('Choose files').setInputFiles(clip);
  await box.getByRole('button', { name: 'Upload' }).click();
  await expect(box.getByText('Upload complete')).toBeVisible();
  await expect(box.getByRole('status')).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: 'scene.mp4' })).toBeVisible();
  expect(afterReload.map((sent) => sent.method)).toEqual(['HEAD', 'POST', 'PATCH']);
  expect(await notedUpload(page)).toEqual([]);
});
