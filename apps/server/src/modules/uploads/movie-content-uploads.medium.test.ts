import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, type MovieContentStatus, type MovieContentUploadResult } from '@plotline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { movieContents } from '../../db/schema/index.ts';
import { testClip, testMedia, testPicture, testTenBitMov } from '../../test/media-fixtures.ts';
import { startTestServer, type TestServer, type Envelope } from '../../test/test-server.ts';

const UPLOAD = '/api/v1.5/upload/movie-content';

let server: TestServer;
let clips: string;
let token: string;
let clip: string;

async function form(files: { file: string; name?: string }[], fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const { file, name } of files) {
    body.append('uploads', new Blob([await readFile(file)]), name ?? path.basename(file));
  }
  return body;
}

async function contentCount(): Promise<number> {
  const [row] = await server.db.select({ rows: count() }).from(movieContents);
  return row!.rows;
}

async function waitForStatus(
  movieId: number,
  done: (entries: MovieContentStatus[]) => boolean,
  timeoutMs = 90_000,
): Promise<MovieContentStatus[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await server.request<Envelope<MovieContentStatus[]>>(
      'GET',
      `/api/transcoder/movie-status/${movieId}`,
      { token },
    );
    expect(response.status).toBe(200);
    if (done(response.body.data)) return response.body.data;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(response.body.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  server = await startTestServer({ transcodeWorkers: 1 });
  clips = await mkdtemp(path.join(tmpdir(), 'plotline-clips-'));
  clip = await testClip({ width: 640, height: 360, seconds: 2 });
  const user = await server.makeUser({ role: 'contributor' });
  token = await server.signIn(user);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(clips, { recursive: true, force: true });
});

