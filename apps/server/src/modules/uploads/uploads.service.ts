import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  type BannerKind,
  type ContentType,
  type MovieContentUploadResult,
  type ViewMode,
} from '@plotline/core';
import type { BlobStore } from '../../adapters/blob-store.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { Ffmpeg } from '../../adapters/ffmpeg/ffmpeg.ts';
import type { MediaProbe } from '../../adapters/ffmpeg/media-probe.ts';
import type { JobQueue } from '../../adapters/job-queue.ts';
import type { Executor } from '../../db/database.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../access/caller.ts';
import { contentForCaller, lockContentForChange } from '../../access/content-access.ts';
import type { MovieContentsRepository } from '../content/movie-contents.repository.ts';
import { checkVideo } from '../content/video-check.ts';
import { lockProjectForChange, projectForCaller } from '../../access/project-access.ts';
import type {
  MovieRecord,
  ProjectsRepository,
  ThumbnailField,
} from '../projects/projects.repository.ts';
import { jobExpirySeconds, type TranscodingService } from '../transcoding/transcoding.service.ts';
import { checkImage, checkSubtitle, displayFileName } from './content-checks.ts';

/** A file that arrived whole, waiting in a temporary file for its checks. */
export interface IncomingFile {
  clientName: string;
  path: string;
  bytes: number;
}

export interface UploadsDeps {
  projects: ProjectsRepository;
  contents: MovieContentsRepository;
  transcoding: Pick<TranscodingService, 'statusOfContents'>;
  queue: Pick<JobQueue, 'send'>;
  blobs: BlobStore;
  ffmpeg: Ffmpeg;
  clock: Clock;
  transaction: RunInTransaction;
}

