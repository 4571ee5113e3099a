import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { CONTENT_TYPE, type MediaJob } from '@plotline/core';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalBlobStore } from '../../adapters/blob-store.ts';
import { systemClock } from '../../adapters/clock.ts';
import { createFfmpeg, type Ffmpeg } from '../../adapters/ffmpeg/ffmpeg.ts';
import { startJobQueue } from '../../adapters/job-queue.ts';
import { openBlobStore } from '../../adapters/open-blob-store.ts';
import { startMediaPipeline } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { TEST_QUEUE_TIMING, testFfmpegBinaries } from '../../test/test-media-pipeline.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { copyTestClip } from '../../test/media-fixtures.ts';
import { listObjectKeys, startTestS3 } from '../../test/test-s3.ts';
import type { WorkerEvent, WorkerProcessOptions } from '../../test/worker-process.ts';
import type { AuthContext } from '../../access/caller.ts';
import { createCompaniesRepository } from '../companies/companies.repository.ts';
import { createMovieContentsRepository } from '../content/movie-contents.repository.ts';
import { createProjectsRepository } from '../projects/projects.repository.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { createMediaJobHandlers } from './media-jobs.ts';
import { jobExpirySeconds } from './transcoding.service.ts';

/**
 * The durable queue as the issue asks for it: a job survives its worker being killed mid-transcode,
 * one job goes to one worker, a failed job is retried with backoff and then fails with ffmpeg's
 * explanation, and a retry queues it again. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));
const WORKER_SCRIPT = fileURLToPath(new URL('../../test/worker-process.ts', import.meta.url));
/** The source of the kill test: long enough that the ladder pass runs for several seconds. */
const KILL_CLIP = { width: 1280, height: 720, seconds: 16 };

const cleanups: (() => Promise<unknown>)[] = [];
async function runCleanups(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}
afterEach(runCleanups);

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'plotline-queue-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** pg-boss's rows for our queue, to see what it made of the runs. */
async function queueJobs(database: Pick<DatabaseHandle, 'db'>) {
  const result = await database.db.execute(
    sql`SELECT id, state, retry_count AS "retryCount", output FROM pgboss.job WHERE name = 'media'`,
  );
  return (result as unknown as { rows: { state: string; retryCount: number; output: unknown }[] })
    .rows;
}

/** Every file and folder under `dir`, relative to it; none when it does not exist. */
async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => []);
  return entries.map(String).sort();
}

/** Running ffmpeg or ffprobe processes whose command line names `text` (Linux: /proc). */
async function toolProcessesMentioning(text: string): Promise<{ pid: number; args: string[] }[]> {
  const pids = (await readdir('/proc').catch(() => [])).filter((name) => /^\d+$/.test(name));
  const found: { pid: number; args: string[] }[] = [];
  for (const pid of pids) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0').filter(Boolean);
    const tool = path.basename(args[0] ?? '');
    if (!/^ff(mpeg|probe)/.test(tool) || !args.some((arg) => arg.includes(text))) continue;
    // A zombie has died already: it only waits for its exit status to be collected.
    const state = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (/^\d+ \(.*\) [ZX]/.test(state)) continue;
    found.push({ pid: Number(pid), args });
  }
  return found;
}

/** A worker process (src/test/worker-process.ts), its events read from its stdout. */
function startWorkerProcess(options: WorkerProcessOptions) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', WORKER_SCRIPT, JSON.stringify(options)],
    { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const events: WorkerEvent[] = [];
  let stderr = '';
  let partial = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('{')) events.push(JSON.parse(line) as WorkerEvent);
    }
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  cleanups.push(async () => {
    if (!gone) child.kill('SIGKILL');
    await exited;
  });

  return {
    events,
    exited,
    /** The first event that passes `test`, waiting for it while the process lives. */
    async waitFor<E extends WorkerEvent>(
      test: (event: WorkerEvent) => event is E,
      timeoutMs: number,
    ): Promise<E> {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const event = events.find(test);
        if (event) return event;
        if (gone || performance.now() > deadline) {
          throw new Error(
            `worker ${gone ? 'exited' : 'timed out'} before the awaited event; ` +
              `events: ${JSON.stringify(events.slice(-10))}; stderr: ${stderr.slice(-2000)}`,
          );
        }
        await delay(50);
      }
    },
    kill: (signal: NodeJS.Signals) => child.kill(signal),
  };
}

