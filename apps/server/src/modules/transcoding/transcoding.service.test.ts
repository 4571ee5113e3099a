import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@plotline/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaProbe } from '../../adapters/ffmpeg/media-probe.ts';
import { ProcessFailedError } from '../../adapters/ffmpeg/run-process.ts';
import { UnsupportedMediaError } from '../../adapters/ffmpeg/unsupported-media-error.ts';
import type { JobContext } from '../../adapters/job-queue.ts';
import { createFakeBlobStore } from '../../test/fakes/fake-blob-store.ts';
import { createFakeData, fakeCaller } from '../../test/fakes/fake-data.ts';
import { createFakeFfmpeg, FAKE_SOURCE } from '../../test/fakes/fake-ffmpeg.ts';
import type { FakeContentRow } from '../../test/fakes/fake-movie-contents.ts';
import { holdNextCall, refusal, settle } from '../../test/fakes/interceptors.ts';
import type { TranscodeUpdate } from '../content/movie-contents.repository.ts';
import { HlsValidationError } from './hls-transcoder.ts';
import { createTranscodingService, jobExpirySeconds } from './transcoding.service.ts';

/**
 * The rules of a transcode attempt with ffmpeg, the store and the database faked: which runs count,
 * what a failure records on which attempt, what an overtaken run leaves, how progress is written,
 * what a job the queue gave up on records, and what a retry queues. The worker tests run the same
 * service on real ffmpeg and pg-boss, minutes for a few of these cases.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function setup(source: MediaProbe = FAKE_SOURCE) {
  const data = createFakeData();
  const blobs = createFakeBlobStore();
  const ffmpeg = createFakeFfmpeg(source);
  const workDir = await mkdtemp(path.join(tmpdir(), 'plotline-transcoding-'));
  cleanups.push(() => rm(workDir, { recursive: true, force: true }));
  const service = createTranscodingService({
    contents: data.contents,
    projects: data.projects,
    queue: data.queue,
    blobs,
    ffmpeg,
    clock: data.clock,
    transaction: data.transaction,
    workDir,
  });
  const movie = data.makeMovie();

  /** What the service asked to write, in order, and whether it landed. */
  const writes: (TranscodeUpdate & { written: boolean })[] = [];
  const updateAttempt = data.contents.updateAttempt;
  data.contents.updateAttempt = async (...args) => {
    const entry = { ...args[2], written: false };
    writes.push(entry);
    entry.written = await updateAttempt(...args);
    return entry.written;
  };

  /** A stored source and its item, queued for its first attempt unless told. */
  async function makeItem(values: Partial<FakeContentRow> = {}): Promise<FakeContentRow> {
    const sourceKey = `sources/${randomUUID()}`;
    await blobs.put(sourceKey, Buffer.from('the uploaded file'));
    return data.makeContent(movie.id, {
      status: 'queued',
      progress: 0,
      durationSeconds: null,
      sourceKey,
      ...values,
    });
  }

  const run = (item: FakeContentRow, context: Partial<JobContext> = {}) =>
    service.runTranscode(
      { movieContentId: item.id, attempt: item.attempt },
      { signal: new AbortController().signal, lastAttempt: false, ...context },
    );

  const row = (item: FakeContentRow) => data.tables.contents.find(item.id);

  return {
    data,
    blobs,
    ffmpeg,
    workDir,
    service,
    owner: fakeCaller(movie.companyId),
    writes,
    makeItem,
    run,
    row,
  };
}

/** ffmpeg refusing to go on, as run-process reports it. */
const ffmpegFailure = (stderr: string) => new ProcessFailedError('ffmpeg', 1, null, stderr);

