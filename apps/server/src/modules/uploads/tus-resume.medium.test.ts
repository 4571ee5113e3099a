import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  TUS_UPLOAD_EXPIRY_MS,
  TUS_UPLOAD_PATH,
  type MovieContentUploadResult,
} from '@plotline/core';
import { eq } from 'drizzle-orm';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedUploads, movieContents } from '../../db/schema/index.ts';
import { testClip } from '../../test/media-fixtures.ts';
import { startTestServer, type Envelope, type TestServer } from '../../test/test-server.ts';

// What the studio needs to continue an upload after a reload: the upload outlives the page and the
// session, for its owner only, and for long enough.

const CHUNK = 64 * 1024;

let server: TestServer;
let bytes: Buffer;
let user: Awaited<ReturnType<TestServer['makeUser']>>;

interface Sent {
  upload: Upload;
  /** Each request's method and Upload-Offset header, and each answer's. */
  requests: string[];
  answers: { method: string; status: number; offset: string | null; expires: string | null }[];
  done: Promise<string>;
}

/** tus-js-client as the studio drives it; `stopAfterFirstChunk` cuts it off as a reload would. */
function send(token: string, options: { uploadUrl?: string; stopAfterFirstChunk?: boolean }) {
  const sent: Omit<Sent, 'done' | 'upload'> = { requests: [], answers: [] };
  let upload!: Upload;
  const done = new Promise<string>((resolve, reject) => {
    upload = new Upload(bytes, {
      endpoint: server.baseUrl + TUS_UPLOAD_PATH,
      uploadUrl: options.uploadUrl,
      headers: { [ACCESS_TOKEN_HEADER]: token },
      metadata: { filename: 'long take.mp4', type: '1' },
      chunkSize: CHUNK,
      retryDelays: [],
      onBeforeRequest: (request) => {
        sent.requests.push(`${request.getMethod()} ${request.getHeader('Upload-Offset') ?? ''}`);
      },
      onAfterResponse: (request, response) => {
        sent.answers.push({
          method: request.getMethod(),
          status: response.getStatus(),
          offset: response.getHeader('Upload-Offset') ?? null,
          expires: response.getHeader('Upload-Expires') ?? null,
        });
      },
      onChunkComplete: () => {
        if (!options.stopAfterFirstChunk) return;
        void upload.abort();
        resolve('stopped');
      },
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
      onError: reject,
    });
    upload.start();
  });
  return { ...sent, upload, done };
}

