import { openBlobStore } from '../adapters/open-blob-store.ts';
import type { S3Settings } from '../adapters/s3-blob-store.ts';
import { systemClock } from '../adapters/clock.ts';
import { createFfmpeg } from '../adapters/ffmpeg/ffmpeg.ts';
import { startMediaPipeline } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { createMediaJobHandlers } from '../modules/transcoding/media-jobs.ts';
import { TEST_QUEUE_TIMING, testFfmpegBinaries } from './test-media-pipeline.ts';

/**
 * A transcode worker in a process of its own, for tests that kill it: `node --import tsx
 * worker-process.ts '<WorkerProcessOptions as JSON>'`. It runs the media pipeline as worker.ts
 * does, with the test queue timing, and reports on stdout one JSON line per event (see
 * WorkerEvent). SIGTERM stops it gracefully; SIGKILL is what the tests are about.
 */
export interface WorkerProcessOptions {
  /** A PostgreSQL URL, or an on-disk PGlite directory no other process has open. */
  database: { url: string } | { dataDir: string };
  /** The local store's DATA_DIR (blobs in `dataDir/blobs`), unless `s3` is given. */
  dataDir: string;
  s3: S3Settings | null;
  workDir: string;
  /** A movie content whose status and progress are reported as they change. */
  watchContentId?: number;
}

export type WorkerEvent =
  | { event: 'ready'; pid: number }
  | { event: 'start'; movieContentId: number; attempt: number; lastAttempt: boolean }
  | { event: 'done'; movieContentId: number }
  | { event: 'error'; movieContentId: number; message: string; aborted: boolean }
  | { event: 'row'; status: string; progress: number }
  | { event: 'queue-error'; message: string }
  | { event: 'stopped' };

const report = (event: WorkerEvent) => process.stdout.write(`${JSON.stringify(event)}\n`);

async function main(options: WorkerProcessOptions): Promise<void> {
  const database = await openDatabase(
    'url' in options.database
      ? { url: options.database.url, dataDir: null }
      : { dataDir: options.database.dataDir },
  );
  const { queue, contents, transcoding, linearCuts } = await startMediaPipeline(
    {
      database,
      blobs: await openBlobStore(options.s3, options),
      ffmpeg: createFfmpeg(await testFfmpegBinaries()),
      workDir: options.workDir,
      clock: systemClock,
      queueTiming: TEST_QUEUE_TIMING,
    },
    (error) => report({ event: 'queue-error', message: error.message }),
  );
  const handlers = createMediaJobHandlers({ transcoding, linearCuts });
  await queue.work(
    {
      gaveUp: handlers.gaveUp,
      run: async (job, context) => {
        // The tests of worker processes follow transcodes; other jobs run unreported.
        if (job.kind !== 'transcode') return handlers.run(job, context);
        const { movieContentId } = job;
        report({
          event: 'start',
          movieContentId,
          attempt: job.attempt,
          lastAttempt: context.lastAttempt,
        });
        try {
          await handlers.run(job, context);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          report({ event: 'error', movieContentId, message, aborted: context.signal.aborted });
          throw error;
        }
        report({ event: 'done', movieContentId });
      },
    },
    { concurrency: 1 },
  );

  let last = '';
  const watch =
    options.watchContentId === undefined
      ? undefined
      : setInterval(() => {
          void contents.findContent(options.watchContentId!).then(
            (row) => {
              if (!row || `${row.status} ${row.progress}` === last) return;
              last = `${row.status} ${row.progress}`;
              report({ event: 'row', status: row.status, progress: row.progress });
            },
            () => {},
          );
        }, 200);
  report({ event: 'ready', pid: process.pid });

  process.once('SIGTERM', () => {
    clearInterval(watch);
    void queue
      .stop()
      .then(() => database.close())
      .then(() => {
        report({ event: 'stopped' });
        process.exit(0);
      });
  });
}

main(JSON.parse(process.argv[2] ?? '{}') as WorkerProcessOptions).catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
