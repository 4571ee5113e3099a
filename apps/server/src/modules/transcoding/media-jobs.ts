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
export function createMediaJobHandlers(services: {
  transcoding: TranscodingService;
  /** The linear cuts' service, by its job methods alone: that module sits above this one. */
  linearCuts: {
    runRender: (job: JobOf<'linear-cut'>, context: JobContext) => Promise<void>;
    abandonRender: (job: JobOf<'linear-cut'>) => Promise<void>;
  };
}): JobHandlers {
  const handlers: Handlers = {
    transcode: {
      run: (job, context) => services.transcoding.runTranscode(job, context),
      gaveUp: (job) => services.transcoding.abandonTranscode(job),
    },
    'linear-cut': {
      run: (job, context) => services.linearCuts.runRender(job, context),
      gaveUp: (job) => services.linearCuts.abandonRender(job),
    },
  };
  // TypeScript cannot tie `handlers[job.kind]` to `job` itself: each kind is named once more.
  return {
    run: (job, context) =>
      job.kind === 'transcode'
        ? handlers.transcode.run(job, context)
        : handlers['linear-cut'].run(job, context),
    gaveUp: (job) =>
      job.kind === 'transcode'
        ? handlers.transcode.gaveUp(job)
        : handlers['linear-cut'].gaveUp(job),
  };
}
