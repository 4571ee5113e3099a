import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  formatMessage,
  LINEAR_CUT_FRAME,
  LINEAR_CUT_MESSAGES,
  linearCutPath,
  type LinearCut,
  type LinearCutRequest,
  type ViewMode,
} from '@plotline/core';
import type { AuthContext } from '../../access/caller.ts';
import {
  projectForCaller,
  type GuardedProject,
  type ProjectFinder,
} from '../../access/project-access.ts';
import type { BlobStore } from '../../adapters/blob-store.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { Ffmpeg } from '../../adapters/ffmpeg/ffmpeg.ts';
import { UnsupportedMediaError } from '../../adapters/ffmpeg/unsupported-media-error.ts';
import type { JobContext, JobQueue } from '../../adapters/job-queue.ts';
import { scratchFolderName } from '../../adapters/scratch-folders.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { linearCutsFolder } from '../content/content-files.ts';
import type { MovieContentsRepository } from '../content/movie-contents.repository.ts';
import type { PlotRepository } from '../plot/plot.repository.ts';
import { toNode } from '../plot/plot.service.ts';
import { jobExpirySeconds } from '../transcoding/transcoding.service.ts';
import {
  linearCutArgs,
  mergedSubtitles,
  partSeconds,
  trackLanguage,
  type RenderPart,
} from './linear-cut-render.ts';
import type { LinearCutRecord, LinearCutsRepository } from './linear-cuts.repository.ts';

export interface LinearCutsDeps {
  cuts: LinearCutsRepository;
  projects: ProjectFinder<GuardedProject & { viewMode: ViewMode | null }>;
  plots: Pick<PlotRepository, 'listPlots' | 'storyVariables'>;
  contents: Pick<MovieContentsRepository, 'listContentsById'>;
  queue: Pick<JobQueue, 'send'>;
  blobs: BlobStore;
  ffmpeg: Ffmpeg;
  clock: Clock;
  transaction: RunInTransaction;
  /** This process's scratch space for cuts being rendered (`work/cuts`). */
  workDir: string;
}

/** Cuts of one project waiting or rendering at once: each holds a worker for a while. */
export const LINEAR_CUTS_ACTIVE_MAX = 3;
/** How often a render writes its progress at most. */
const PROGRESS_WRITE_INTERVAL_MS = 1000;
/** A failed render keeps this much of why: the end of ffmpeg's message, never a stack. */
const ERROR_LIMIT = 500;
const INTERRUPTED_ERROR = 'The render was interrupted too many times.';

export function toLinearCut(record: LinearCutRecord): LinearCut {
  return {
    id: record.id,
    status: record.status,
    progress: record.progress,
    path: record.path,
    language_id: record.languageId,
    created_at: record.createdAt.toISOString(),
    error: record.error,
  };
}

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const stderr = (error as { stderrTail?: string }).stderrTail?.trim();
  const text = (stderr || message).split('\n').slice(-3).join(' ').trim();
  return text.length > ERROR_LIMIT ? `…${text.slice(-ERROR_LIMIT)}` : text;
}

/** Runs `work` with a local file of each blob (the store lends them one inside the other). */
async function withLocalFiles<T>(
  blobs: BlobStore,
  keys: readonly string[],
  work: (files: string[]) => Promise<T>,
  lent: string[] = [],
): Promise<T> {
  if (lent.length === keys.length) return work(lent);
  return blobs.withLocalFile(keys[lent.length]!, (file) =>
    withLocalFiles(blobs, keys, work, [...lent, file]),
  );
}

