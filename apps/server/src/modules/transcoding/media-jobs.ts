import type { MediaJob } from '@plotline/core';
import type { JobContext, JobHandlers } from '../../adapters/job-queue.ts';
import type { TranscodingService } from './transcoding.service.ts';

type JobOf<Kind extends MediaJob['kind']> = Extract<MediaJob, { kind: Kind }>;
type Handlers = {
  [Kind in MediaJob['kind']]: {
    run: (job: JobOf<Kind>, context: JobContext) => Promise<void>;
    gaveUp: (job: JobOf<Kind>) => Promise<void>;
  };
};

/** The handlers of each kind of job; a new kind in core fails to compile until it is handled here. */
export function createMediaJobHandlers(services: { transcoding: TranscodingService }): JobHandlers {
  const handlers: Handlers = {
    transcode: {
      run: (job, context) => services.transcoding.runTranscode(job, context),
      gaveUp: (job) => services.transcoding.abandonTranscode(job),
    },
  };
  return {
    run: (job, context) => handlers[job.kind].run(job, context),
    gaveUp: (job) => handlers[job.kind].gaveUp(job),
  };
}
