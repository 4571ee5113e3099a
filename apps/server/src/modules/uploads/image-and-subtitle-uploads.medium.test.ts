import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, type MovieContentStatus, type MovieContentUploadResult } from '@plotline/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerImages, movies } from '../../db/schema/index.ts';
import { testClip, testPicture } from '../../test/media-fixtures.ts';
import { startTestServer, type TestServer, type Envelope } from '../../test/test-server.ts';

let server: TestServer;
let files: string;
let token: string;
let png: string;
let jpeg: string;

async function form(file: { path: string; name: string }, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('uploads', new Blob([await readFile(file.path)]), file.name);
  return body;
}

/** Whether the store holds the blob behind a public /api/media/ URL. */
const isStored = async (location: string) =>
  (await server.blobs.size(location.replace(/^\/api\/media\//, ''))) !== null;

async function newClip(): Promise<MovieContentStatus & { movieId: number }> {
  const clip = await testClip({ width: 320, height: 180, seconds: 1 });
  const response = await server.request<Envelope<MovieContentUploadResult>>(
    'POST',
    '/api/v1.5/upload/movie-content',
    { token, rawBody: await form({ path: clip, name: 'clip.mp4' }, { type: '1' }) },
  );
  expect(response.status, response.text).toBe(200);
  return { ...response.body.data.files[0]!, movieId: response.body.data.movieId };
}

beforeAll(async () => {
  server = await startTestServer();
  files = await mkdtemp(path.join(tmpdir(), 'plotline-images-'));
  png = await testPicture({ width: 320, height: 180 }, 'png');
  jpeg = await testPicture({ width: 656, height: 896 }, 'jpg');
  const user = await server.makeUser({ role: 'administrator' });
  token = await server.signIn(user);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(files, { recursive: true, force: true });
});

describe('POST /api/upload/thumbnailMobile and /thumbnailDesktop', () => {
  it('starts a draft, sets the thumbnail, and replaces it, removing the old file', async () => {
    const first = await server.request<Envelope<{ movieId: number; location: string }>>(
      'POST',
      '/api/upload/thumbnailMobile',
      {
        token,
        rawBody: await form({ path: png, name: 'poster.png' }, { contentType: 'image/png' }),
      },
    );
    expect(first.status, first.text).toBe(200);
    const { movieId, location } = first.body.data;
    expect(location).toMatch(/^\/api\/media\/thumbnails\/[0-9a-f-]+\.png$/);
    const served = await fetch(server.baseUrl + location);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(await readFile(png));

    const second = await server.request<Envelope<{ movieId: number; location: string }>>(
      'POST',
      '/api/upload/thumbnailMobile',
      {
        token,
        rawBody: await form({ path: jpeg, name: 'poster.jpg' }, { movieId: String(movieId) }),
      },
    );
    expect(second.status, second.text).toBe(200);
    expect(second.body.data.movieId).toBe(movieId);
    expect(second.body.data.location).toMatch(/\.jpg$/);
    expect(await isStored(location)).toBe(false);

    const desktop = await server.request<Envelope<{ movieId: number; location: string }>>(
      'POST',
      '/api/upload/thumbnailDesktop',
      { token, rawBody: await form({ path: png, name: 'wide.png' }, { movieId: String(movieId) }) },
    );
    expect(desktop.status).toBe(200);
    const [movie] = await server.db.select().from(movies).where(eq(movies.id, movieId));
    expect(movie).toMatchObject({
      status: 'draft',
      type: 1,
      thumbnailMobile: second.body.data.location.replace('/api/media/', ''),
      thumbnailDesktop: desktop.body.data.location.replace('/api/media/', ''),
    });
  });

  it('refuses what is not an image that decodes, whatever its name', async () => {
    const text = path.join(files, 'notes.png');
    await writeFile(text, 'not a picture at all');
    const whole = await readFile(png);
    const cut = path.join(files, 'cut.png');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 3)));
    for (const [file, name] of [
      [text, 'notes.png'],
      [cut, 'cut.png'],
    ] as const) {
      const response = await server.request('POST', '/api/upload/thumbnailDesktop', {
        token,
        rawBody: await form({ path: file, name }, {}),
      });
      expect(response.status, name).toBe(415);
      expect(response.body.message).toBe(`${name}: ${MESSAGES.notAnImage}`);
    }
  });

  it("refuses another company's project as unknown, and callers without the right", async () => {
    const stranger = await server.makeUser({ role: 'administrator' });
    const theirs = await server.request<Envelope<{ movieId: number }>>(
      'POST',
      '/api/upload/thumbnailMobile',
      {
        token: await server.signIn(stranger),
        rawBody: await form({ path: png, name: 'a.png' }, {}),
      },
    );
    const response = await server.request('POST', '/api/upload/thumbnailMobile', {
      token,
      rawBody: await form(
        { path: png, name: 'a.png' },
        { movieId: String(theirs.body.data.movieId) },
      ),
    });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(MESSAGES.projectNotFound);

    const analyst = await server.makeUser({ role: 'analyst' });
    const refused = await server.request('POST', '/api/upload/thumbnailMobile', {
      token: await server.signIn(analyst),
      rawBody: await form({ path: png, name: 'a.png' }, {}),
    });
    expect(refused.status).toBe(403);
    const anonymous = await server.request('POST', '/api/upload/thumbnailMobile', {
      rawBody: await form({ path: png, name: 'a.png' }, {}),
    });
    expect(anonymous.status).toBe(401);

    const staff = await server.makeUser({ role: 'internal', companyType: null });
    const staffDraft = await server.request('POST', '/api/upload/thumbnailMobile', {
      token: await server.signIn(staff),
      rawBody: await form({ path: png, name: 'a.png' }, {}),
    });
    expect(staffDraft.status).toBe(403);
  });
});