export function createUploadsService(deps: UploadsDeps) {
  const { projects, contents, transcoding, queue, blobs, ffmpeg, clock, transaction } = deps;

  /**
   * The project an upload goes into: the given one if the caller may change it, else (for uploads
   * that may start a project) a new draft of the caller's company. Checked at once, so a refused
   * upload stops before its files are probed, and answered again inside the upload's transaction:
   * the given project locked and checked anew (it may have been published meanwhile), or the draft
   * made there.
   */
  async function targetProject(
    caller: AuthContext,
    movieId: number | undefined,
  ): Promise<(tx: Executor, viewMode: ViewMode | null) => Promise<MovieRecord>> {
    if (movieId !== undefined) {
      await projectForCaller(projects, caller, movieId, { change: true });
      return (tx) => lockProjectForChange(projects, caller, movieId, tx);
    }
    const companyId = caller.companyId;
    if (companyId === null) throw new AppError(400, MESSAGES.projectNeedsCompany);
    return (tx, viewMode) =>
      projects.createDraft({ companyId, createdBy: caller.userId, viewMode, at: clock.now() }, tx);
  }

  /** Moves checked files into the store; if anything after fails, `undo` removes them again. */
  async function storeAll(entries: { key: string; path: string }[]) {
    const stored: string[] = [];
    try {
      for (const entry of entries) {
        await blobs.putFile(entry.key, entry.path);
        stored.push(entry.key);
      }
    } catch (error) {
      await Promise.all(stored.map((key) => blobs.delete(key)));
      throw error;
    }
    return { undo: () => Promise.all(stored.map((key) => blobs.delete(key))) };
  }

  return {
    /**
     * Refuses, before any byte is sent, a resumable upload that could not be stored: into a project
     * the caller may not change, or a new draft by a caller of no company.
     */
    async checkUploadTarget(caller: AuthContext, movieId: number | undefined): Promise<void> {
      await targetProject(caller, movieId);
    },

    /**
     * Stores uploaded videos as clips or bridges of a project (a new draft when none is given) and
     * queues their transcoding. Every file is probed first: one refused file refuses the request,
     * and nothing of it is kept.
     */
    async storeMovieContents(
      caller: AuthContext,
      upload: { movieId?: number | undefined; viewMode: ViewMode; type: ContentType },
      files: IncomingFile[],
    ): Promise<MovieContentUploadResult> {
      const target = await targetProject(caller, upload.movieId);
      const checked: (IncomingFile & { name: string; probe: MediaProbe; key: string })[] = [];
      for (const file of files) {
        const name = displayFileName(file.clientName, 'video');
        const probe = await checkVideo(ffmpeg, file.path, name);
        checked.push({ ...file, name, probe, key: `sources/${randomUUID()}` });
      }
      const { undo } = await storeAll(checked);
      try {
        const { movieId, ids } = await transaction(async (tx) => {
          const movie = await target(tx, upload.viewMode);
          const ids = await contents.insertContents(
            checked.map((file) => ({
              movieId: movie.id,
              type: upload.type,
              fileName: file.name,
              sourceKey: file.key,
              sourceBytes: file.bytes,
            })),
            clock.now(),
            tx,
          );
          for (const [index, id] of ids.entries()) {
            await queue.send(
              { kind: 'transcode', movieContentId: id, attempt: 1 },
              { tx, expireInSeconds: jobExpirySeconds(checked[index]!.probe.durationSeconds) },
            );
          }
          return { movieId: movie.id, ids };
        });
        return { movieId, files: await transcoding.statusOfContents(ids) };
      } catch (error) {
        await undo();
        throw error;
      }
    },

    /** Sets a project's mobile or desktop thumbnail (a new draft when none is given). */
    async storeThumbnail(
      caller: AuthContext,
      field: ThumbnailField,
      movieId: number | undefined,
      file: IncomingFile,
    ): Promise<{ movieId: number; location: string }> {
      const target = await targetProject(caller, movieId);
      const image = await checkImage(ffmpeg, file.path, displayFileName(file.clientName, 'image'));
      const key = `thumbnails/${randomUUID()}.${image.extension}`;
      const { undo } = await storeAll([{ key, path: file.path }]);
      try {
        const { id, replaced } = await transaction(async (tx) => {
          const movie = await target(tx, null);
          const replaced = await projects.setThumbnail(movie.id, field, key, clock.now(), tx);
          return { id: movie.id, replaced };
        });
        if (replaced) await blobs.delete(replaced);
        return { movieId: id, location: blobs.publicUrl(key) };
      } catch (error) {
        await undo();
        throw error;
      }
    },

    /** Sets the subtitle of one language of a clip or bridge, stored as uploaded and as WebVTT. */
    async storeSubtitle(
      caller: AuthContext,
      target: { movieContentId: number; languageId: number },
      file: IncomingFile,
    ): Promise<{
      location: string;
      file_name: string;
      movie_content_id: number;
      language_id: number;
    }> {
      const content = await contentForCaller(contents, caller, target.movieContentId);
      await projectForCaller(projects, caller, content.movieId, { change: true });
      const name = displayFileName(file.clientName, 'subtitle.srt');
      const { srt, vtt } = await checkSubtitle(file.path, file.bytes, name);
      const id = randomUUID();
      const srtKey = `subtitles/${id}.srt`;
      const vttKey = `subtitles/${id}.vtt`;
      await blobs.put(srtKey, srt);
      await blobs.put(vttKey, Buffer.from(vtt, 'utf8'));
      let replaced: { srtKey: string | null; vttKey: string | null };
      try {
        // Under the project's lock: the item may have been deleted, or the project published, meanwhile.
        replaced = await transaction(async (tx) => {
          await lockContentForChange({ contents, projects }, caller, target.movieContentId, tx);
          return contents.setSubtitle({ ...target, srtKey, vttKey, name }, clock.now(), tx);
        });
      } catch (error) {
        await Promise.all([blobs.delete(srtKey), blobs.delete(vttKey)]);
        throw error;
      }
      for (const key of [replaced.srtKey, replaced.vttKey]) if (key) await blobs.delete(key);
      return {
        location: blobs.publicUrl(vttKey),
        file_name: name,
        movie_content_id: target.movieContentId,
        language_id: target.languageId,
      };
    },

    /** Sets a project's banner image of one kind, replacing the previous one. */
    async storeBanner(
      caller: AuthContext,
      kind: BannerKind,
      movieId: number,
      file: IncomingFile,
    ): Promise<{ location: string; mediaId: number }> {
      const target = await targetProject(caller, movieId);
      const image = await checkImage(ffmpeg, file.path, displayFileName(file.clientName, 'image'));
      const key = `banners/${randomUUID()}.${image.extension}`;
      const { undo } = await storeAll([{ key, path: file.path }]);
      try {
        const { id, replacedKeys } = await transaction(async (tx) =>
          projects.replaceBannerImage(
            {
              movieId: (await target(tx, null)).id,
              kind,
              imageKey: key,
              width: image.width,
              height: image.height,
            },
            clock.now(),
            tx,
          ),
        );
        for (const replaced of replacedKeys) await blobs.delete(replaced);
        return { location: blobs.publicUrl(key), mediaId: id };
      } catch (error) {
        await undo();
        throw error;
      }
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