describe('a transcode run', () => {
  it('makes the item playable after a quick pass, then ready with the ladder, whose files alone stay', async () => {
    const { ffmpeg, blobs, workDir, writes, makeItem, run, row } = await setup();
    const item = await makeItem();
    await run(item);

    expect(ffmpeg.runs).toEqual([
      { kind: 'ladder', preset: 'ultrafast', rungs: 1 },
      { kind: 'poster', preset: null, rungs: 0 },
      { kind: 'ladder', preset: 'veryfast', rungs: 3 },
      { kind: 'poster', preset: null, rungs: 0 },
    ]);
    const statuses = writes.filter((write) => write.status).map((write) => write.status);
    expect(statuses).toEqual(['processing', 'playable', 'ready']);
    const ready = row(item)!;
    expect(ready).toMatchObject({ status: 'ready', progress: 100, durationSeconds: 10 });
    const prefix = ready.hlsKey!.slice(0, ready.hlsKey!.lastIndexOf('/'));
    expect(ready.thumbnailKey).toBe(`${prefix}/poster.jpg`);
    expect(blobs.prefixes('hls')).toEqual([prefix]);
    expect(blobs.keys()).toContain(`${prefix}/720p/index.m3u8`);
    expect(await readdir(workDir)).toEqual([]);
  });

  it('goes straight to the ladder for a source with a single rendition', async () => {
    const small = {
      ...FAKE_SOURCE,
      video: { ...FAKE_SOURCE.video, displayWidth: 320, displayHeight: 240 },
    };
    const { ffmpeg, writes, makeItem, run, row } = await setup(small);
    const item = await makeItem();
    await run(item);
    expect(ffmpeg.runs.filter((call) => call.kind === 'ladder')).toEqual([
      { kind: 'ladder', preset: 'veryfast', rungs: 1 },
    ]);
    expect(writes.filter((write) => write.status).map((write) => write.status)).toEqual([
      'processing',
      'ready',
    ]);
    expect(row(item)!.status).toBe('ready');
  });

  it('resumes a playable item at the ladder, keeps it playable meanwhile, then drops the quick rendition', async () => {
    const { ffmpeg, blobs, writes, makeItem, run, row } = await setup();
    const item = await makeItem({
      status: 'playable',
      progress: 40,
      hlsKey: 'hls/quick/master.m3u8',
    });
    await blobs.put('hls/quick/master.m3u8', Buffer.from('#EXTM3U'));
    await run(item);

    expect(ffmpeg.runs.filter((call) => call.kind === 'ladder')).toEqual([
      { kind: 'ladder', preset: 'veryfast', rungs: 3 },
    ]);
    expect(writes[0]).toMatchObject({ status: 'playable', transcoderLog: null });
    expect(writes.filter((write) => write.status).map((write) => write.status)).toEqual([
      'playable',
      'ready',
    ]);
    expect(row(item)!.hlsKey).not.toContain('hls/quick/');
    expect(blobs.prefixes('hls')).not.toContain('hls/quick');
    expect(blobs.prefixes('hls')).toHaveLength(1);
  });

  it.each([
    ['of an older attempt', { attempt: 2 }, { attempt: 1 }],
    ['of a ready item', { status: 'ready' as const }, {}],
    ['of a failed item', { status: 'failed' as const }, {}],
  ])('does nothing for a job %s', async (_case, values, job) => {
    const { ffmpeg, writes, makeItem, service, row } = await setup();
    const item = await makeItem(values);
    const before = row(item);
    await service.runTranscode(
      { movieContentId: item.id, attempt: item.attempt, ...job },
      { signal: new AbortController().signal, lastAttempt: true },
    );
    expect(ffmpeg.runs).toEqual([]);
    expect(writes).toEqual([]);
    expect(row(item)).toEqual(before);
  });

  it('does nothing for a job of an item deleted since', async () => {
    const { data, ffmpeg, makeItem, run } = await setup();
    const item = await makeItem();
    data.tables.contents.delete(item.id);
    await run(item);
    expect(ffmpeg.runs).toEqual([]);
  });

  it("clears the folder a killed run of the same item left, and no other item's", async () => {
    const { workDir, makeItem, run } = await setup();
    const item = await makeItem();
    // Item ids 1 and 11 share a first digit: only the folder of this very item may go.
    const leftover = `${item.id}-1-${randomUUID()}`;
    const other = `${item.id}1-1-${randomUUID()}`;
    await mkdir(path.join(workDir, leftover, 'ladder.partial'), { recursive: true });
    await mkdir(path.join(workDir, other));
    await run(item);
    expect(await readdir(workDir)).toEqual([other]);
  });
});

describe('a run overtaken by a retry', () => {
  it('writes nothing once the item is at a newer attempt, and removes the files it made', async () => {
    const { data, ffmpeg, blobs, writes, makeItem, run, row } = await setup();
    const item = await makeItem();
    const held = holdNextCall(ffmpeg, 'run');
    const running = run(item);
    await held.reached;
    // Meanwhile the run was given up on, recorded failed, and a retry started attempt 2.
    data.tables.contents.update(item.id, { status: 'failed' });
    await data.contents.startNewAttempt(item.id, data.clock.now());
    held.release();
    await running;

    expect(ffmpeg.runs.filter((call) => call.kind === 'ladder')).toHaveLength(1);
    expect(writes.at(-1)).toMatchObject({ status: 'playable', written: false });
    expect(row(item)).toMatchObject({ status: 'queued', attempt: 2, hlsKey: null, progress: 0 });
    expect(blobs.prefixes('hls')).toEqual([]);
  });
});

