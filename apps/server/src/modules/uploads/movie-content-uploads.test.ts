import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, type MovieContentStatus, type MovieContentUploadResult } from '@plotline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestClip } from '../../test/test-media.ts';
import {
  startTestServer,
  testFfmpegBinaries,
  type TestServer,
} from '../../test/test-server.ts';

const UPLOAD = '/api/v1.5/upload/movie-content';
type Envelope<T> = { data: T; message?: string };

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
  clip = path.join(clips, 'clip.mp4');
  await makeTestClip(await testFfmpegBinaries(), clip, { width: 640, height: 360, seconds: 2 });
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

    const rendition = new URL(playlist.split('\n').find((line) => line.endsWith('.m3u8'))!, server.baseUrl + ready!.url!);
    const segmentName = (await (await fetch(rendition)).text()).split('\n').find((line) => line.endsWith('.ts'))!;
    const partial = await fetch(new URL(segmentName, rendition), { headers: { range: 'bytes=0-187' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toMatch(/^bytes 0-187\/\d+$/);
    expect((await partial.arrayBuffer()).byteLength).toBe(188);
  }, 120_000);

  it('refuses a PNG renamed .mp4 and keeps nothing', async () => {
    const png = path.join(clips, 'still.png');
    const { ffmpeg } = await testFfmpegBinaries();
    const { execFileSync } = await import('node:child_process');
    execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x64', '-frames:v', '1', '-y', png]);
    const response = await server.request('POST', UPLOAD, {
      token,
      rawBody: await form([{ file: png, name: 'holiday.mp4' }], { type: '1' }),
    });
    expect(response.status).toBe(415);
    expect(response.body.message).toBe('holiday.mp4: This file is a still image, not a video.');
    expect(await readdir(path.join(server.workDir, 'incoming'))).toEqual([]);
  });

  it('answers the spec message for a request over the limit', async () => {
    const response = await server.request('POST', UPLOAD, {
      token,
      rawBody: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '1' },
    });
    expect(response.status).toBe(400);
    await writeFile(path.join(clips, 'x'), '');
    expect(MESSAGES.uploadTooLarge).toBe('Total selected file size must be smaller than 1GB!');
  });
});