beforeAll(async () => {
  bytes = await readFile(await testClip({ width: 320, height: 180, seconds: 2 }));
  server = await startTestServer();
  user = await server.makeUser({ role: 'contributor' });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('a tus upload continued after a reload', () => {
  it('is kept for TUS_UPLOAD_EXPIRY_MS from its creation', async () => {
    const before = Date.now();
    const first = send(await server.signIn(user), { stopAfterFirstChunk: true });
    await first.done;
    const created = first.answers.find((answer) => answer.method === 'POST');
    expect(created?.status).toBe(201);
    // An HTTP date: whole seconds.
    const expires = Date.parse(created!.expires!);
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + TUS_UPLOAD_EXPIRY_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + TUS_UPLOAD_EXPIRY_MS);
  });

  it('goes on from the stored offset for its owner in a new session, and for no one else', async () => {
    expect(bytes.length).toBeGreaterThan(2 * CHUNK);
    const first = send(await server.signIn(user), { stopAfterFirstChunk: true });
    await first.done;
    const uploadUrl = first.upload.url!;

    const colleague = await server.makeUser({ role: 'contributor', companyId: user.companyId! });
    const theirs = send(await server.signIn(colleague), { uploadUrl });
    await expect(theirs.done).resolves.toContain('"data"');
    // Refused as unknown, the colleague's client made an upload of its own instead.
    expect(theirs.answers[0]).toMatchObject({ method: 'HEAD', status: 404 });
    expect(theirs.requests[1]).toBe('POST ');

    // The owner signs in again (the page reloaded, the laptop woke up): a new token.
    const again = send(await server.signIn(user), { uploadUrl });
    const body = await again.done;
    expect(again.answers[0]).toEqual(
      expect.objectContaining({ method: 'HEAD', status: 200, offset: String(CHUNK) }),
    );
    expect(again.requests).not.toContain('POST ');
    expect(again.requests[1]).toBe(`PATCH ${CHUNK}`);

    const { data } = JSON.parse(body) as Envelope<MovieContentUploadResult>;
    expect(data.files).toEqual([expect.objectContaining({ file_name: 'long take.mp4' })]);
    const [stored] = await server.db
      .select({ sourceKey: movieContents.sourceKey })
      .from(movieContents)
      .where(eq(movieContents.id, data.files[0]!.movie_content_id));
    expect((await readFile(path.join(server.blobsDir, stored!.sourceKey))).equals(bytes)).toBe(
      true,
    );
  });
});

describe('a tus upload whose last reply was lost', () => {
  /** A HEAD or GET of an upload's address, as the studio sends them after a reload. */
  const ask = async (method: 'HEAD' | 'GET', uploadUrl: string, token: string) => {
    const response = await fetch(uploadUrl, {
      method,
      headers: { 'tus-resumable': '1.0.0', [ACCESS_TOKEN_HEADER]: token },
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const itemsOf = async (movieId: number) =>
    server.db
      .select({ id: movieContents.id })
      .from(movieContents)
      .where(eq(movieContents.movieId, movieId));

  it('is told complete to its owner with what was stored, and is not sent or stored again', async () => {
    const whole = send(await server.signIn(user), {});
    const { data } = JSON.parse(await whole.done) as Envelope<MovieContentUploadResult>;
    const uploadUrl = whole.upload.url!;
    expect(await itemsOf(data.movieId)).toHaveLength(1);

    // The page reloaded before the reply came: the owner asks about the upload in a new session.
    const token = await server.signIn(user);
    const head = await ask('HEAD', uploadUrl, token);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(head.headers.get('upload-length')).toBe(String(bytes.length));
    expect(head.headers.get('cache-control')).toBe('no-store');
    const result = await ask('GET', uploadUrl, token);
    expect(result.status, result.text).toBe(200);
    expect(JSON.parse(result.text)).toEqual({ data });

    // tus-js-client with the noted address: done at once, nothing sent, nothing stored twice.
    const again = send(token, { uploadUrl });
    await again.done;
    expect(again.requests).toEqual(['HEAD ']);
    expect(await itemsOf(data.movieId)).toHaveLength(1);
    const id = uploadUrl.split('/').pop()!;
    expect((await server.tusEntries()).filter((entry) => entry.includes(id))).toEqual([]);
  });

  it('stays unknown to another user', async () => {
    const whole = send(await server.signIn(user), {});
    await whole.done;
    const colleague = await server.makeUser({ role: 'contributor', companyId: user.companyId! });
    const theirs = await server.signIn(colleague);
    expect((await ask('HEAD', whole.upload.url!, theirs)).status).toBe(404);
    const result = await ask('GET', whole.upload.url!, theirs);
    expect(result.status).toBe(404);
    expect(result.text).not.toContain('movieId');
  });

  it('is forgotten after TUS_UPLOAD_EXPIRY_MS, with the expired uploads', async () => {
    const whole = send(await server.signIn(user), {});
    await whole.done;
    server.clock.advance(TUS_UPLOAD_EXPIRY_MS);
    try {
      const token = await server.signIn(user);
      expect((await ask('HEAD', whole.upload.url!, token)).status).toBe(404);
      expect(await server.services.tus.deleteExpired()).toBeGreaterThanOrEqual(1);
      const id = whole.upload.url!.split('/').pop()!;
      expect(
        await server.db.select().from(finishedUploads).where(eq(finishedUploads.uploadId, id)),
      ).toEqual([]);
    } finally {
      server.clock.advance(-TUS_UPLOAD_EXPIRY_MS);
    }
  });
});