describe('POST /api/v1.5/upload/movie-content', () => {
  it('stores a clip in a new draft, transcodes it to a playable HLS ladder with a thumbnail', async () => {
    const response = await server.request<Envelope<MovieContentUploadResult>>('POST', UPLOAD, {
      token,
      rawBody: await form([{ file: clip, name: 'Opening scene.mp4' }], {
        view_mode: 'horizontal',
        type: '1',
      }),
    });
    expect(response.status, response.text).toBe(200);
    const { movieId, files } = response.body.data;
    expect(files).toEqual([
      expect.objectContaining({ file_name: 'Opening scene.mp4', type: 1, thumbnail: null }),
    ]);
    expect(['queued', 'processing', 'playable']).toContain(files[0]!.status);

    const [ready] = await waitForStatus(movieId, ([entry]) => entry?.status === 'ready');
    expect(ready).toMatchObject({ progress: 100, transcoder_log: null });
    expect(ready!.duration).toBeCloseTo(2, 0);
    const master = await fetch(server.baseUrl + ready!.url!);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toContain('immutable');
    const playlist = await master.text();
    expect(playlist).toContain('#EXT-X-STREAM-INF');
    expect(playlist).toContain('360p/index.m3u8');
    const poster = await fetch(server.baseUrl + ready!.thumbnail!);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');

    const rendition = new URL(
      playlist.split('\n').find((line) => line.endsWith('.m3u8'))!,
      server.baseUrl + ready!.url!,
    );
    const segmentName = (await (await fetch(rendition)).text())
      .split('\n')
      .find((line) => line.endsWith('.ts'))!;
    const partial = await fetch(new URL(segmentName, rendition), {
      headers: { range: 'bytes=0-187' },
    });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toMatch(/^bytes 0-187\/\d+$/);
    expect((await partial.arrayBuffer()).byteLength).toBe(188);
  }, 120_000);

  it('refuses what is not a video, naming the file, and keeps nothing', async () => {
    const contentsBefore = await contentCount();
    const png = await testPicture({ width: 64, height: 64 }, 'png');
    const audioOnly = await testMedia(
      ['-v', 'error', '-f', 'lavfi', '-i', 'sine', '-t', '1', '-c:a', 'aac', '-y'],
      'm4a',
    );
    // Without faststart the index sits at the end: half a file has none and cannot be read.
    const truncated = path.join(clips, 'truncated.mp4');
    const whole = await readFile(clip);
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));

    const cases = [
      {
        file: png,
        name: 'holiday.mp4',
        message: 'holiday.mp4: This file is a still image, not a video.',
      },
      {
        file: audioOnly,
        name: 'song.mp4',
        message: 'song.mp4: This file has sound but no picture: upload a video.',
      },
      { file: truncated, name: 'cut.mp4', message: `cut.mp4: ${MESSAGES.notAVideo}` },
    ];
    for (const { file, name, message } of cases) {
      const response = await server.request('POST', UPLOAD, {
        token,
        rawBody: await form([{ file: clip }, { file, name }], { type: '1' }),
      });
      expect(response.status, name).toBe(415);
      expect(response.body.message).toBe(message);
    }
    expect(await readdir(path.join(server.workDir, 'incoming'))).toEqual([]);
    expect(await contentCount()).toBe(contentsBefore);
  });

  // Which rungs a size gets (4K tops out at 1080p, a tall source keeps its shape) is ladder.test.ts's;
  // the transcoder's handling of each kind of source is hls-transcoder.medium.test.ts's. Here each
  // kind goes through the upload once, small, to a playable ladder.
  it('makes a ladder of whatever video arrives: silent, 10-bit, variable rate, vertical', async () => {
    const sources = [
      {
        name: 'silent.mp4',
        file: await testClip({ width: 320, height: 180, seconds: 1, audio: false }),
      },
      {
        name: 'phone.mov',
        file: (await testTenBitMov({ width: 640, height: 360, seconds: 1 })).file,
      },
      {
        name: 'variable.mp4',
        file: await testClip({
          width: 320,
          height: 180,
          seconds: 2,
          outputArgs: [
            ...['-vf', 'select=lt(t\\,1)+not(mod(n\\,3))', '-vsync', 'vfr'],
            ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
          ],
        }),
      },
      { name: 'vertical.mp4', file: await testClip({ width: 480, height: 854, seconds: 1 }) },
    ];

    const response = await server.request<Envelope<MovieContentUploadResult>>('POST', UPLOAD, {
      token,
      rawBody: await form(sources, { type: '2', view_mode: 'vertical' }),
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.files.map((file) => file.type)).toEqual([2, 2, 2, 2]);
    const entries = await waitForStatus(
      response.body.data.movieId,
      (all) => all.every((entry) => entry.status === 'ready' || entry.status === 'failed'),
      240_000,
    );
    expect(entries.map((entry) => [entry.file_name, entry.status, entry.transcoder_log])).toEqual([
      ['silent.mp4', 'ready', null],
      ['phone.mov', 'ready', null],
      ['variable.mp4', 'ready', null],
      ['vertical.mp4', 'ready', null],
    ]);
    const masters = await Promise.all(
      entries.map(async (entry) => (await fetch(server.baseUrl + entry.url!)).text()),
    );
    // Sound in every rendition, silence made up for a silent source: items play as one stream.
    expect(masters[0]).toContain('mp4a');
    expect(masters[1]).toContain('mp4a');
    // No rendition above the source; portrait stays portrait, on every rung.
    expect(masters[0]).toMatch(/RESOLUTION=320x180/);
    expect(masters[0]).not.toMatch(/RESOLUTION=640x360/);
    expect(masters[3]).toMatch(/RESOLUTION=480x854/);
    expect(masters[3]).toMatch(/RESOLUTION=360x640/);
    expect(masters[3]).not.toMatch(/RESOLUTION=720x1280/);
  }, 300_000);

  it('fails a file that reads but stops early, says why, and retries it on request', async () => {
    // With the index first, half a file still probes as the whole length and fails while encoding.
    const faststart = await testClip({
      width: 320,
      height: 180,
      seconds: 4,
      outputArgs: [
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
      ],
    });
    const cut = path.join(clips, 'cut-after-index.mp4');
    const bytes = await readFile(faststart);
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));

    const upload = await server.request<Envelope<MovieContentUploadResult>>('POST', UPLOAD, {
      token,
      rawBody: await form([{ file: cut }], { type: '1' }),
    });
    expect(upload.status, upload.text).toBe(200);
    const { movieId } = upload.body.data;
    const [failed] = await waitForStatus(movieId, ([entry]) => entry?.status === 'failed');
    expect(failed!.transcoder_log).toMatch(/stops after .* s of 4\.0 s/);
    expect(failed!.thumbnail).toBeNull();

    const retried = await server.request<Envelope<MovieContentStatus>>(
      'POST',
      '/api/transcoder/retry',
      {
        token,
        body: { id: failed!.movie_content_id, trailer: 0 },
      },
    );
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.data).toMatchObject({
      status: 'queued',
      transcoder_log: null,
      thumbnail: null,
      url: null,
      progress: 0,
    });
    await waitForStatus(movieId, ([entry]) => entry?.status === 'failed');

    const again = await server.request('POST', '/api/transcoder/retry', {
      token,
      body: { id: failed!.movie_content_id, trailer: 0 },
    });
    expect(again.status).toBe(200);
    await waitForStatus(movieId, ([entry]) => entry?.status === 'failed');
  }, 120_000);
});