describe('POST /api/upload/banner/{kind}', () => {
  it('stores one image per kind, replacing the previous one', async () => {
    const { movieId } = await newClip();
    const first = await server.request<Envelope<{ location: string; mediaId: number }>>(
      'POST',
      '/api/upload/banner/vertical_regular',
      {
        token,
        rawBody: await form({ path: jpeg, name: 'banner.jpg' }, { movieId: String(movieId) }),
      },
    );
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.location).toMatch(/^\/api\/media\/banners\/.+\.jpg$/);
    const second = await server.request<Envelope<{ location: string; mediaId: number }>>(
      'POST',
      '/api/upload/banner/vertical_regular',
      {
        token,
        rawBody: await form(
          { path: png, name: 'banner.png' },
          {
            movieId: String(movieId),
            mediaId: String(first.body.data.mediaId),
          },
        ),
      },
    );
    expect(second.status).toBe(200);
    expect(second.body.data.mediaId).not.toBe(first.body.data.mediaId);
    expect(await isStored(first.body.data.location)).toBe(false);
    const stored = await server.db
      .select()
      .from(bannerImages)
      .where(eq(bannerImages.movieId, movieId));
    expect(stored).toEqual([
      expect.objectContaining({ kind: 'vertical_regular', width: 320, height: 180 }),
    ]);
  });

  it('refuses an unknown kind and a missing project', async () => {
    const unknownKind = await server.request('POST', '/api/upload/banner/square', {
      token,
      rawBody: await form({ path: png, name: 'b.png' }, { movieId: '1' }),
    });
    expect(unknownKind.status).toBe(400);
    const noProject = await server.request('POST', '/api/upload/banner/horizontal', {
      token,
      rawBody: await form({ path: png, name: 'b.png' }, {}),
    });
    expect(noProject.status).toBe(400);
    expect(noProject.body.message).toMatch(/^movieId: /);
  });
});

describe('POST /api/upload/subtitle', () => {
  const srt =
    '\uFEFF1\r\n00:00:00,000 --> 00:00:01,500\r\nHello, world\r\n\r\n2\r\n00:00:01,500 --> 00:00:02,000\r\nAgain\r\n\r\n\r\n';

  it('stores an SRT as uploaded and as WebVTT, listed with its language', async () => {
    const content = await newClip();
    const file = path.join(files, 'english.srt');
    await writeFile(file, srt);
    const fields = {
      movie_content_id: String(content.movie_content_id),
      language_id: '3',
      exist: '0',
    };
    const response = await server.request<Envelope<{ location: string; file_name: string }>>(
      'POST',
      '/api/upload/subtitle',
      { token, rawBody: await form({ path: file, name: 'English subs.srt' }, fields) },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.file_name).toBe('English subs.srt');
    const vtt = await (await fetch(server.baseUrl + response.body.data.location)).text();
    expect(vtt).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\nHello, world\n\n2\n00:00:01.500 --> 00:00:02.000\nAgain\n',
    );

    const status = await server.request<Envelope<MovieContentStatus[]>>(
      'GET',
      `/api/transcoder/movie-status/${content.movieId}`,
      { token },
    );
    expect(status.body.data[0]!.lang).toEqual([
      {
        language_id: 3,
        caption: '',
        file: response.body.data.location,
        file_name: 'English subs.srt',
      },
    ]);

    const replaced = await server.request<Envelope<{ location: string }>>(
      'POST',
      '/api/upload/subtitle',
      {
        token,
        rawBody: await form({ path: file, name: 'v2.srt' }, { ...fields, exist: '1' }),
      },
    );
    expect(replaced.status).toBe(200);
    expect(await isStored(response.body.data.location)).toBe(false);
  });

  it('refuses a subtitle with bad timestamps, another extension, or an unknown language', async () => {
    const content = await newClip();
    const bad = path.join(files, 'bad.srt');
    await writeFile(bad, '1\n00:00:01,000 --> 00:00:0x,000\nBroken\n');
    const fields = { movie_content_id: String(content.movie_content_id), language_id: '1' };
    const broken = await server.request('POST', '/api/upload/subtitle', {
      token,
      rawBody: await form({ path: bad, name: 'bad.srt' }, fields),
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(
      /^bad\.srt: This subtitle file cannot be read: .*00:00:0x,000/,
    );

    const renamed = await server.request('POST', '/api/upload/subtitle', {
      token,
      rawBody: await form({ path: bad, name: 'subs.txt' }, fields),
    });
    expect(renamed.status).toBe(415);
    expect(renamed.body.message).toBe(`subs.txt: ${MESSAGES.subtitleNotSrt}`);

    const unknown = await server.request('POST', '/api/upload/subtitle', {
      token,
      rawBody: await form({ path: bad, name: 'bad.srt' }, { ...fields, language_id: '999' }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(`language_id: ${MESSAGES.unknownLanguage}`);

    const missing = await server.request('POST', '/api/upload/subtitle', {
      token,
      rawBody: await form(
        { path: bad, name: 'bad.srt' },
        { ...fields, movie_content_id: '999999' },
      ),
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MESSAGES.contentNotFound);
  });
});
