import { readFile } from 'node:fs/promises';
import { MESSAGES, type MovieContentStatus, type MovieContentUploadResult } from '@plotline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPublished } from '../../test/test-projects.ts';
import { testClip } from '../../test/media-fixtures.ts';
import { startTestServer, type TestServer, type Envelope } from '../../test/test-server.ts';

let server: TestServer;
let owner: { companyId: number | null; token: string };
let upload: MovieContentUploadResult;

beforeAll(async () => {
  // No workers: uploads stay queued, which is what these tests look at.
  server = await startTestServer();
  const clip = await testClip({ width: 320, height: 180, seconds: 1 });
  const user = await server.makeUser({ role: 'contributor' });
  owner = { companyId: user.companyId, token: await server.signIn(user) };
  const body = new FormData();
  body.append('type', '2');
  body.append('uploads', new Blob([await readFile(clip)]), 'bridge.mp4');
  const response = await server.request<Envelope<MovieContentUploadResult>>(
    'POST',
    '/api/v1.5/upload/movie-content',
    { token: owner.token, rawBody: body },
  );
  expect(response.status, response.text).toBe(200);
  upload = response.body.data;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const statusOf = (movieId: number, token?: string) =>
  server.request<Envelope<MovieContentStatus[]>>('GET', `/api/transcoder/movie-status/${movieId}`, {
    token,
  });

describe('GET /api/transcoder/movie-status/{movieId}', () => {
  it('lists a queued item truthfully to its company, analysts included, and to the root user', async () => {
    const response = await statusOf(upload.movieId, owner.token);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      {
        movie_content_id: upload.files[0]!.movie_content_id,
        type: 2,
        file_name: 'bridge.mp4',
        url: null,
        thumbnail: null,
        status: 'queued',
        progress: 0,
        duration: null,
        transcoder_log: null,
        lang: [],
      },
    ]);
    const analyst = await server.makeUser({ role: 'analyst', companyId: owner.companyId! });
    expect((await statusOf(upload.movieId, await server.signIn(analyst))).status).toBe(200);
    // The root role crosses companies; internal staff hold no project right (spec §6).
    const root = await server.makeUser({ role: 'king', companyType: null });
    expect((await statusOf(upload.movieId, await server.signIn(root))).status).toBe(200);
    const staff = await server.makeUser({ role: 'internal', companyType: null });
    expect((await statusOf(upload.movieId, await server.signIn(staff))).status).toBe(403);
  });

  it("answers 404 for another company's project and for none, 400 for a bad id, 401 without a token", async () => {
    const stranger = await server.makeUser({ role: 'administrator' });
    const theirs = await statusOf(upload.movieId, await server.signIn(stranger));
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(MESSAGES.projectNotFound);
    expect((await statusOf(999_999, owner.token)).status).toBe(404);
    expect(
      (await server.request('GET', '/api/transcoder/movie-status/abc', { token: owner.token }))
        .status,
    ).toBe(400);
    expect((await statusOf(upload.movieId)).status).toBe(401);
  });
});

describe('POST /api/transcoder/retry', () => {
  const retry = (body: unknown, token?: string) =>
    server.request('POST', '/api/transcoder/retry', { token, body });

  it('refuses what has not failed with 409, and leaves it queued', async () => {
    const response = await retry(
      { id: upload.files[0]!.movie_content_id, trailer: 0 },
      owner.token,
    );
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(MESSAGES.retryNotFailed);
    const [entry] = (await statusOf(upload.movieId, owner.token)).body.data;
    expect(entry!.status).toBe('queued');
  });

  it('checks the id, the company, the right and a published project', async () => {
    const id = upload.files[0]!.movie_content_id;
    expect((await retry({ trailer: 0 }, owner.token)).status).toBe(400);
    expect((await retry({ id: 999_999, trailer: 0 }, owner.token)).status).toBe(404);
    const stranger = await server.makeUser({ role: 'administrator' });
    const theirs = await retry({ id, trailer: 0 }, await server.signIn(stranger));
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(MESSAGES.contentNotFound);
    const analyst = await server.makeUser({ role: 'analyst', companyId: owner.companyId! });
    expect((await retry({ id, trailer: 0 }, await server.signIn(analyst))).status).toBe(403);
    expect((await retry({ id, trailer: 0 })).status).toBe(401);

    await setPublished(server.db, upload.movieId);
    const published = await retry({ id, trailer: 0 }, owner.token);
    expect(published.status).toBe(409);
    expect(published.body.message).toBe(MESSAGES.projectPublished);
    await setPublished(server.db, upload.movieId, false);
  });
});