const isEvent =
  <K extends WorkerEvent['event']>(
    kind: K,
    test: (event: Extract<WorkerEvent, { event: K }>) => boolean = () => true,
  ) =>
  (event: WorkerEvent): event is Extract<WorkerEvent, { event: K }> =>
    event.event === kind && test(event as Extract<WorkerEvent, { event: K }>);

/**
 * One database for this test and its worker processes: a fresh PostgreSQL database that both keep
 * open, or an on-disk PGlite, which only one process may open at a time, so this test opens it only
 * between workers.
 */
async function sharedDatabase(scratch: string) {
  if (process.env.TEST_DATABASE_URL) {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const { connectionString } = database.queueConnection as { connectionString: string };
    return {
      spec: { url: connectionString },
      use: <T>(work: (handle: DatabaseHandle) => Promise<T>) => work(database),
    };
  }
  const dataDir = path.join(scratch, 'pgdata');
  return {
    spec: { dataDir },
    async use<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
      const database = await openDatabase({ dataDir });
      try {
        await database.migrate();
        return await work(database);
      } finally {
        await database.close();
      }
    },
  };
}

/** A company, a user, a draft project and one movie content of `sourceKey`. */
async function insertContent(
  database: Pick<DatabaseHandle, 'db'>,
  source: { key: string; bytes: number },
) {
  const at = new Date();
  const companyId = await createCompaniesRepository(database.db).insertCompany({
    name: `Queue test ${randomUUID()}`,
    type: 'company',
  });
  const userId = await createUsersRepository(database.db).insertUser({
    email: `queue-${randomUUID()}@example.com`,
    role: 'administrator',
    companyId,
    name: 'Queue test',
    passwordHash: null,
    status: 'invited',
  });
  const movie = await createProjectsRepository(database.db).createDraft({
    companyId,
    createdBy: userId,
    viewMode: 'horizontal',
    at,
  });
  const [contentId] = await createMovieContentsRepository(database.db).insertContents(
    [
      {
        movieId: movie.id,
        type: CONTENT_TYPE.clip,
        fileName: 'clip.mp4',
        sourceKey: source.key,
        sourceBytes: source.bytes,
      },
    ],
    at,
  );
  const caller: AuthContext = {
    userId,
    sessionId: randomUUID(),
    companyId,
    role: 'administrator',
    companyType: 'company',
  };
  return { contentId: contentId!, caller };
}

