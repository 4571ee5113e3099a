import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, type MovieContentStatus } from '@plotline/core';
import type { BlobStore } from '../../adapters/blob-store.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { Ffmpeg } from '../../adapters/ffmpeg/ffmpeg.ts';
import { UnsupportedMediaError } from '../../adapters/ffmpeg/unsupported-media-error.ts';
import { scratchFolderName } from '../../adapters/scratch-folders.ts';
import type { JobContext, JobQueue } from '../../adapters/job-queue.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../access/caller.ts';
import { lockContentForChange } from '../../access/content-access.ts';
import {
  projectForCaller,
  type ProjectFinder,
  type ProjectLocker,
} from '../../access/project-access.ts';
import { prefixOf } from '../content/content-files.ts';
import { toStatusView } from '../content/content-status.ts';
import { checkVideo } from '../content/video-check.ts';
import type {
  MovieContentRecord,
  MovieContentsRepository,
  TranscodeUpdate,
} from '../content/movie-contents.repository.ts';
import { HlsValidationError, transcodeToHls } from './hls-transcoder.ts';
import { planLadder, planQuickRendition, type X264Preset } from './ladder.ts';

/** The share of the progress bar the quick first rendition takes: about its share of the CPU. */
const QUICK_PASS_SHARE = 25;
/** Progress is written at most this often; the studio polls every 15 s anyway. */
const PROGRESS_WRITE_INTERVAL_MS = 1000;
/** What is kept of a failure's explanation. */
const LOG_LIMIT = 4000;
/** The log of a transcode whose every try was cut short. */
const INTERRUPTED_LOG =
  'The transcode was interrupted every time it ran (its worker stopped before finishing). Retry it.';

/**
 * How one run of a transcode job ended. `ready`: the ladder is stored; `failed`: the failure is
 * recorded and final; `retry`: the run threw and the queue tries again; `interrupted`: the run was
 * stopped or taken from this worker; `superseded`: a newer attempt replaced it while it ran.
 */
export interface TranscodeRun {
  outcome: 'ready' | 'failed' | 'retry' | 'interrupted' | 'superseded';
  seconds: number;
  /** The length of the video made, for a ready run. */
  outputSeconds: number | null;
}

/** Told of every run and give-up, for the metrics; the service itself knows no metrics library. */
export interface TranscodeObserver {
  runEnded(run: TranscodeRun): void;
  /** The queue gave up on a job whose runs kept being cut short; its failure is now recorded. */
  gaveUp(): void;
}

export interface TranscodingDeps {
  contents: MovieContentsRepository;
  projects: ProjectFinder & ProjectLocker;
  queue: Pick<JobQueue, 'send'>;
  blobs: BlobStore;
  ffmpeg: Ffmpeg;
  clock: Clock;
  transaction: RunInTransaction;
  /** Where runs write their renditions before they move into the blob store. */
  workDir: string;
  preset?: X264Preset;
  observer?: TranscodeObserver;
}

/** The queue's ceiling for one run of a job. */
const MAX_JOB_SECONDS = 24 * 3600;

/**
 * How long a job may run: ffmpeg's own time limits for both passes and room to spare, within the
 * queue's ceiling; the ceiling when the length is not known.
 */
export function jobExpirySeconds(durationSeconds: number | null): number {
  if (durationSeconds === null) return MAX_JOB_SECONDS;
  return Math.min(MAX_JOB_SECONDS, 600 + Math.ceil(durationSeconds) * 45);
}

/** A failure no retry can mend: the file itself is the problem. */
function isPermanent(error: unknown): boolean {
  return (
    error instanceof UnsupportedMediaError ||
    error instanceof HlsValidationError ||
    (error as NodeJS.ErrnoException).code === 'ENOENT'
  );
}

