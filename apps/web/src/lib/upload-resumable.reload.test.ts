import { TUS_UPLOAD_EXPIRY_MS, TUS_UPLOAD_PATH } from '@plotline/core';
import { defaultOptions } from 'tus-js-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { installFakeXhr, type FakeXhr } from '../test/fake-xhr.ts';
import { jsonResponse, signInAs } from '../test/fixtures.ts';
import { stubApi } from '../test/render-page.tsx';
import {
  forgetExpiredUploads,
  latestUpload,
  uploadFingerprint,
  uploadResumable,
} from './upload-resumable.ts';

// The real tus-js-client, as the studio's build takes it (its package's `browser` field, which
// Vitest does not follow): XMLHttpRequest, here a fake, and localStorage.
vi.mock('tus-js-client', () => {
  const browserBuild = 'tus-js-client/lib.es5/browser/index.js';
  return import(/* @vite-ignore */ browserBuild);
});

const schema = z.object({ movieId: z.number() });
const SIZE = 1_000;
const LAST_MODIFIED = 1_764_000_000_000;
const endpoint = `${window.location.origin}${TUS_UPLOAD_PATH}`;

function clipFile(name = 'clip.mp4') {
  return new File([new Uint8Array(SIZE)], name, { type: 'video/mp4', lastModified: LAST_MODIFIED });
}

const clipFields = (movieId: number) => ({ filename: 'clip.mp4', movieId, type: 1 });

function storedUploads() {
  return Object.keys(localStorage)
    .filter((key) => key.startsWith('tus::'))
    .map((key) => JSON.parse(localStorage.getItem(key)!) as { uploadUrl: string });
}

/** The request at `index` once tus-js-client has sent it (it sets its handlers just before). */
async function sent(requests: FakeXhr[], index: number): Promise<FakeXhr> {
  await vi.waitFor(() => expect(requests[index]?.onload).toBeTypeOf('function'));
  return requests[index]!;
}

/** An upload the server created at `location`, cut off in its first PATCH as by a reload. */
async function cutOffUpload(requests: FakeXhr[], movieId: number, location: string) {
  const controller = new AbortController();
  const first = uploadResumable(TUS_UPLOAD_PATH, clipFile(), {
    schema,
    metadata: clipFields(movieId),
    signal: controller.signal,
  });
  const from = requests.length;
  const create = await sent(requests, from);
  expect(create.method).toBe('POST');
  create.respond(201, undefined, { Location: location });
  expect((await sent(requests, from + 1)).method).toBe('PATCH');
  controller.abort();
  await expect(first).rejects.toMatchObject({ name: 'AbortError' });
}

beforeEach(() => {
  localStorage.clear();
});

describe('uploadFingerprint', () => {
  const file = { name: 'clip.mp4', type: 'video/mp4', size: SIZE, lastModified: LAST_MODIFIED };
  const target = { endpoint, metadata: { movieId: '7', type: '1' }, userId: 3 };

  it('is the same for the same file, user and fields, whatever their order', () => {
    expect(
      uploadFingerprint({ ...file }, { ...target, metadata: { type: '1', movieId: '7' } }),
    ).toBe(uploadFingerprint(file, target));
  });

  it('differs with the project, the slot, the user, the endpoint or any trait of the file', () => {
    const base = uploadFingerprint(file, target);
    const variants = [
      uploadFingerprint(file, { ...target, metadata: { movieId: '8', type: '1' } }),
      uploadFingerprint(file, { ...target, metadata: { movieId: '7', type: '2' } }),
      uploadFingerprint(file, { ...target, userId: 4 }),
      uploadFingerprint(file, { ...target, userId: null }),
      uploadFingerprint(file, { ...target, endpoint: `${endpoint}-other` }),
      uploadFingerprint({ ...file, name: 'clip2.mp4' }, target),
      uploadFingerprint({ ...file, size: SIZE + 1 }, target),
      uploadFingerprint({ ...file, lastModified: LAST_MODIFIED + 1 }, target),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });

  it("is never the start of another's storage key, even with separators in the file name", () => {
    const short = uploadFingerprint({ ...file, name: 'a' }, target);
    const long = uploadFingerprint({ ...file, name: 'a",1]::x' }, target);
    expect(`tus::${long}::1`.startsWith(`tus::${short}::`)).toBe(false);
  });
});

describe('the notes of unfinished uploads', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const noteOf = (creationTime: string, uploadUrl: string | null = '/u/1') => ({
    size: SIZE,
    metadata: {},
    creationTime,
    urlStorageKey: '',
    uploadUrl,
    parallelUploadUrls: null,
  });

  it('forgets those older than the server keeps uploads, and unreadable ones', async () => {
    const storage = defaultOptions.urlStorage;
    await storage.addUpload('fresh', noteOf(new Date(now - 3_600_000).toString()));
    await storage.addUpload('old', noteOf(new Date(now - TUS_UPLOAD_EXPIRY_MS - 1).toString()));
    await storage.addUpload('garbled', noteOf('yesterday-ish'));

    await forgetExpiredUploads(storage, now);
    const left = await storage.findAllUploads();
    expect(left.map((note) => note.urlStorageKey)).toEqual([
      expect.stringMatching(/^tus::fresh::/),
    ]);
  });

  it('continues the latest begun of several, and none without an address', () => {
    const older = noteOf(new Date(now - 7_200_000).toString(), '/u/older');
    const newer = noteOf(new Date(now - 60_000).toString(), '/u/newer');
    expect(latestUpload([older, newer])).toBe(newer);
    expect(latestUpload([newer, older])).toBe(newer);
    expect(latestUpload([noteOf(new Date(now).toString(), null)])).toBeNull();
    expect(latestUpload([])).toBeNull();
  });
});