/** What became of a job whose worker was killed mid-transcode, and of what that worker left. */
async function killMidTranscode() {
  const scratch = await scratchDir();
  const blobsDir = path.join(scratch, 'blobs');
  const workDir = path.join(scratch, 'work');
  const runsDir = path.join(workDir, 'transcode');
  // TEST_BLOB_STORE=s3: the workers read the source from, and write renditions to, a bucket.
  const s3Server = process.env.TEST_BLOB_STORE === 's3' ? await startTestS3() : null;
  if (s3Server) cleanups.push(() => s3Server.close());
  const s3 = s3Server ? await s3Server.newBucket() : null;
  const blobs = await openBlobStore(s3, { dataDir: scratch, workDir });
  const storedKeys = async (prefix: string) =>
    s3 ? listObjectKeys(s3, prefix) : listTree(path.join(blobsDir, prefix));
  const shared = await sharedDatabase(scratch);

  // A copy: the local store's putFile moves it in.
  const clip = await copyTestClip(KILL_CLIP, path.join(scratch, 'source.mp4'));
  const source = { key: `sources/${randomUUID()}`, bytes: (await stat(clip)).size };
  await blobs.putFile(source.key, clip);
  const { contentId } = await shared.use(async (database) => {
    const inserted = await insertContent(database, source);
    const queue = await startJobQueue(database.queueConnection, TEST_QUEUE_TIMING);
    await queue.send(
      { kind: 'transcode', movieContentId: inserted.contentId, attempt: 1 },
      { expireInSeconds: jobExpirySeconds(KILL_CLIP.seconds) },
    );
    await queue.stop();
    return inserted;
  });
  const options = {
    database: shared.spec,
    dataDir: scratch,
    s3,
    workDir,
    watchContentId: contentId,
  } satisfies WorkerProcessOptions;

  // The first worker gets through the quick pass and well into the ladder, then dies.
  const first = startWorkerProcess(options);
  await first.waitFor(
    isEvent('row', (row) => row.status === 'playable' && row.progress >= 40),
    60_000,
  );
  const ffmpegAtKill = await toolProcessesMentioning(runsDir);
  first.kill('SIGKILL');
  const firstExit = await first.exited;

  // Whatever of it outlives it is stopped here, so that the second run is measured alone.
  await delay(500);
  const orphans = await toolProcessesMentioning(runsDir);
  for (const orphan of orphans) {
    try {
      process.kill(orphan.pid, 'SIGKILL');
    } catch {
      // It finished in the meantime.
    }
  }
  await vi.waitFor(async () => expect(await toolProcessesMentioning(runsDir)).toEqual([]));
  const leftByFirst = await listTree(runsDir);
  const lentByFirst = await listTree(path.join(workDir, 'lent'));

  // The second worker takes the job once its heartbeat is overdue, and finishes it.
  const second = startWorkerProcess(options);
  await second.waitFor(isEvent('done'), 90_000);
  second.kill('SIGTERM');
  const secondExit = await second.exited;

  const { content, jobs } = await shared.use(async (database) => ({
    content: await createMovieContentsRepository(database.db).findContent(contentId),
    jobs: await queueJobs(database),
  }));
  return {
    contentId,
    first: { exit: firstExit, events: first.events },
    second: { exit: secondExit, events: second.events },
    ffmpegAtKill,
    orphans,
    content: content!,
    jobs,
    master: content?.hlsKey ? await blobs.get(content.hlsKey) : null,
    posterBytes: content?.thumbnailKey ? await blobs.size(content.thumbnailKey) : null,
    hlsFolders: [...new Set((await storedKeys('hls/')).map((key) => key.split('/')[s3 ? 1 : 0]))],
    blobFiles: await storedKeys(''),
    leftByFirst,
    onS3: s3 !== null,
    lentByFirst,
    leftAfter: await listTree(runsDir),
    // With S3, the first worker's download of the source, removed by the second at its start.
    lentAfter: await listTree(path.join(workDir, 'lent')),
  };
}

