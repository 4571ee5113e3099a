import type { MediaJob } from '@plotline/core';
import { sql } from 'drizzle-orm';
import {
  fromDrizzle,
  fromPglite,
  PgBoss,
  type DrizzleTransactionLike,
  type Job,
  type JobWithMetadata,
} from 'pg-boss';
import type { Executor, QueueConnection } from '../db/database.ts';

/** What a handler learns of the job it runs besides its payload. */
export interface JobContext {
  /** Aborted when the job is no longer this worker's: stopped, expired, or its claim lost. */
  signal: AbortSignal;
  /** True when a failure now is final: no retry will follow. */
  lastAttempt: boolean;
}

export interface JobHandlers {
  run: (job: MediaJob, context: JobContext) => Promise<void>;
  /**
   * A job the queue gave up on without its handler recording why: its workers kept dying or being
   * stopped mid-run, or the handler threw on its last attempt.
   */
  gaveUp: (job: MediaJob) => Promise<void>;
}

export interface SendOptions {
  /** The transaction to queue the job in: it exists only if the transaction commits. */
  tx?: Executor;
  /** How long one run may take before the queue gives up on it and retries. */
  expireInSeconds?: number;
}

/**
 * A durable job queue in PostgreSQL (pg-boss): a job survives restarts, is retried with backoff
 * when its handler throws, and is taken by one worker at a time (SKIP LOCKED). A worker that dies
 * mid-job stops sending heartbeats, and the job is handed to another worker.
 */
export interface JobQueue {
  send(job: MediaJob, options?: SendOptions): Promise<void>;
  /** Runs queued jobs, `concurrency` at a time in this process, and the jobs given up on. */
  work(handlers: JobHandlers, options: { concurrency: number }): Promise<void>;
  /** Stops taking jobs; running handlers are aborted and their jobs go back to the queue. */
  stop(): Promise<void>;
  /**
   * The jobs of the queue by state, as the queue's monitor last counted them (every
   * `monitorIntervalSeconds`). Read through the queue's own connection, so it also tells whether
   * the queue is reachable (`/api/ready`).
   */
  depth(): Promise<QueueDepth>;
}

/** Waiting to run now, waiting for a retry's delay, running, and failed jobs still kept. */
export type QueueDepth = Record<'ready' | 'deferred' | 'active' | 'failed', number>;

export interface JobQueueTiming {
  /** A running job that has not reported for this long is taken from its worker. At least 10. */
  heartbeatSeconds: number;
  /** How often the queue looks for such jobs. */
  monitorIntervalSeconds: number;
  /** The first retry waits this long; later ones back off exponentially. */
  retryDelaySeconds: number;
  retryLimit: number;
  pollingIntervalSeconds: number;
}

/**
 * The timing for a heartbeat and a first retry delay (JOB_HEARTBEAT_SECONDS,
 * JOB_RETRY_DELAY_SECONDS): together with the check, every half heartbeat, they make how soon the
 * job of a dead worker is taken up again.
 */
export function jobQueueTiming(
  heartbeatSeconds: number,
  retryDelaySeconds: number,
): JobQueueTiming {
  return {
    heartbeatSeconds,
    // Checked twice per heartbeat, a stale job waits at most half a heartbeat more to be noticed.
    monitorIntervalSeconds: Math.ceil(heartbeatSeconds / 2),
    retryDelaySeconds,
    // Interruptions count as tries too: a worker stopped mid-run hands its job on with one less.
    retryLimit: 3,
    // An upload waits this long at most before a free worker takes its job.
    pollingIntervalSeconds: 1,
  };
}

export const DEFAULT_QUEUE_TIMING: JobQueueTiming = jobQueueTiming(30, 30);

const QUEUE = 'media';
/** Where pg-boss copies a job whose tries are all used up. */
const GAVE_UP_QUEUE = 'media-gave-up';
/** pg-boss keeps its tables in a schema of its own, beside ours. */
const SCHEMA = 'pgboss';
const DEFAULT_EXPIRE_SECONDS = 4 * 3600;

export async function startJobQueue(
  connection: QueueConnection,
  timing: JobQueueTiming = DEFAULT_QUEUE_TIMING,
  onError: (error: Error) => void = () => {},
): Promise<JobQueue> {
  const common = {
    schema: SCHEMA,
    monitorIntervalSeconds: timing.monitorIntervalSeconds,
    superviseIntervalSeconds: timing.monitorIntervalSeconds,
  };
  const boss =
    'pglite' in connection
      ? new PgBoss({ ...common, db: fromPglite(connection.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: connection.connectionString, max: 4 });
  boss.on('error', onError);
  await boss.start();
  await boss.createQueue(GAVE_UP_QUEUE);
  const settings = {
    retryLimit: timing.retryLimit,
    retryDelay: timing.retryDelaySeconds,
    retryBackoff: true,
    heartbeatSeconds: timing.heartbeatSeconds,
    expireInSeconds: DEFAULT_EXPIRE_SECONDS,
    deadLetter: GAVE_UP_QUEUE,
  };
  await boss.createQueue(QUEUE, settings);
  // createQueue keeps an existing queue as it is; the settings of this release apply all the same.
  await boss.updateQueue(QUEUE, settings);
  // pg-boss looks a queue up in its cache on every send, and on a miss reads it through its own
  // connection. Inside one of our transactions on PGlite (one connection) that read would wait for
  // the transaction, which waits for the send: load the new queue into the cache now.
  await boss.findJobs(QUEUE, { id: '00000000-0000-0000-0000-000000000000' });
  await boss.findJobs(GAVE_UP_QUEUE, { id: '00000000-0000-0000-0000-000000000000' });

  return {
    async send(job, { tx, expireInSeconds } = {}) {
      await boss.send(QUEUE, job, {
        // Drizzle's execute() is typed loosely (unknown rows); pg-boss reads only `rows` from it.
        ...(tx ? { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) } : {}),
        ...(expireInSeconds ? { expireInSeconds: Math.ceil(expireInSeconds) } : {}),
      });
    },
    async work(handlers, { concurrency }) {
      await boss.work<MediaJob>(
        GAVE_UP_QUEUE,
        { pollingIntervalSeconds: timing.pollingIntervalSeconds },
        async ([job]: Job<MediaJob>[]) => handlers.gaveUp(job!.data),
      );
      await boss.work<MediaJob>(
        QUEUE,
        {
          localConcurrency: concurrency,
          includeMetadata: true,
          pollingIntervalSeconds: timing.pollingIntervalSeconds,
        },
        async ([job]: Job<MediaJob>[]) => {
          const { retryCount, retryLimit } = job as JobWithMetadata<MediaJob>;
          await handlers.run(job!.data, {
            signal: job!.signal,
            lastAttempt: retryCount >= retryLimit,
          });
        },
      );
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
    async depth() {
      const queue = await boss.getQueue(QUEUE);
      if (!queue) throw new Error(`The job queue ${QUEUE} does not exist`);
      return {
        ready: queue.readyCount,
        deferred: queue.deferredCount,
        active: queue.activeCount,
        failed: queue.failedCount,
      };
    },
  };
}
