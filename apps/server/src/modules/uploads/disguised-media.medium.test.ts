import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  formatMessage,
  MESSAGES,
  STORY_FILE,
  TUS_UPLOAD_PATH,
  type MovieContentStatus,
} from '@plotline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movieContents } from '../../db/schema/index.ts';
import {
  makeDisguisedFiles,
  secretClip,
  startDecoyServer,
  type DecoyServer,
  type DisguisedFile,
} from '../../test/disguised-media.ts';
import { entriesOf, exportOf, postArchive, writtenState, zipOf } from '../../test/test-archives.ts';
import { testFfmpegBinaries } from '../../test/test-media-pipeline.ts';
import { startProjectSuite } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

/*
 * Issue 29's probe: a text playlist named innocent.mp4 whose segment is a file of the server became
 * a ready item showing that file. Each file of disguised-media.ts goes, named `<kind>.mp4`, through
 * every way a video reaches ffmpeg (the multipart upload, tus, a retry of a stored item, a story
 * archive) and must be refused naming what it is, leaving nothing stored and no item ready. The
 * secret they name is a real clip outside the store, also served by a local web server: had
 * ffmpeg read it, a rendition and a poster would exist, or that server would have been asked.
 */

const { server, make, owner } = await startProjectSuite({ transcodeWorkers: 1 });

let folder: string;
let decoy: DecoyServer;
let disguised: DisguisedFile[];
let movieId: number;

/** A project's items as the studio polls them, once `done` says so. */
async function waitForItems(
  project: number,
  done: (items: MovieContentStatus[]) => boolean,
): Promise<MovieContentStatus[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await server.request<Envelope<MovieContentStatus[]>>(
      'GET',
      `/api/transcoder/movie-status/${project}`,
      { token: owner.token },
    );
    if (done(response.body.data)) return response.body.data;
    if (Date.now() > deadline) throw new Error(`still ${response.text}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'plotline-disguised-'));
  const binaries = await testFfmpegBinaries();
  const secret = await secretClip(binaries);
  decoy = await startDecoyServer(secret);
  disguised = await makeDisguisedFiles(binaries, folder, { secret, url: decoy.url });
  movieId = await make.makeProject(owner.token, { title: 'Disguised' });
}, 60_000);

afterAll(async () => {
  await decoy?.close();
  await rm(folder, { recursive: true, force: true });
});

const refusal = (name: string, message: string) =>
  formatMessage(MESSAGES.fileRefused, { file: name, reason: message });

describe('a file that is no video, sent under a video name', () => {
  it('is refused by the multipart upload with a 400 naming it, and nothing is kept', async () => {
    const before = await writtenState(server);
    for (const { kind, file, message } of disguised) {
      const body = new FormData();
      body.append('movieId', String(movieId));
      body.append('type', '1');
      body.append('uploads', new Blob([await readFile(file)]), `${kind}.mp4`);
      const response = await server.request<Envelope<unknown>>(
        'POST',
        '/api/v1.5/upload/movie-content',
        { token: owner.token, rawBody: body },
      );
      expect([kind, response.status, response.body.message]).toEqual([
        kind,
        400,
        refusal(`${kind}.mp4`, message),
      ]);
    }
    expect(await writtenState(server)).toEqual(before);
    expect(decoy.requests).toEqual([]);
  }, 120_000);

  it('is refused by the last PATCH of a tus upload with a 400 naming it, and nothing is kept', async () => {
    const before = { state: await writtenState(server), tus: await server.tusEntries() };
    const tus = async (
      method: string,
      url: string,
      headers: Record<string, string>,
      body?: Buffer,
    ) =>
      fetch(new URL(url, server.baseUrl), {
        method,
        headers: { 'tus-resumable': '1.0.0', [ACCESS_TOKEN_HEADER]: owner.token, ...headers },
        body,
      });
    const metadata = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(',');
    for (const { kind, file, message } of disguised) {
      const bytes = await readFile(file);
      const created = await tus('POST', TUS_UPLOAD_PATH, {
        'upload-length': String(bytes.length),
        'upload-metadata': metadata({
          filename: `${kind}.mp4`,
          type: '1',
          movieId: String(movieId),
        }),
      });
      expect(created.status, kind).toBe(201);
      const answer = await tus(
        'PATCH',
        created.headers.get('location')!,
        { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        bytes,
      );
      const { message: said } = (await answer.json()) as { message: string };
      expect([kind, answer.status, said]).toEqual([kind, 400, refusal(`${kind}.mp4`, message)]);
    }
    expect(await writtenState(server)).toEqual(before.state);
    expect(await server.tusEntries()).toEqual(before.tus);
    expect(decoy.requests).toEqual([]);
  }, 120_000);

  it('refuses a retry of a stored item it became with a 400 naming it, queuing nothing', async () => {
    // Items stored before sources were checked this way, their earlier transcode failed.
    const project = await make.makeProject(owner.token, { title: 'Stored before' });
    const ids = new Map<number, DisguisedFile>();
    for (const item of disguised) {
      const sourceKey = `sources/${randomUUID()}`;
      const bytes = await readFile(item.file);
      await server.blobs.put(sourceKey, bytes);
      const [row] = await server.db
        .insert(movieContents)
        .values({
          movieId: project,
          type: 1,
          fileName: `${item.kind}.mp4`,
          sourceKey,
          sourceBytes: bytes.length,
          status: 'failed',
          transcoderLog: 'The worker stopped.',
        })
        .returning({ id: movieContents.id });
      ids.set(row!.id, item);
    }
    const before = await writtenState(server);
    for (const [id, { kind, message }] of ids) {
      const response = await server.request<{ message: string }>('POST', '/api/transcoder/retry', {
        token: owner.token,
        body: { id, trailer: 0 },
      });
      expect([kind, response.status, response.body.message]).toEqual([
        kind,
        400,
        refusal(`${kind}.mp4`, message),
      ]);
    }
    // Nothing queued or changed: each item is as it was, failed with its old log.
    expect(await writtenState(server)).toEqual(before);
    const items = await waitForItems(project, () => true);
    expect(new Set(items.map((item) => [item.status, item.transcoder_log].join()))).toEqual(
      new Set(['failed,The worker stopped.']),
    );
    expect(decoy.requests).toEqual([]);
  }, 120_000);

  it('is refused inside a story archive with a 400 naming it, and nothing is imported', async () => {
    const clip = await make.uploadClip(owner.token, movieId);
    // The clip's transcode ends before the counting starts.
    await waitForItems(movieId, (all) => all.every((item) => item.status === 'ready'));
    const saved = await server.request('POST', '/api/movie-plot', {
      token: owner.token,
      body: {
        movie_id: movieId,
        version: 0,
        plots: [
          {
            movie_plot_id: -1,
            parent_id: null,
            movie_content_id: clip.movie_content_id,
            locked: '0',
          },
        ],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const { zip } = await exportOf(server, owner.token, movieId);
    const entries = await entriesOf(zip);
    const story = entries.get(STORY_FILE)!;
    const mediaPath = (JSON.parse(story.toString('utf8')) as { items: { media: string }[] })
      .items[0]!.media;

    const before = await writtenState(server);
    for (const { kind, file, message } of disguised) {
      const archive = await zipOf([
        { name: STORY_FILE, data: story },
        { name: mediaPath, data: await readFile(file) },
      ]);
      const response = await postArchive(server, owner.token, archive);
      expect([kind, response.status, response.body.message]).toEqual([
        kind,
        400,
        refusal(mediaPath, message),
      ]);
    }
    expect(await writtenState(server)).toEqual(before);
    expect(decoy.requests).toEqual([]);
  }, 120_000);
});
