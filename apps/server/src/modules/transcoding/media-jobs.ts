import type { MediaJob } from '@plotline/core';
import type { JobContext, JobHandler } from '../../adapters/job-queue.ts';
import type { TranscodingService } from './transcoding.service.ts';

type Handlers = {
  [Kind in MediaJob['kind']]: (
    job: Extract<MediaJob, { kind: Kind }>,
    context: JobContext,
  ) => Promise<void>;
};

/** One handler per kind of job; a new kind in core fails to compile until it is handled here. */
export function createMediaJobHandler(services: { transcoding: TranscodingService }): JobHandler {
  const handlers: Handlers = {
    transcode: (job, context) => services.transcoding.runTranscode(job, context),
  };
  return (job, context) => handlers[job.kind](job, context);
}
