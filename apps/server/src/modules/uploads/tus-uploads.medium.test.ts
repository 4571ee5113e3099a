import { readFile } from 'node:fs/promises';
import http from 'node:http';
import {
  ACCESS_TOKEN_HEADER,
  MESSAGES,
  TUS_UPLOAD_PATH,
  UPLOAD_LIMIT_BYTES,
  type MovieContentStatus,
  type MovieContentUploadResult,
} from '@plotline/core';
import { count, eq } from 'drizzle-orm';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movieContents } from '../../db/schema/index.ts';
import { setPublished } from '../../test/test-projects.ts';
import { testClip, testPicture } from '../../test/media-fixtures.ts';
import { startTestServer, type TestServer, type Envelope } from '../../test/test-server.ts';

let server: TestServer;
let token: string;
/** A colleague in the same company, who may upload but not into someone else's upload. */
let colleagueToken: string;
let clip: string;
let png: string;
/**
 * Promise rejections nobody handled while the server ran: in production each one ends the
 * process (Node's default --unhandled-rejections=throw), so there must be none.
 */
const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => unhandled.push(reason);

interface TusAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** One tus 1.0 request, spoken by hand so the test controls every offset. */
async function tus(
  method: string,
  url: string,
  {
    as = token,
    headers = {},
    body,
  }: { as?: string | null; headers?: Record<string, string>; body?: Uint8Array } = {},
): Promise<TusAnswer> {
  const response = await fetch(new URL(url, server.baseUrl), {
    method,
    headers: {
      'tus-resumable': '1.0.0',
      ...(as ? { [ACCESS_TOKEN_HEADER]: as } : {}),
      ...(body ? { 'content-type': 'application/offset+octet-stream' } : {}),
      ...headers,
    },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function encodeMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');
}

async function create(
  length: number,
  fields: Record<string, string>,
  as: string = token,
): Promise<TusAnswer & { location: string }> {
  const answer = await tus('POST', TUS_UPLOAD_PATH, {
    as,
    headers: { 'upload-length': String(length), 'upload-metadata': encodeMetadata(fields) },
  });
  return { ...answer, location: answer.headers.get('location') ?? '' };
}

function patch(location: string, offset: number, bytes: Uint8Array, as: string = token) {
  return tus('PATCH', location, {
    as,
    headers: { 'upload-offset': String(offset) },
    body: bytes,
  });
}

const uploadId = (location: string) => location.split('/').pop()!;

async function contentCount(): Promise<number> {
  const [row] = await server.db.select({ rows: count() }).from(movieContents);
  return row!.rows;
}

async function sourceOf(movieContentId: number): Promise<Buffer> {
  const [row] = await server.db
    .select({ sourceKey: movieContents.sourceKey })
    .from(movieContents)
    .where(eq(movieContents.id, movieContentId));
  return (await server.blobs.get(row!.sourceKey))!;
}

function statusOf(movieId: number) {
  return server.request<Envelope<MovieContentStatus[]>>(
    'GET',
    `/api/transcoder/movie-status/${movieId}`,
    { token },
  );
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  process.on('unhandledRejection', recordUnhandled);
  clip = await testClip({ width: 320, height: 180, seconds: 2 });
  png = await testPicture({ width: 64, height: 64 }, 'png');
  server = await startTestServer();
  const user = await server.makeUser({ role: 'contributor' });
  token = await server.signIn(user);
  const colleague = await server.makeUser({ role: 'contributor', companyId: user.companyId! });
  colleagueToken = await server.signIn(colleague);
}, 120_000);

afterAll(async () => {
  process.off('unhandledRejection', recordUnhandled);
  await server?.close();
});

describe(`tus uploads at ${TUS_UPLOAD_PATH}`, () => {
  it('takes a whole clip from tus-js-client and answers like the multipart call', async () => {
    const bytes = await readFile(clip);
    const body = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(bytes, {
        endpoint: server.baseUrl + TUS_UPLOAD_PATH,
        headers: { [ACCESS_TOKEN_HEADER]: token },
        // tus's own `filetype` is taken and ignored (the content decides).
        metadata: {
          filename: 'Opening scene.mp4',
          filetype: 'video/mp4',
          type: '1',
          view_mode: 'vertical',
        },
        // Several PATCH requests: only the last one carries the result.
        chunkSize: 64 * 1024,
        retryDelays: [],
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
        onError: reject,
      });
      upload.start();
    });
    expect(bytes.length).toBeGreaterThan(2 * 64 * 1024);
    const { data } = JSON.parse(body) as Envelope<MovieContentUploadResult>;
    expect(data.movieId).toEqual(expect.any(Number));
    expect(data.files).toEqual([
      expect.objectContaining({ file_name: 'Opening scene.mp4', type: 1, url: null }),
    ]);
    expect(['queued', 'processing']).toContain(data.files[0]!.status);

    const status = await statusOf(data.movieId);
    expect(status.status).toBe(200);
    expect(status.body.data).toEqual([
      expect.objectContaining({
        movie_content_id: data.files[0]!.movie_content_id,
        file_name: 'Opening scene.mp4',
      }),
    ]);
    expect((await sourceOf(data.files[0]!.movie_content_id)).equals(bytes)).toBe(true);
    expect(await server.tusEntries()).toEqual([]);
  });

  it('resumes where the server stopped and stores the file byte for byte', async () => {
    const bytes = await readFile(clip);
    const half = Math.floor(bytes.length / 2);
    const created = await create(bytes.length, { filename: 'resumed.mp4', type: '2' });
    expect(created.status, created.text).toBe(201);
    expect(created.location).toMatch(new RegExp(`^${TUS_UPLOAD_PATH}/[\\w-]+$`));

    const first = await patch(created.location, 0, bytes.subarray(0, half));
    expect(first.status, first.text).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));

    const head = await tus('HEAD', created.location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(head.headers.get('upload-length')).toBe(String(bytes.length));

    // A PATCH from the wrong offset changes nothing.
    const stale = await patch(created.location, 0, bytes.subarray(0, 10));
    expect(stale.status).toBe(409);
    expect((await tus('HEAD', created.location)).headers.get('upload-offset')).toBe(String(half));

    const rest = await patch(created.location, half, bytes.subarray(half));
    expect(rest.status, rest.text).toBe(200);
    const { data } = JSON.parse(rest.text) as Envelope<MovieContentUploadResult>;
    expect(data.files).toEqual([expect.objectContaining({ file_name: 'resumed.mp4', type: 2 })]);
    expect((await sourceOf(data.files[0]!.movie_content_id)).equals(bytes)).toBe(true);
    const listed = (await statusOf(data.movieId)).body.data;
    expect(listed.map((entry) => entry.movie_content_id)).toEqual([
      data.files[0]!.movie_content_id,
    ]);
    // A finished upload is not resumed again: its bytes are gone, and it is complete.
    expect(await server.tusEntries()).not.toContain(uploadId(created.location));
    const done = await tus('HEAD', created.location);
    expect(done.status).toBe(200);
    expect(done.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(done.headers.get('upload-length')).toBe(String(bytes.length));
  });

  it('resumes after a connection drops in the middle of a PATCH', async () => {
    const bytes = await readFile(clip);
    const created = await create(bytes.length, { filename: 'dropped.mp4', type: '1' });
    expect(created.status, created.text).toBe(201);

    const request = http.request(new URL(created.location, server.baseUrl), {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        [ACCESS_TOKEN_HEADER]: token,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'content-length': String(bytes.length),
      },
    });
    request.on('error', () => {});
    const sent = Math.floor(bytes.length * 0.6);
    // Handed to the socket, then time for the server to take them in: the partial bytes are not
    // visible in the store until the request ends (S3 keeps them as a part).
    await new Promise((resolve) => request.write(bytes.subarray(0, sent), resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.destroy();

    let offset = 0;
    await waitUntil(async () => {
      const head = await tus('HEAD', created.location);
      offset = Number(head.headers.get('upload-offset'));
      return head.status === 200 && offset > 0;
    }, 'the server records what arrived');
    expect(offset).toBeLessThanOrEqual(sent);

    const rest = await patch(created.location, offset, bytes.subarray(offset));
    expect(rest.status, rest.text).toBe(200);
    const { data } = JSON.parse(rest.text) as Envelope<MovieContentUploadResult>;
    expect((await sourceOf(data.files[0]!.movie_content_id)).equals(bytes)).toBe(true);
  });

  it('refuses an Upload-Length at the limit with the spec message', async () => {
    const before = await server.tusEntries();
    const tooLarge = await create(UPLOAD_LIMIT_BYTES, { filename: 'huge.mp4', type: '1' });
    expect(tooLarge.status, tooLarge.text).toBe(413);
    expect(JSON.parse(tooLarge.text)).toEqual({ message: MESSAGES.uploadTooLarge });
    const wayTooLarge = await create(1_100_000_000, { filename: 'huge.mp4', type: '1' });
    expect(wayTooLarge.status).toBe(413);
    expect(JSON.parse(wayTooLarge.text)).toEqual({ message: MESSAGES.uploadTooLarge });
    expect(await server.tusEntries()).toEqual(before);

    // A length declared later, on the first PATCH, meets the same limit.
    const deferred = await tus('POST', TUS_UPLOAD_PATH, {
      headers: {
        'upload-defer-length': '1',
        'upload-metadata': encodeMetadata({ filename: 'later.mp4', type: '1' }),
      },
    });
    expect(deferred.status, deferred.text).toBe(201);
    const declared = await tus('PATCH', deferred.headers.get('location')!, {
      headers: { 'upload-offset': '0', 'upload-length': String(UPLOAD_LIMIT_BYTES) },
      body: new Uint8Array(10),
    });
    expect(declared.status, declared.text).toBe(413);
    expect(JSON.parse(declared.text)).toEqual({ message: MESSAGES.uploadTooLarge });
    expect((await tus('DELETE', deferred.headers.get('location')!)).status).toBe(204);

    // One byte less is accepted; the test ends it at once.
    const largest = await create(UPLOAD_LIMIT_BYTES - 1, { filename: 'large.mp4', type: '1' });
    expect(largest.status, largest.text).toBe(201);
    expect((await tus('DELETE', largest.location)).status).toBe(204);
    expect(await server.tusEntries()).toEqual(before);
  });

  it("answers 404 for another user's upload and 401 without a token", async () => {
    const bytes = await readFile(clip);
    const created = await create(bytes.length, { filename: 'mine.mp4', type: '1' });
    expect(created.status).toBe(201);
    expect((await patch(created.location, 0, bytes.subarray(0, 1000))).status).toBe(204);

    const theirHead = await tus('HEAD', created.location, { as: colleagueToken });
    expect(theirHead.status).toBe(404);
    expect(theirHead.headers.get('upload-offset')).toBeNull();
    const theirPatch = await patch(created.location, 1000, bytes.subarray(1000), colleagueToken);
    expect(theirPatch.status).toBe(404);
    expect(JSON.parse(theirPatch.text)).toEqual({ message: MESSAGES.apiNotFound });
    const theirDelete = await tus('DELETE', created.location, { as: colleagueToken });
    expect(theirDelete.status).toBe(404);

    expect((await tus('HEAD', created.location, { as: null })).status).toBe(401);
    const anonymousPatch = await tus('PATCH', created.location, {
      as: null,
      headers: { 'upload-offset': '1000' },
      body: bytes.subarray(1000),
    });
    expect(anonymousPatch.status).toBe(401);
    expect(JSON.parse(anonymousPatch.text)).toEqual({ message: MESSAGES.signInRequired });
    const anonymousCreate = await tus('POST', TUS_UPLOAD_PATH, {
      as: null,
      headers: { 'upload-length': '10', 'upload-metadata': encodeMetadata({ type: '1' }) },
    });
    expect(anonymousCreate.status).toBe(401);

    // The owner's upload is untouched by all of that.
    const head = await tus('HEAD', created.location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('1000');
    expect((await tus('DELETE', created.location)).status).toBe(204);
  });

  it('refuses invalid metadata at creation', async () => {
    const before = await server.tusEntries();
    const cases: [Record<string, string>, RegExp][] = [
      [{ filename: 'a.mp4' }, /^type: /],
      [{ filename: 'a.mp4', type: '3' }, /^type: /],
      [{ filename: 'a.mp4', type: '1', view_mode: 'diagonal' }, /^view_mode: /],
      [{ filename: 'a.mp4', type: '1', movieId: 'abc' }, /^movieId: /],
      // Named, not dropped; the owner is the server's to record.
      [{ filename: 'a.mp4', type: '1', colour: 'red' }, /^Unknown field "colour"$/],
      [{ filename: 'a.mp4', type: '1', ownerId: '1' }, /^Unknown field "ownerId"$/],
    ];
    for (const [fields, message] of cases) {
      const answer = await create(1000, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect((JSON.parse(answer.text) as { message: string }).message).toMatch(message);
      expect(answer.headers.get('location')).toBeNull();
    }
    expect(await server.tusEntries()).toEqual(before);
  });

  it('takes a PNG whole, then refuses it as not a video and keeps nothing', async () => {
    const bytes = await readFile(png);
    const rejectionsBefore = unhandled.length;
    const contentsBefore = await contentCount();
    const sourcesBefore = await server.blobKeys('sources');
    const created = await create(bytes.length, { filename: 'still.png', type: '1' });
    expect(created.status, created.text).toBe(201);

    const answer = await patch(created.location, 0, bytes);
    expect(answer.status, answer.text).toBe(415);
    const { message } = JSON.parse(answer.text) as { message: string };
    expect(message).toMatch(/^still\.png: /);
    expect(message).toMatch(/not a video/);

    const id = uploadId(created.location);
    expect((await server.tusEntries()).filter((file) => file.startsWith(id))).toEqual([]);
    expect(await server.blobKeys('sources')).toEqual(sourcesBefore);
    expect(await contentCount()).toBe(contentsBefore);
    expect((await tus('HEAD', created.location)).status).toBe(404);
    // The refusal is an answer, not a crash: the server must not leave the rejection unhandled.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled.slice(rejectionsBefore)).toEqual([]);
  });

  it('refuses at creation, before any byte, an upload into a project the caller may not change', async () => {
    const bytes = await readFile(clip);
    const draft = await create(bytes.length, { filename: 'draft.mp4', type: '1' });
    const drafted = await patch(draft.location, 0, bytes);
    expect(drafted.status, drafted.text).toBe(200);
    const { movieId } = (JSON.parse(drafted.text) as Envelope<MovieContentUploadResult>).data;
    await setPublished(server.db, movieId);
    const stranger = await server.signIn(await server.makeUser({ role: 'administrator' }));

    const cases = [
      { as: token, status: 409, message: MESSAGES.projectPublished },
      { as: stranger, status: 404, message: MESSAGES.projectNotFound },
    ];
    for (const { as, status, message } of cases) {
      const created = await create(
        bytes.length,
        { filename: 'late.mp4', type: '1', movieId: String(movieId) },
        as,
      );
      expect(created.status, created.text).toBe(status);
      expect(JSON.parse(created.text)).toEqual({ message });
      expect(await server.tusEntries()).toEqual([]);
    }
  });

  it('refuses at the end, keeping nothing, an upload whose project was published meanwhile', async () => {
    const bytes = await readFile(clip);
    const rejectionsBefore = unhandled.length;
    const draft = await create(bytes.length, { filename: 'draft.mp4', type: '1' });
    const drafted = await patch(draft.location, 0, bytes);
    const { movieId } = (JSON.parse(drafted.text) as Envelope<MovieContentUploadResult>).data;
    const contentsBefore = await contentCount();
    const sourcesBefore = await server.blobKeys('sources');

    const created = await create(bytes.length, {
      filename: 'late.mp4',
      type: '1',
      movieId: String(movieId),
    });
    expect(created.status, created.text).toBe(201);
    await setPublished(server.db, movieId);
    const answer = await patch(created.location, 0, bytes);
    expect(answer.status, answer.text).toBe(409);
    expect(JSON.parse(answer.text)).toEqual({ message: MESSAGES.projectPublished });
    expect(await server.tusEntries()).toEqual([]);
    expect(await contentCount()).toBe(contentsBefore);
    expect(await server.blobKeys('sources')).toEqual(sourcesBefore);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled.slice(rejectionsBefore)).toEqual([]);
    // The server is still there.
    expect((await statusOf(movieId)).status).toBe(200);
  });
});