describe('a failing run', () => {
  it('puts the item back in the queue and throws, before its last attempt, so the queue retries', async () => {
    const { ffmpeg, makeItem, run, row, workDir } = await setup();
    const item = await makeItem();
    ffmpeg.control.beforeRun = async () => {
      throw ffmpegFailure('Conversion failed!');
    };
    await expect(run(item)).rejects.toBeInstanceOf(ProcessFailedError);
    expect(row(item)).toMatchObject({ status: 'queued', transcoderLog: null, attempt: 1 });
    expect(await readdir(workDir)).toEqual([]);
  });

  it('keeps a playable item playable when the ladder fails before the last attempt', async () => {
    const { ffmpeg, makeItem, run, row } = await setup();
    const item = await makeItem({ status: 'playable', hlsKey: 'hls/quick/master.m3u8' });
    ffmpeg.control.beforeRun = async () => {
      throw ffmpegFailure('Conversion failed!');
    };
    await expect(run(item)).rejects.toThrow('Conversion failed!');
    expect(row(item)).toMatchObject({ status: 'playable', hlsKey: 'hls/quick/master.m3u8' });
  });

  it("records the failure with ffmpeg's words on the last attempt, and ends the job", async () => {
    const { ffmpeg, makeItem, run, row } = await setup();
    const item = await makeItem({
      status: 'playable',
      progress: 60,
      hlsKey: 'hls/quick/master.m3u8',
    });
    const stderr = '[h264 @ 0x1] error while decoding MB 3 4\nConversion failed!';
    ffmpeg.control.beforeRun = async () => {
      throw ffmpegFailure(stderr);
    };
    await run(item, { lastAttempt: true });
    const failed = row(item)!;
    expect(failed).toMatchObject({ status: 'failed', progress: 0 });
    expect(failed.transcoderLog).toBe(`ffmpeg exited with code 1: Conversion failed!\n${stderr}`);
  });

  it('keeps the last 4000 characters of a long explanation', async () => {
    const { ffmpeg, makeItem, run, row } = await setup();
    const item = await makeItem();
    const stderr = `${'x'.repeat(5000)}\nthe last line`;
    ffmpeg.control.beforeRun = async () => {
      throw ffmpegFailure(stderr);
    };
    await run(item, { lastAttempt: true });
    const log = row(item)!.transcoderLog!;
    expect(log).toHaveLength(4001);
    expect(log.startsWith('…x')).toBe(true);
    expect(log.endsWith('\nthe last line')).toBe(true);
  });

  it.each([
    [
      'a file ffmpeg cannot read',
      new UnsupportedMediaError('not-media', 'Not a video.', 'moov atom not found'),
    ],
    [
      'renditions that do not line up',
      new HlsValidationError('Rendition 360p has 2 segments, 720p has 3'),
    ],
  ])(
    'fails at once for %s, on the first attempt too, with its message alone',
    async (_case, error) => {
      const { ffmpeg, makeItem, run, row } = await setup();
      const item = await makeItem();
      ffmpeg.control.beforeRun = async () => {
        throw error;
      };
      await run(item);
      expect(row(item)).toMatchObject({ status: 'failed', transcoderLog: error.message });
    },
  );

  it('fails at once when the source is gone from the store', async () => {
    const { blobs, ffmpeg, makeItem, run, row } = await setup();
    const item = await makeItem();
    await blobs.delete(item.sourceKey);
    await run(item);
    expect(ffmpeg.runs).toEqual([]);
    expect(row(item)!.status).toBe('failed');
    expect(row(item)!.transcoderLog).toContain('ENOENT');
  });

  it('records nothing when it is stopped, even on its last attempt: the queue hands the job out again', async () => {
    const { ffmpeg, makeItem, run, row, workDir } = await setup();
    const item = await makeItem();
    const stop = new AbortController();
    ffmpeg.control.beforeRun = async () => {
      stop.abort();
      throw ffmpegFailure('Exiting normally, received signal 15.');
    };
    await expect(run(item, { signal: stop.signal, lastAttempt: true })).rejects.toThrow();
    expect(row(item)).toMatchObject({ status: 'processing', transcoderLog: null });
    expect(await readdir(workDir)).toEqual([]);
  });
});

describe('progress', () => {
  it('is written at most once a second, only upward, and below 100 until the item is ready', async () => {
    const { ffmpeg, writes, makeItem, run } = await setup();
    const item = await makeItem();
    // Each pass reports 50, 100 (capped at 99 by the transcoder), 40, then 100 at its end: the
    // quick pass as 12, 24, 10, 25 of the item's progress, the ladder as 62, 99, 55, 100.
    ffmpeg.control.progress = [50, 100, 40];
    const reportedAt = [5_000, 5_999, 8_000, 8_999, 10_000, 11_000];
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    ffmpeg.control.beforeProgress = () => {
      now = reportedAt.shift()!;
    };
    await run(item);

    const progress = writes
      .filter((write) => write.progress !== undefined && write.status === undefined)
      .map((write) => write.progress);
    // 24 and 62 came 999 ms after a write, 10 and 55 are lower than what was written, 99 came
    // 1000 ms after one; the ladder's end a second later is written as 99 too.
    expect(progress).toEqual([12, 25, 99, 99]);
    expect(writes.at(-1)).toMatchObject({ status: 'ready', progress: 100 });
  });
});

