import type { MediaJob } from '@plotline/core';
import type { JobQueue, SendOptions } from '../../adapters/job-queue.ts';
import type { FakeDatabase } from './fake-database.ts';

export interface QueuedJob {
  job: MediaJob;
  expireInSeconds: number | undefined;
}

/**
 * The sending side of the job queue: a job sent inside a transaction is queued only if that
 * transaction commits, as with pg-boss in the same database.
 */
export function createFakeJobQueue(db: FakeDatabase) {
  const queued: QueuedJob[] = [];
  return {
    queued,
    async send(job: MediaJob, { tx, expireInSeconds }: SendOptions = {}): Promise<void> {
      db.afterCommit(tx, () => queued.push({ job: structuredClone(job), expireInSeconds }));
    },
  } satisfies Pick<JobQueue, 'send'> & { queued: QueuedJob[] };
}
