import { createFfmpeg, type Ffmpeg } from '../adapters/ffmpeg/ffmpeg.ts';
import { resolveFfmpeg, type FfmpegBinaries } from '../adapters/ffmpeg/resolve-ffmpeg.ts';
import type { JobQueueTiming } from '../adapters/job-queue.ts';
import { refuseInSmallTier } from './test-tier.ts';

/*
 * What the test server and the test worker process (worker-process.ts, run outside Vitest) share:
 * this module imports nothing of Vitest's, so that process can load it.
 */

let systemBinaries: Promise<FfmpegBinaries> | undefined;
/** The machine's ffmpeg and ffprobe, found once per test worker. */
export function testFfmpegBinaries(): Promise<FfmpegBinaries> {
  refuseInSmallTier('ffmpeg');
  systemBinaries ??= resolveFfmpeg();
  return systemBinaries;
}

export async function testFfmpeg(): Promise<Ffmpeg> {
  return createFfmpeg(await testFfmpegBinaries());
}

/** Quick heartbeats and retries, so a test sees a lost or failed job come back within seconds. */
export const TEST_QUEUE_TIMING: JobQueueTiming = {
  heartbeatSeconds: 10,
  monitorIntervalSeconds: 1,
  retryDelaySeconds: 1,
  retryLimit: 1,
  pollingIntervalSeconds: 0.5,
};