describe('a job the queue gave up on', () => {
  it('is recorded as failed with the interrupted message', async () => {
    const { service, makeItem, row } = await setup();
    const item = await makeItem({ status: 'processing', progress: 70 });
    await service.abandonTranscode({ movieContentId: item.id, attempt: 1 });
    expect(row(item)).toMatchObject({ status: 'failed', progress: 0 });
    expect(row(item)!.transcoderLog).toMatch(/interrupted every time it ran/);
  });

  it.each([
    ['a ready item', { status: 'ready' as const, progress: 100 }, 1],
    [
      'a failure its run recorded',
      { status: 'failed' as const, transcoderLog: 'ffmpeg said no' },
      1,
    ],
    ['an item retried since', { status: 'queued' as const, attempt: 2 }, 1],
  ])('leaves %s as it is', async (_case, values, attempt) => {
    const { service, makeItem, row } = await setup();
    const item = await makeItem(values);
    const before = row(item);
    await service.abandonTranscode({ movieContentId: item.id, attempt });
    expect(row(item)).toEqual(before);
  });
});

describe('a retry', () => {
  it("queues the next attempt with room for the item's length, and removes the old renditions", async () => {
    const { data, blobs, service, owner, makeItem, row } = await setup();
    const item = await makeItem({
      status: 'failed',
      durationSeconds: 100,
      hlsKey: 'hls/quick/master.m3u8',
      transcoderLog: 'Conversion failed!',
    });
    await blobs.put('hls/quick/master.m3u8', Buffer.from('#EXTM3U'));
    const entry = await service.retry(owner, item.id);

    expect(data.queue.queued).toEqual([
      {
        job: { kind: 'transcode', movieContentId: item.id, attempt: 2 },
        expireInSeconds: 600 + 100 * 45,
      },
    ]);
    expect(row(item)).toMatchObject({
      status: 'queued',
      attempt: 2,
      transcoderLog: null,
      hlsKey: null,
    });
    expect(entry).toMatchObject({ status: 'queued', progress: 0, url: null, transcoder_log: null });
    expect(blobs.prefixes('hls')).toEqual([]);
  });

  it('queues nothing when its transaction fails to commit, and leaves the item failed', async () => {
    const { data, blobs, service, owner, makeItem, row } = await setup();
    const item = await makeItem({ status: 'failed', hlsKey: 'hls/quick/master.m3u8' });
    await blobs.put('hls/quick/master.m3u8', Buffer.from('#EXTM3U'));
    data.db.failNextCommit(new Error('could not serialize access'));
    await expect(service.retry(owner, item.id)).rejects.toThrow('could not serialize access');
    expect(data.queue.queued).toEqual([]);
    expect(row(item)).toMatchObject({ status: 'failed', attempt: 1 });
    expect(blobs.keys()).toContain('hls/quick/master.m3u8');
  });

  it('queues one attempt when asked twice at once: the second waits, then finds nothing failed', async () => {
    const { data, service, owner, makeItem } = await setup();
    const item = await makeItem({ status: 'failed' });
    const held = holdNextCall(data.queue, 'send');
    const first = service.retry(owner, item.id);
    await held.reached;
    const second = refusal(service.retry(owner, item.id));
    await settle();
    expect(data.queue.queued).toEqual([]);
    held.release();
    expect((await first).status).toBe('queued');
    const refused = await second;
    expect([refused.status, refused.message]).toEqual([409, MESSAGES.retryNotFailed]);
    expect(data.queue.queued.map((queued) => queued.job)).toEqual([
      { kind: 'transcode', movieContentId: item.id, attempt: 2 },
    ]);
  });
});

describe('jobExpirySeconds', () => {
  it.each([
    [null, 24 * 3600],
    [0, 600],
    [0.2, 645],
    [10, 1050],
    [1906, 86_370],
    // 1906.1 s rounds up to 1907, whose 86 415 s pass the queue's ceiling of a day.
    [1906.1, 86_400],
    [100_000, 86_400],
  ])('gives a %s s item %i s', (duration, seconds) => {
    expect(jobExpirySeconds(duration)).toBe(seconds);
  });
});