describe('uploadResumable after a reload', () => {
  it('continues the same file from the offset the server holds, says so, and forgets it once done', async () => {
    signInAs({ id: 3 });
    const requests = installFakeXhr();
    await cutOffUpload(requests, 7, `${TUS_UPLOAD_PATH}/abc`);
    expect(storedUploads()).toEqual([expect.objectContaining({ uploadUrl: `${endpoint}/abc` })]);

    // The page is loaded again and the creator picks the same file.
    const resumed: number[] = [];
    const progress: number[] = [];
    const from = requests.length;
    const done = uploadResumable(TUS_UPLOAD_PATH, clipFile(), {
      schema,
      metadata: clipFields(7),
      onResume: (percent) => resumed.push(percent),
      onProgress: (percent) => progress.push(percent),
    });
    const head = await sent(requests, from);
    expect([head.method, head.url]).toEqual(['HEAD', `${endpoint}/abc`]);
    head.respond(200, undefined, { 'Upload-Offset': '420', 'Upload-Length': String(SIZE) });

    const patch = await sent(requests, from + 1);
    expect(patch.method).toBe('PATCH');
    expect(patch.headers['upload-offset']).toBe('420');
    expect((patch.body as Blob).size).toBe(SIZE - 420);
    expect(resumed).toEqual([42]);
    expect(progress[0]).toBe(42);

    patch.respond(200, { data: { movieId: 7 } }, { 'Upload-Offset': String(SIZE) });
    await expect(done).resolves.toEqual({ movieId: 7 });
    expect(requests).toHaveLength(from + 2);
    expect(storedUploads()).toEqual([]);
  });

  it('starts afresh, saying nothing, when the server no longer has the upload', async () => {
    signInAs({ id: 3 });
    const requests = installFakeXhr();
    await cutOffUpload(requests, 7, `${TUS_UPLOAD_PATH}/expired`);

    const resumed: number[] = [];
    const from = requests.length;
    const done = uploadResumable(TUS_UPLOAD_PATH, clipFile(), {
      schema,
      metadata: clipFields(7),
      onResume: (percent) => resumed.push(percent),
    });
    const head = await sent(requests, from);
    expect(head.method).toBe('HEAD');
    head.respond(410, undefined);

    const create = await sent(requests, from + 1);
    expect(create.method).toBe('POST');
    create.respond(201, undefined, { Location: `${TUS_UPLOAD_PATH}/fresh` });
    // The note of the lost upload is gone; the new one replaces it.
    await vi.waitFor(() =>
      expect(storedUploads()).toEqual([
        expect.objectContaining({ uploadUrl: `${endpoint}/fresh` }),
      ]),
    );
    const patch = await sent(requests, from + 2);
    expect(patch.headers['upload-offset']).toBe('0');
    patch.respond(200, { data: { movieId: 7 } }, { 'Upload-Offset': String(SIZE) });
    await expect(done).resolves.toEqual({ movieId: 7 });
    expect(resumed).toEqual([]);
  });

  it("never continues another project's or another user's upload of the same file", async () => {
    signInAs({ id: 3 });
    const requests = installFakeXhr();
    await cutOffUpload(requests, 7, `${TUS_UPLOAD_PATH}/project-7`);

    for (const [userId, movieId] of [
      [3, 8],
      [4, 7],
    ] as const) {
      signInAs({ id: userId });
      const controller = new AbortController();
      const from = requests.length;
      const other = uploadResumable(TUS_UPLOAD_PATH, clipFile(), {
        schema,
        metadata: clipFields(movieId),
        signal: controller.signal,
      });
      expect((await sent(requests, from)).method).toBe('POST');
      controller.abort();
      await expect(other).rejects.toMatchObject({ name: 'AbortError' });
    }
    expect(storedUploads()).toEqual([
      expect.objectContaining({ uploadUrl: `${endpoint}/project-7` }),
    ]);
  });

  it('yields what was stored, sending nothing again, when the reply to the last chunk was lost', async () => {
    signInAs({ id: 3 });
    const requests = installFakeXhr();
    // The whole file went in the first PATCH; the page reloaded before its reply came.
    await cutOffUpload(requests, 7, `${TUS_UPLOAD_PATH}/stored`);
    const stored = { movieId: 7 };
    const api = stubApi({
      [`GET ${TUS_UPLOAD_PATH}/stored`]: () => jsonResponse({ data: stored }),
    });

    const resumed: number[] = [];
    const from = requests.length;
    const done = uploadResumable(TUS_UPLOAD_PATH, clipFile(), {
      schema,
      metadata: clipFields(7),
      onResume: (percent) => resumed.push(percent),
    });
    const head = await sent(requests, from);
    expect([head.method, head.url]).toEqual(['HEAD', `${endpoint}/stored`]);
    head.respond(200, undefined, { 'Upload-Offset': String(SIZE), 'Upload-Length': String(SIZE) });

    await expect(done).resolves.toEqual(stored);
    expect(requests).toHaveLength(from + 1);
    expect(api.to('GET', `${TUS_UPLOAD_PATH}/stored`)).toHaveLength(1);
    expect(resumed).toEqual([100]);
    expect(storedUploads()).toEqual([]);
  });
});