export function createLinearCutsService(deps: LinearCutsDeps) {
  const { cuts, projects, plots, contents, queue, blobs, ffmpeg, clock, transaction } = deps;

  async function cutOfProject(caller: AuthContext, movieId: number, cutId: number) {
    await projectForCaller(projects, caller, movieId, { change: false });
    const cut = await cuts.findCut(cutId);
    if (!cut || cut.movieId !== movieId) throw new AppError(404, LINEAR_CUT_MESSAGES.notFound);
    return cut;
  }

  /**
   * One render of a cut: the path's sources lent by the store, probed, joined by one ffmpeg run
   * (progress written as it goes), the MP4 stored under the project's folder. Safe to run again: a
   * finished cut is left alone, a deleted one is not rendered (or its file removed if it went
   * meanwhile). A failure on the last try, or one that no retry mends, is recorded in short.
   */
  async function runRender(
    job: { linearCutId: number },
    { signal, lastAttempt }: JobContext,
  ): Promise<void> {
    const cut = await cuts.findCut(job.linearCutId);
    if (!cut || cut.status === 'ready' || cut.status === 'failed') return;
    const write = (update: Parameters<LinearCutsRepository['updateCut']>[1]) =>
      cuts.updateCut(cut.id, update, clock.now());
    const runDir = path.join(deps.workDir, scratchFolderName(`cut-${cut.id}`));
    let lastWrite = 0;
    try {
      if (!(await write({ status: 'rendering', progress: 0, error: null }))) return;
      const movie = await projects.findMovie(cut.movieId);
      const items = new Map(
        (await contents.listContentsById(cut.contentIds)).map((item) => [item.id, item]),
      );
      const sources = cut.contentIds.map((id) => {
        const item = items.get(id);
        if (!item || item.status !== 'ready') {
          throw new UnsupportedMediaError('not-media', 'A clip or bridge of the path was removed.');
        }
        return item.sourceKey;
      });
      const subtitleKeys =
        cut.languageId === null
          ? new Map<number, string>()
          : await cuts.subtitleKeys(cut.contentIds, cut.languageId);
      await mkdir(runDir, { recursive: true });
      const output = path.join(runDir, 'cut.mp4');
      await withLocalFiles(blobs, sources, async (inputs) => {
        const parts: RenderPart[] = [];
        for (const input of inputs) {
          const probe = await ffmpeg.probe(input, { signal });
          const seconds = partSeconds(probe.video.durationSeconds ?? probe.durationSeconds);
          parts.push({ input, seconds, hasAudio: probe.audio !== null });
        }
        let subtitles = null;
        if (cut.languageId !== null) {
          const texts = await Promise.all(
            cut.contentIds.map(async (id) => {
              const key = subtitleKeys.get(id);
              return key ? ((await blobs.get(key))?.toString('utf8') ?? null) : null;
            }),
          );
          const vtt = mergedSubtitles(
            parts.map((part, index) => ({ seconds: part.seconds, srt: texts[index]! })),
          );
          if (vtt !== null) {
            const file = path.join(runDir, 'subtitles.vtt');
            await writeFile(file, vtt);
            subtitles = { file, language: trackLanguage(cut.languageId) };
          }
        }
        const total = parts.reduce((sum, part) => sum + part.seconds, 0);
        const frame = LINEAR_CUT_FRAME[movie?.viewMode ?? 'horizontal'];
        await ffmpeg.run(linearCutArgs({ parts, ...frame, subtitles, output }), {
          timeoutMs: jobExpirySeconds(total) * 1000,
          signal,
          durationSeconds: total,
          onProgress: (percent) => {
            const now = performance.now();
            if (percent >= 100 || now - lastWrite < PROGRESS_WRITE_INTERVAL_MS) return;
            lastWrite = now;
            void write({ progress: percent / 100 }).catch(() => {});
          },
        });
      });
      const fileBytes = (await stat(output)).size;
      const key = `${linearCutsFolder(cut.movieId)}/${randomUUID()}.mp4`;
      await blobs.putFile(key, output);
      const written = await write({ status: 'ready', progress: 1, fileKey: key, fileBytes });
      // Deleted while it rendered (or its project was): the file has no row to name it.
      if (!written) await blobs.delete(key);
    } catch (error) {
      // Stopped or taken away: the queue hands the job out again.
      if (signal.aborted) throw error;
      const permanent = error instanceof UnsupportedMediaError;
      if (lastAttempt || permanent) {
        await write({ status: 'failed', progress: 0, error: describeFailure(error) });
        return;
      }
      await write({ status: 'queued', progress: 0 });
      throw error;
    } finally {
      await rm(runDir, { recursive: true, force: true });
    }
  }

  return {
    runRender,

    /** Records the end of a render the queue gave up on, unless it ended already. */
    async abandonRender(job: { linearCutId: number }): Promise<void> {
      const cut = await cuts.findCut(job.linearCutId);
      if (!cut || cut.status === 'ready' || cut.status === 'failed') return;
      await cuts.updateCut(
        cut.id,
        { status: 'failed', progress: 0, error: INTERRUPTED_ERROR },
        clock.now(),
      );
    },

    /**
     * Asks for a cut of the path `request.choices` takes (400 when they lead nowhere), of a draft
     * or a published project alike: a cut reads the story and changes nothing of it, so
     * publishing's finality does not stop it (the route asks for the right to change projects).
     * Every item of the path must be transcoded (409), the language must have subtitles somewhere
     * on the path (400), and a project has a few cuts under way at most (409).
     */
    async requestCut(
      caller: AuthContext,
      movieId: number,
      request: LinearCutRequest,
    ): Promise<LinearCut> {
      await projectForCaller(projects, caller, movieId, { change: false });
      const nodes = (await plots.listPlots(movieId)).map(toNode);
      const found = linearCutPath(nodes, await plots.storyVariables(movieId), request.choices);
      if ('refused' in found) throw new AppError(400, found.refused);
      const nodeOf = new Map(nodes.map((node) => [node.movie_plot_id, node]));
      const contentIds = found.path.map((id) => {
        const contentId = nodeOf.get(id)!.movie_content_id;
        if (contentId === null) {
          throw new AppError(409, formatMessage(LINEAR_CUT_MESSAGES.noMedia, { node: id }));
        }
        return contentId;
      });
      const items = new Map(
        (await contents.listContentsById([...new Set(contentIds)])).map((item) => [item.id, item]),
      );
      for (const id of contentIds) {
        const item = items.get(id);
        if (item?.status !== 'ready') {
          const name = item?.fileName ?? String(id);
          throw new AppError(409, formatMessage(LINEAR_CUT_MESSAGES.notReady, { name }));
        }
      }
      if (request.language_id !== null) {
        const subtitles = await cuts.subtitleKeys(contentIds, request.language_id);
        if (subtitles.size === 0) throw new AppError(400, LINEAR_CUT_MESSAGES.noSubtitles);
      }
      const seconds = contentIds.reduce(
        (sum, id) => sum + (items.get(id)!.durationSeconds ?? 0),
        0,
      );
      const cut = await transaction(async (tx) => {
        if ((await cuts.countActive(movieId, tx)) >= LINEAR_CUTS_ACTIVE_MAX) {
          throw new AppError(
            409,
            formatMessage(LINEAR_CUT_MESSAGES.tooMany, { max: LINEAR_CUTS_ACTIVE_MAX }),
          );
        }
        const inserted = await cuts.insertCut(
          {
            movieId,
            createdBy: caller.userId,
            path: found.path,
            contentIds,
            languageId: request.language_id,
          },
          clock.now(),
          tx,
        );
        await queue.send(
          { kind: 'linear-cut', linearCutId: inserted.id },
          { tx, expireInSeconds: jobExpirySeconds(seconds) },
        );
        return inserted;
      });
      return toLinearCut(cut);
    },

    async listCuts(caller: AuthContext, movieId: number): Promise<LinearCut[]> {
      await projectForCaller(projects, caller, movieId, { change: false });
      return (await cuts.listCuts(movieId)).map(toLinearCut);
    },

    async getCut(caller: AuthContext, movieId: number, cutId: number): Promise<LinearCut> {
      return toLinearCut(await cutOfProject(caller, movieId, cutId));
    },

    /** A ready cut's file: its key and size, and the name it is downloaded under. */
    async cutFile(caller: AuthContext, movieId: number, cutId: number) {
      const cut = await cutOfProject(caller, movieId, cutId);
      if (cut.status !== 'ready' || cut.fileKey === null) {
        throw new AppError(409, LINEAR_CUT_MESSAGES.notReadyToDownload);
      }
      return { key: cut.fileKey, fileName: `plotline-cut-${movieId}-${cut.id}.mp4` };
    },

    /** `cutFile` for a download ticket, which names the cut alone. */
    async cutFileById(caller: AuthContext, cutId: number) {
      const cut = await cuts.findCut(cutId);
      if (!cut) throw new AppError(404, LINEAR_CUT_MESSAGES.notFound);
      return this.cutFile(caller, cut.movieId, cut.id);
    },

    /** Deletes a cut and its file; a render under way finds its row gone and drops its output. */
    async deleteCut(caller: AuthContext, movieId: number, cutId: number): Promise<LinearCut> {
      const cut = await cutOfProject(caller, movieId, cutId);
      const deleted = await cuts.deleteCut(cut.id);
      if (deleted?.fileKey) await blobs.delete(deleted.fileKey);
      return toLinearCut(cut);
    },
  };
}

export type LinearCutsService = ReturnType<typeof createLinearCutsService>;