describe('a worker process killed mid-transcode', () => {
  let outcome: Awaited<ReturnType<typeof killMidTranscode>>;
  beforeAll(async () => {
    try {
      outcome = await killMidTranscode();
    } finally {
      await runCleanups();
    }
  }, 180_000);

  it('leaves its job to the next worker, which takes it again and finishes it', () => {
    const { contentId, first, second, content, jobs } = outcome;
    expect(first.exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(first.events.filter(isEvent('start'))).toEqual([
      { event: 'start', movieContentId: contentId, attempt: 1, lastAttempt: false },
    ]);
    expect(first.events.some(isEvent('done'))).toBe(false);
    // The lost run counts as a try: with retryLimit 1 the second run is the last.
    expect(second.events.filter(isEvent('start'))).toEqual([
      { event: 'start', movieContentId: contentId, attempt: 1, lastAttempt: true },
    ]);
    expect(second.events.some(isEvent('error'))).toBe(false);
    expect(second.exit).toEqual({ code: 0, signal: null });
    expect(jobs).toMatchObject([{ state: 'completed', retryCount: 1 }]);
    expect(content).toMatchObject({ status: 'ready', progress: 100, transcoderLog: null });
  });

  it('ends with the full ladder and its poster, and nothing half-written in the store', () => {
    const { content, master, posterBytes, hlsFolders, blobFiles } = outcome;
    expect(master?.toString('utf8')).toMatch(/^#EXTM3U/);
    expect(master?.toString('utf8')).toContain('720p/');
    expect(posterBytes).toBeGreaterThan(0);
    // The killed run's quick rendition was replaced by the ladder and removed.
    const hlsPrefix = content.hlsKey!.slice(0, content.hlsKey!.lastIndexOf('/'));
    expect(hlsFolders).toEqual([path.basename(hlsPrefix)]);
    expect(blobFiles.filter((file) => file.includes('.partial'))).toEqual([]);
  });

  it("leaves no work files behind: the second run clears the killed run's folder and its own", () => {
    expect(outcome.leftByFirst).not.toEqual([]);
    expect(outcome.leftAfter).toEqual([]);
    // Only an S3 store downloads the source; the local one lends its own file.
    expect(outcome.lentByFirst.length > 0).toBe(outcome.onS3);
    expect(outcome.lentAfter).toEqual([]);
  });

  it.runIf(process.platform === 'linux')('had an ffmpeg running when it was killed', () => {
    expect(outcome.ffmpegAtKill).not.toEqual([]);
  });

  // Without setpriv's parent-death signal the kernel would leave ffmpeg encoding on, an orphan.
  it.runIf(process.platform === 'linux')('takes its ffmpeg down with it', () => {
    expect(outcome.orphans).toEqual([]);
  });
});

describe('the transcode queue', () => {
  it('hands each job to one worker only, and both workers take some', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const workers = await Promise.all(
      [0, 1].map(() => startJobQueue(database.queueConnection, TEST_QUEUE_TIMING)),
    );
    cleanups.push(() => Promise.all(workers.map((worker) => worker.stop())));

    const jobCount = 24;
    for (let id = 1; id <= jobCount; id += 1) {
      await workers[0]!.send({ kind: 'transcode', movieContentId: id, attempt: 1 });
    }
    const taken: { worker: number; id: number }[] = [];
    const running = new Set<number>();
    const overlapping: number[] = [];
    await Promise.all(
      workers.map((queue, worker) =>
        queue.work(
          {
            run: async (job) => {
              if (job.kind !== 'transcode') return;
              if (running.has(job.movieContentId)) overlapping.push(job.movieContentId);
              running.add(job.movieContentId);
              taken.push({ worker, id: job.movieContentId });
              await delay(100);
              running.delete(job.movieContentId);
            },
            gaveUp: async () => {},
          },
          { concurrency: 2 },
        ),
      ),
    );

    await vi.waitFor(() => expect(taken.length).toBeGreaterThanOrEqual(jobCount), {
      timeout: 60_000,
      interval: 100,
    });
    await Promise.all(workers.map((worker) => worker.stop()));
    expect(overlapping).toEqual([]);
    expect(taken.map((run) => run.id).sort((a, b) => a - b)).toEqual(
      Array.from({ length: jobCount }, (_, index) => index + 1),
    );
    expect(taken.filter((run) => run.worker === 0).length).toBeGreaterThan(0);
    expect(taken.filter((run) => run.worker === 1).length).toBeGreaterThan(0);
    const jobs = await queueJobs(database);
    expect(jobs).toHaveLength(jobCount);
    expect(jobs.every((job) => job.state === 'completed' && job.retryCount === 0)).toBe(true);
  }, 90_000);

  it('retries a failing job once after a backoff, telling the handler which run is the last', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const queue = await startJobQueue(database.queueConnection, TEST_QUEUE_TIMING);
    cleanups.push(() => queue.stop());
    const runs: { at: number; lastAttempt: boolean }[] = [];
    const givenUp: MediaJob[] = [];
    await queue.work(
      {
        run: async (_job, { lastAttempt }) => {
          runs.push({ at: Date.now(), lastAttempt });
          throw new Error('the network share went away');
        },
        gaveUp: async (job) => {
          givenUp.push(job);
        },
      },
      { concurrency: 1 },
    );
    await queue.send({ kind: 'transcode', movieContentId: 1, attempt: 1 });

    await vi.waitFor(
      async () => expect(await queueJobs(database)).toMatchObject([{ state: 'failed' }]),
      { timeout: 30_000, interval: 200 },
    );
    expect(runs.map((run) => run.lastAttempt)).toEqual([false, true]);
    // retryLimit 1: one retry, which waits at least retryDelaySeconds.
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(
      TEST_QUEUE_TIMING.retryDelaySeconds * 1000 - 50,
    );
    const [job] = await queueJobs(database);
    expect(JSON.stringify(job!.output)).toContain('the network share went away');
    // The job given up on reaches the handler that records it.
    await vi.waitFor(
      () => expect(givenUp).toEqual([{ kind: 'transcode', movieContentId: 1, attempt: 1 }]),
      {
        timeout: 30_000,
        interval: 200,
      },
    );
  }, 60_000);

  describe('through the transcoding service', () => {
    /** The real pipeline in this process, over an ffmpeg that fails while `broken` is set. */
    async function startPipeline() {
      const scratch = await scratchDir();
      const database = await openTestDatabase();
      cleanups.push(() => database.close());
      const binaries = await testFfmpegBinaries();
      const real = createFfmpeg(binaries);
      const control = { broken: false };
      // An option this ffmpeg does not know: ffmpeg itself refuses the run, as it would a source
      // it cannot encode, and says why on stderr.
      const ffmpeg: Ffmpeg = {
        probe: real.probe,
        run: (args, options) =>
          real.run(control.broken ? ['-no-such-option-for-the-test', ...args] : args, options),
      };
      const blobs = createLocalBlobStore(path.join(scratch, 'blobs'));
      const pipeline = await startMediaPipeline(
        {
          database,
          blobs,
          ffmpeg,
          workDir: path.join(scratch, 'work'),
          clock: systemClock,
          queueTiming: TEST_QUEUE_TIMING,
        },
        () => {},
      );
      cleanups.push(() => pipeline.queue.stop());
      const runs: MediaJob[] = [];
      const handlers = createMediaJobHandlers({
        transcoding: pipeline.transcoding,
        linearCuts: pipeline.linearCuts,
      });
      await pipeline.queue.work(
        {
          run: (job, context) => {
            runs.push(job);
            return handlers.run(job, context);
          },
          gaveUp: handlers.gaveUp,
        },
        { concurrency: 1 },
      );

      async function queueClip(options: { store: boolean }) {
        const key = `sources/${randomUUID()}`;
        const clip = await copyTestClip(
          { width: 320, height: 240, seconds: 2 },
          path.join(scratch, `${randomUUID()}.mp4`),
        );
        const bytes = (await stat(clip)).size;
        if (options.store) await blobs.putFile(key, clip);
        const inserted = await insertContent(database, { key, bytes });
        await pipeline.queue.send({
          kind: 'transcode',
          movieContentId: inserted.contentId,
          attempt: 1,
        });
        return inserted;
      }

      const settled = (contentId: number) =>
        vi.waitFor(
          async () => {
            const content = await pipeline.contents.findContent(contentId);
            expect(content?.status).toMatch(/^(ready|failed)$/);
            return content!;
          },
          { timeout: 45_000, interval: 200 },
        );

      return { database, pipeline, control, runs, queueClip, settled };
    }

    it('retries an ffmpeg failure, then stores what ffmpeg said, and a retry queues it again', async () => {
      const { database, pipeline, control, runs, queueClip, settled } = await startPipeline();
      control.broken = true;
      const { contentId, caller } = await queueClip({ store: true });

      const failed = await settled(contentId);
      expect(runs).toEqual([
        { kind: 'transcode', movieContentId: contentId, attempt: 1 },
        { kind: 'transcode', movieContentId: contentId, attempt: 1 },
      ]);
      expect(failed).toMatchObject({ status: 'failed', progress: 0, hlsKey: null });
      expect(failed.transcoderLog).toContain('no-such-option-for-the-test');
      // The handler recorded the failure itself, so the queue's job ends without an error.
      await vi.waitFor(async () =>
        expect(await queueJobs(database)).toMatchObject([{ state: 'completed', retryCount: 1 }]),
      );

      control.broken = false;
      const retried = await pipeline.transcoding.retry(caller, contentId);
      expect(retried).toMatchObject({ status: 'queued', progress: 0, transcoder_log: null });
      const ready = await settled(contentId);
      expect(ready).toMatchObject({ status: 'ready', progress: 100, attempt: 2 });
      expect(runs.at(-1)).toEqual({ kind: 'transcode', movieContentId: contentId, attempt: 2 });
    }, 90_000);

    it('does not retry a source that is gone', async () => {
      const { database, runs, queueClip, settled } = await startPipeline();
      const { contentId } = await queueClip({ store: false });

      const failed = await settled(contentId);
      expect(failed.status).toBe('failed');
      expect(failed.transcoderLog).toContain('ENOENT');
      // The job ends there: no retry will come.
      await vi.waitFor(async () =>
        expect(await queueJobs(database)).toMatchObject([{ state: 'completed', retryCount: 0 }]),
      );
      expect(runs).toHaveLength(1);
    }, 60_000);
  });
});