/** What the uploader reads next to a failed item: the reason, then what ffmpeg said. */
function describeFailure(error: unknown): string {
  if (error instanceof UnsupportedMediaError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  const stderr = (error as { stderrTail?: string }).stderrTail?.trim();
  const text = stderr && !message.includes(stderr) ? `${message}\n${stderr}` : message;
  return text.length > LOG_LIMIT ? `…${text.slice(-LOG_LIMIT)}` : text;
}

export function createTranscodingService(deps: TranscodingDeps) {
  const { contents, projects, queue, blobs, ffmpeg, clock, transaction } = deps;

  async function statusOf(items: MovieContentRecord[]): Promise<MovieContentStatus[]> {
    const languages = await contents.listLanguages(items.map((item) => item.id));
    return items.map((item) => toStatusView(item, languages, blobs));
  }

  /**
   * One transcode attempt of a content: a quick low rendition first (the item becomes playable),
   * then the full ladder in one ffmpeg run (ready, with its poster). Safe to run again: a run
   * resumes after the quick pass if that was done, and a stale or finished job does nothing.
   */
  async function runTranscode(
    job: { movieContentId: number; attempt: number },
    { signal, lastAttempt }: JobContext,
  ): Promise<void> {
    const content = await contents.findContent(job.movieContentId);
    if (!content || content.attempt !== job.attempt) return;
    if (content.status === 'ready' || content.status === 'failed') return;

    const write = (update: TranscodeUpdate) =>
      contents.updateAttempt(content.id, content.attempt, update, clock.now());
    let lastWrite = 0;
    let lastPercent = -1;
    const reportProgress = (percent: number) => {
      const now = performance.now();
      if (percent <= lastPercent || now - lastWrite < PROGRESS_WRITE_INTERVAL_MS) return;
      lastPercent = percent;
      lastWrite = now;
      void write({ progress: Math.min(99, percent) }).catch(() => {});
    };

    // A run of this content that was killed left its folder behind; no run of it is still going.
    const stale = await readdir(deps.workDir).catch(() => []);
    for (const entry of stale.filter((name) => name.startsWith(`${content.id}-`))) {
      await rm(path.join(deps.workDir, entry), { recursive: true, force: true });
    }
    const runDir = path.join(deps.workDir, scratchFolderName(`${content.id}-${content.attempt}`));
    const playable = content.status === 'playable';
    const started = performance.now();
    let ended: Omit<TranscodeRun, 'seconds'> = { outcome: 'superseded', outputSeconds: null };
    await write({ status: playable ? 'playable' : 'processing', transcoderLog: null });
    try {
      await blobs.withLocalFile(content.sourceKey, async (input) => {
        const plan = planLadder(await ffmpeg.probe(input, { signal }), { preset: deps.preset });
        const quickPass = !playable && plan.rungs.length > 1;
        const ladderStart = quickPass || playable ? QUICK_PASS_SHARE : 0;
        if (quickPass) {
          const quick = await transcodeToHls(ffmpeg, {
            input,
            plan: planQuickRendition(plan),
            outputDir: path.join(runDir, 'quick'),
            onProgress: (percent) => reportProgress(Math.floor((percent * QUICK_PASS_SHARE) / 100)),
            signal,
          });
          const prefix = `hls/${randomUUID()}`;
          await blobs.putDirectory(prefix, quick.outputDir);
          const written = await write({
            status: 'playable',
            progress: QUICK_PASS_SHARE,
            hlsKey: `${prefix}/${quick.master}`,
            durationSeconds: quick.durationSeconds,
          });
          if (!written) {
            await blobs.deletePrefix(prefix);
            return;
          }
        }
        const ladder = await transcodeToHls(ffmpeg, {
          input,
          plan,
          outputDir: path.join(runDir, 'ladder'),
          onProgress: (percent) =>
            reportProgress(ladderStart + Math.floor((percent * (100 - ladderStart)) / 100)),
          signal,
        });
        const prefix = `hls/${randomUUID()}`;
        await blobs.putDirectory(prefix, ladder.outputDir);
        const before = await contents.findContent(content.id);
        const written = await write({
          status: 'ready',
          progress: 100,
          hlsKey: `${prefix}/${ladder.master}`,
          thumbnailKey: `${prefix}/${ladder.thumbnail}`,
          durationSeconds: ladder.durationSeconds,
        });
        if (!written) {
          await blobs.deletePrefix(prefix);
          return;
        }
        ended = { outcome: 'ready', outputSeconds: ladder.durationSeconds };
        // The quick rendition has served its purpose once the ladder replaces it.
        if (before?.hlsKey && prefixOf(before.hlsKey) !== prefix) {
          await blobs.deletePrefix(prefixOf(before.hlsKey));
        }
      });
    } catch (error) {
      // Stopped or taken away: the queue hands the job out again, so nothing is recorded.
      if (signal.aborted) {
        ended = { outcome: 'interrupted', outputSeconds: null };
        throw error;
      }
      if (lastAttempt || isPermanent(error)) {
        ended = { outcome: 'failed', outputSeconds: null };
        await write({ status: 'failed', progress: 0, transcoderLog: describeFailure(error) });
        return;
      }
      ended = { outcome: 'retry', outputSeconds: null };
      await write({ status: playable ? 'playable' : 'queued' });
      throw error;
    } finally {
      await rm(runDir, { recursive: true, force: true });
      deps.observer?.runEnded({ ...ended, seconds: (performance.now() - started) / 1000 });
    }
  }

  return {
    runTranscode,

    /** Records the end of a job the queue gave up on, unless a run recorded it already. */
    async abandonTranscode(job: { movieContentId: number; attempt: number }): Promise<void> {
      const content = await contents.findContent(job.movieContentId);
      if (!content || content.attempt !== job.attempt) return;
      if (content.status === 'ready' || content.status === 'failed') return;
      const written = await contents.updateAttempt(
        content.id,
        content.attempt,
        { status: 'failed', progress: 0, transcoderLog: INTERRUPTED_LOG },
        clock.now(),
      );
      if (written) deps.observer?.gaveUp();
    },

    /** Every clip and bridge of a project the caller can read, oldest first. */
    async movieStatus(caller: AuthContext, movieId: number): Promise<MovieContentStatus[]> {
      await projectForCaller(projects, caller, movieId, { change: false });
      return statusOf(await contents.listContents(movieId));
    },

    /** The entries of freshly stored contents, for the upload's reply. */
    async statusOfContents(ids: number[]): Promise<MovieContentStatus[]> {
      return statusOf(await contents.listContentsById(ids));
    },

    /** Queues a failed transcode again, from the start, with its log and thumbnail cleared. */
    async retry(caller: AuthContext, movieContentId: number): Promise<MovieContentStatus> {
      // Under the project's lock, like every change of a project: none lands on a published one.
      const content = await transaction(async (tx) => {
        const found = await lockContentForChange(
          { contents, projects },
          caller,
          movieContentId,
          tx,
        );
        // A source stored before sources were checked as they are now (a playlist named .mp4) is
        // refused as its upload would be now, before its transcode is queued again.
        if (found.status === 'failed') {
          await blobs.withLocalFile(found.sourceKey, (file) =>
            checkVideo(ffmpeg, file, found.fileName),
          );
        }
        const next = await contents.startNewAttempt(found.id, clock.now(), tx);
        if (next === null) throw new AppError(409, MESSAGES.retryNotFailed);
        await queue.send(
          { kind: 'transcode', movieContentId: found.id, attempt: next },
          { tx, expireInSeconds: jobExpirySeconds(found.durationSeconds) },
        );
        return found;
      });
      if (content.hlsKey) await blobs.deletePrefix(prefixOf(content.hlsKey));
      const [entry] = await statusOf([(await contents.findContent(content.id))!]);
      return entry!;
    },
  };
}

export type TranscodingService = ReturnType<typeof createTranscodingService>;
