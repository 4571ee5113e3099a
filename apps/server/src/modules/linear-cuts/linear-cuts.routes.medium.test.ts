import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  formatMessage,
  LINEAR_CUT_MESSAGES,
  MESSAGES,
  type LinearCut,
  type PlotNode,
} from '@plotline/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../../adapters/ffmpeg/run-process.ts';
import { activityLog, linearCuts, movieContents, movies } from '../../db/schema/index.ts';
import { testClip } from '../../test/media-fixtures.ts';
import { testFfmpegBinaries } from '../../test/test-media-pipeline.ts';
import { startProjectSuite } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

/*
 * Linear cuts through HTTP with the real ffmpeg: a path of three tiny clips (one portrait and
 * silent, at another frame rate) rendered into one MP4 whose streams, length and subtitles
 * ffprobe reads back; the refusals; the download; deletion with the cut and with the project.
 */

const { server, make, owner, analystToken, strangerToken } = await startProjectSuite({
  transcodeWorkers: 1,
});
const binaries = await testFfmpegBinaries();
const scratch = await mkdtemp(path.join(tmpdir(), 'plotline-cuts-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

let movieId: number;
/**
 * The story: the clip `opening`, a choice of the bridges `middle` or `waiting` (not transcoded),
 * then after `middle` the clip `closing`.
 */
const nodes = { opening: 0, middle: 0, waiting: 0, closing: 0 };
let renderedCut: LinearCut;
let renderSeconds: number;

/** A clip whose source is really in the store, marked transcoded (the cut reads sources only). */
async function sourceItem(
  file: string,
  type: 1 | 2,
  name: string,
  seconds: number,
): Promise<number> {
  const key = `sources/${randomUUID()}`;
  await server.blobs.put(key, await readFile(file));
  const id = await make.readyItem(movieId, type, seconds, name);
  await server.db.update(movieContents).set({ sourceKey: key }).where(eq(movieContents.id, id));
  return id;
}

const cutsOf = (id: number) => `/api/movie/${id}/linear-cuts`;

function post(body: unknown, token = owner.token, id = movieId) {
  return server.request<Envelope<LinearCut>>('POST', cutsOf(id), { token, body });
}

async function waitUntilDone(cutId: number): Promise<LinearCut> {
  for (let tries = 0; tries < 600; tries += 1) {
    const response = await server.request<Envelope<LinearCut>>(
      'GET',
      `${cutsOf(movieId)}/${cutId}`,
      {
        token: owner.token,
      },
    );
    expect(response.status).toBe(200);
    const cut = response.body.data;
    if (cut.status === 'ready' || cut.status === 'failed') return cut;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`cut ${cutId} did not finish`);
}

const download = (cutId: number, headers: Record<string, string> = {}, token = owner.token) =>
  fetch(`${server.baseUrl}${cutsOf(movieId)}/${cutId}/file`, {
    headers: { [ACCESS_TOKEN_HEADER]: token, ...headers },
    redirect: 'manual',
  });

async function ffprobe(file: string, args: string[]) {
  const { stdout } = await runProcess(binaries.ffprobe, ['-v', 'error', ...args, file], {
    timeoutMs: 30_000,
    env: binaries.ffprobeEnv,
  });
  return stdout;
}

beforeAll(async () => {
  const landscape = await testClip({ width: 320, height: 180, seconds: 1 });
  const portrait = await testClip({
    width: 180,
    height: 320,
    seconds: 1.5,
    frameRate: 25,
    audio: false,
  });
  movieId = await make.makeProject(owner.token, { title: 'Cut me' });
  const opening = await sourceItem(landscape, 1, 'opening.mp4', 1);
  const middle = await sourceItem(portrait, 2, 'middle.mp4', 1.5);
  const closing = await sourceItem(landscape, 1, 'closing.mp4', 1);
  const waiting = await make.readyItem(movieId, 2, null, 'waiting.mp4');
  await server.db
    .update(movieContents)
    .set({ status: 'processing', hlsKey: null, thumbnailKey: null })
    .where(eq(movieContents.id, waiting));
  // The subtitle's cues: 0–1 s "Hello", 1–2 s "Again".
  await make.uploadSubtitle(owner.token, opening, 1);
  await make.uploadSubtitle(owner.token, middle, 1);
  const saved = await server.request<Envelope<PlotNode[]>>('POST', '/api/movie-plot', {
    token: owner.token,
    body: {
      movie_id: movieId,
      version: 0,
      plots: [
        { movie_plot_id: -1, parent_id: null, movie_content_id: opening, locked: '0' },
        { movie_plot_id: -2, parent_id: -1, movie_content_id: middle, locked: '0' },
        { movie_plot_id: -3, parent_id: -1, movie_content_id: waiting, locked: '0' },
        { movie_plot_id: -4, parent_id: -2, movie_content_id: closing, locked: '0' },
      ],
    },
  });
  expect(saved.status, saved.text).toBe(200);
  const nodeOf = (item: number) =>
    saved.body.data.find((node) => node.movie_content_id === item)!.movie_plot_id;
  Object.assign(nodes, {
    opening: nodeOf(opening),
    middle: nodeOf(middle),
    waiting: nodeOf(waiting),
    closing: nodeOf(closing),
  });
  // A cut reads the project: a published one is cut too.
  await make.setPublished(movieId);
}, 120_000);

describe('rendering a path', () => {
  it('renders one MP4 of the path: H.264, AAC and the subtitles shifted part by part', async () => {
    const started = performance.now();
    const response = await post({ choices: [nodes.middle], language_id: 1 });
    expect(response.status, response.text).toBe(202);
    expect(response.body.data).toMatchObject({
      status: 'queued',
      progress: 0,
      path: [nodes.opening, nodes.middle, nodes.closing],
      language_id: 1,
      error: null,
    });
    // Not downloadable before it is ready.
    const early = await download(response.body.data.id);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toBe(
      LINEAR_CUT_MESSAGES.notReadyToDownload,
    );

    renderedCut = await waitUntilDone(response.body.data.id);
    renderSeconds = (performance.now() - started) / 1000;
    console.info(`linear cut of 3.5 s rendered in ${renderSeconds.toFixed(1)} s`);
    expect(renderedCut).toMatchObject({ status: 'ready', progress: 1, error: null });

    const file = await download(renderedCut.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="plotline-cut-${movieId}-${renderedCut.id}.mp4"`,
    );
    expect(file.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(Number(file.headers.get('content-length'))).toBe(bytes.length);
    const mp4 = path.join(scratch, 'cut.mp4');
    await writeFile(mp4, bytes);

    const probe = JSON.parse(
      await ffprobe(mp4, ['-print_format', 'json', '-show_format', '-show_streams']),
    ) as {
      format: { duration: string };
      streams: {
        codec_type: string;
        codec_name: string;
        width?: number;
        height?: number;
        sample_rate?: string;
        channels?: number;
        tags?: { language?: string };
      }[];
    };
    const streams = probe.streams.map((stream) => [stream.codec_type, stream.codec_name]);
    expect(streams).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
      ['subtitle', 'mov_text'],
    ]);
    const [video, audio, subtitle] = probe.streams;
    // A horizontal project: the 720p frame, the portrait part letterboxed into it.
    expect([video!.width, video!.height]).toEqual([1280, 720]);
    expect([audio!.sample_rate, audio!.channels]).toEqual(['48000', 2]);
    expect(subtitle!.tags?.language).toBe('eng');
    expect(Number(probe.format.duration)).toBeCloseTo(3.5, 1);

    // The middle part's first cue, 0–1 s in its own file, starts when the opening (1 s) ends; the
    // opening's second cue (1–2 s) ran past its part and is gone.
    const { stdout: vtt } = await runProcess(
      binaries.ffmpeg,
      ['-v', 'error', '-i', mp4, '-map', '0:s:0', '-f', 'webvtt', '-'],
      { timeoutMs: 30_000, env: binaries.ffmpegEnv },
    );
    const cues = vtt
      .split('\n')
      .filter((line) => line.includes('-->') || /^(Hello|Again)$/.test(line));
    expect(cues).toEqual([
      '00:00.000 --> 00:01.000',
      'Hello',
      '00:01.000 --> 00:02.000',
      'Hello',
      // The middle's second cue ends with its part: 1.5 s of source, in whole frames at 30 fps.
      expect.stringMatching(/^00:02\.000 --> 00:02\.5\d\d$/),
      'Again',
    ]);
  }, 120_000);

  it('answers ranges of the file', async () => {
    const part = await download(renderedCut.id, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const beyond = await download(renderedCut.id, { range: 'bytes=999999999-' });
    expect(beyond.status).toBe(416);
  });

  it('lists the cuts newest first, for whoever may read the project', async () => {
    const list = await server.request<Envelope<LinearCut[]>>('GET', cutsOf(movieId), {
      token: analystToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((cut) => cut.id)).toEqual([renderedCut.id]);
    expect((await download(renderedCut.id, {}, analystToken)).status).toBe(200);
  });
});

describe('rights', () => {
  const logOf = (cutId: number) =>
    server.db
      .select({
        action: activityLog.action,
        actorId: activityLog.actorId,
        entityType: activityLog.entityType,
        entityId: activityLog.entityId,
      })
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'linear_cut'), eq(activityLog.entityId, String(cutId))))
      .orderBy(activityLog.id);

  it('refuses an analyst (read-only) making or deleting a cut with 403, and changes nothing', async () => {
    const before = await server.db.select().from(linearCuts);
    const made = await post({ choices: [nodes.middle], language_id: null }, analystToken);
    expect(made.status).toBe(403);
    expect(made.body).toEqual({ message: MESSAGES.forbidden });
    const deleted = await server.request('DELETE', `${cutsOf(movieId)}/${renderedCut.id}`, {
      token: analystToken,
    });
    expect(deleted.status).toBe(403);
    expect(deleted.body).toEqual({ message: MESSAGES.forbidden });
    expect(await server.db.select().from(linearCuts)).toEqual(before);
    expect(await logOf(renderedCut.id)).toEqual([
      expect.objectContaining({ action: 'linear_cut.created', actorId: owner.id }),
    ]);
  });

  it("lets the company's administrator make and delete a cut of the published project, each in the log", async () => {
    const admin = await server.makeUser({ role: 'administrator', companyId: owner.companyId });
    const token = await server.signIn(admin);
    const made = await post({ choices: [nodes.middle], language_id: null }, token);
    expect(made.status, made.text).toBe(202);
    const cut = made.body.data;
    const deleted = await server.request('DELETE', `${cutsOf(movieId)}/${cut.id}`, { token });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await logOf(cut.id)).toEqual([
      {
        action: 'linear_cut.created',
        actorId: admin.id,
        entityType: 'linear_cut',
        entityId: String(cut.id),
      },
      {
        action: 'linear_cut.deleted',
        actorId: admin.id,
        entityType: 'linear_cut',
        entityId: String(cut.id),
      },
    ]);
  });
});

describe('a render that fails', () => {
  it('records a short reason, without a stack, and leaves no scratch file', async () => {
    const broken = path.join(scratch, 'broken.mp4');
    await writeFile(broken, 'not a video at all');
    const project = await make.makeProject(owner.token, { title: 'Broken' });
    const key = `sources/${randomUUID()}`;
    await server.blobs.put(key, await readFile(broken));
    const item = await make.readyItem(project, 1, 1, 'broken.mp4');
    await server.db.update(movieContents).set({ sourceKey: key }).where(eq(movieContents.id, item));
    const saved = await server.request('POST', '/api/movie-plot', {
      token: owner.token,
      body: {
        movie_id: project,
        version: 0,
        plots: [{ movie_plot_id: -1, parent_id: null, movie_content_id: item, locked: '0' }],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const response = await post({ choices: [], language_id: null }, owner.token, project);
    expect(response.status, response.text).toBe(202);
    let cut = response.body.data;
    for (let tries = 0; tries < 100 && cut.status !== 'failed'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const read = await server.request<Envelope<LinearCut>>(
        'GET',
        `${cutsOf(project)}/${cut.id}`,
        { token: owner.token },
      );
      cut = read.body.data;
    }
    expect(cut).toMatchObject({
      status: 'failed',
      progress: 0,
      error: 'This file is not a video that can be read; it may be damaged or incomplete.',
    });
    expect(await readdir(path.join(server.workDir, 'cuts'))).toEqual([]);
    expect(await make.blobsUnder(`cuts/${project}`)).toEqual([]);
  }, 60_000);
});

describe('refusals', () => {
  it('refuses picks that lead nowhere with 400', async () => {
    const notOffered = await post({ choices: [nodes.closing], language_id: null });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body).toEqual({
      message: formatMessage(LINEAR_CUT_MESSAGES.notOffered, {
        option: nodes.closing,
        node: nodes.opening,
        options: `${nodes.middle}, ${nodes.waiting}`,
      }),
    });
    const missing = await post({ choices: [], language_id: null });
    expect(missing.status).toBe(400);
    expect((missing.body as unknown as { message: string }).message).toMatch(
      new RegExp(`^Choose an option at node ${nodes.opening}`),
    );
    const extra = await post({ choices: [nodes.middle, nodes.closing], language_id: null });
    expect(extra.status).toBe(400);
    const badBody = await post({ choices: ['2'], language_id: null });
    expect(badBody.status).toBe(400);
    const noSubtitles = await post({ choices: [nodes.middle], language_id: 3 });
    expect(noSubtitles.status).toBe(400);
    expect((noSubtitles.body as unknown as { message: string }).message).toBe(
      LINEAR_CUT_MESSAGES.noSubtitles,
    );
  });

  it('refuses a path through an item not transcoded yet with 409', async () => {
    const response = await post({ choices: [nodes.waiting], language_id: null });
    expect(response.status).toBe(409);
    expect((response.body as unknown as { message: string }).message).toBe(
      formatMessage(LINEAR_CUT_MESSAGES.notReady, { name: 'waiting.mp4' }),
    );
  });

  it("hides another company's project and its cuts (404), and asks for a sign-in (401)", async () => {
    const calls = [
      () => post({ choices: [nodes.middle], language_id: null }, strangerToken),
      () => server.request('GET', cutsOf(movieId), { token: strangerToken }),
      () => server.request('GET', `${cutsOf(movieId)}/${renderedCut.id}`, { token: strangerToken }),
      () =>
        server.request('DELETE', `${cutsOf(movieId)}/${renderedCut.id}`, { token: strangerToken }),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.projectNotFound });
    }
    expect((await download(renderedCut.id, {}, strangerToken)).status).toBe(404);
    expect((await server.request('GET', cutsOf(movieId))).status).toBe(401);
  });

  it('answers 404 for a cut of another project of the company', async () => {
    const other = await make.makeProject(owner.token);
    const response = await server.request('GET', `${cutsOf(other)}/${renderedCut.id}`, {
      token: owner.token,
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: LINEAR_CUT_MESSAGES.notFound });
  });
});

describe('deleting', () => {
  it('deletes a cut with its file', async () => {
    const before = await make.blobsUnder(`cuts/${movieId}`);
    expect(before).toHaveLength(1);
    const deleted = await server.request('DELETE', `${cutsOf(movieId)}/${renderedCut.id}`, {
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    expect(
      (await server.request('GET', `${cutsOf(movieId)}/${renderedCut.id}`, { token: owner.token }))
        .status,
    ).toBe(404);
    expect(await make.blobsUnder(`cuts/${movieId}`)).toEqual([]);
  });

  it("renders a vertical project in its frame, and deleting the draft deletes its cuts' files", async () => {
    await server.db.update(movies).set({ viewMode: 'vertical' }).where(eq(movies.id, movieId));
    const response = await post({ choices: [nodes.middle], language_id: null });
    expect(response.status).toBe(202);
    expect((await waitUntilDone(response.body.data.id)).status).toBe('ready');
    const mp4 = path.join(scratch, 'vertical.mp4');
    await writeFile(mp4, Buffer.from(await (await download(response.body.data.id)).arrayBuffer()));
    const streams = await ffprobe(mp4, [
      ...['-show_entries', 'stream=codec_type,width,height', '-of', 'csv=p=0'],
    ]);
    // No language asked: no subtitle track.
    expect(streams.trim().split('\n')).toEqual(['video,720,1280', 'audio']);
    expect(await make.blobsUnder(`cuts/${movieId}`)).toHaveLength(1);
    await make.setPublished(movieId, false);
    const deleted = await server.request('DELETE', `/api/movie/${movieId}`, { token: owner.token });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await make.blobsUnder(`cuts/${movieId}`)).toEqual([]);
  }, 60_000);
});
