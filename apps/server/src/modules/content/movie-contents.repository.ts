import type { ContentType, TranscodeStatus } from '@plotline/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { contentLanguages, movieContents, movies } from '../../db/schema/index.ts';

export interface MovieContentRecord {
  id: number;
  movieId: number;
  companyId: number;
  type: ContentType;
  fileName: string;
  sourceKey: string;
  status: TranscodeStatus;
  progress: number;
  attempt: number;
  durationSeconds: number | null;
  hlsKey: string | null;
  thumbnailKey: string | null;
  transcoderLog: string | null;
}

export interface ContentLanguageRecord {
  movieContentId: number;
  languageId: number;
  caption: string;
  subtitleVttKey: string | null;
  subtitleName: string | null;
}

export interface NewMovieContent {
  movieId: number;
  type: ContentType;
  fileName: string;
  sourceKey: string;
  sourceBytes: number;
}

/** The blobs a deleted clip or bridge leaves, to delete once the deletion is committed. */
export interface DeletedContent {
  fileName: string;
  sourceKey: string;
  hlsKey: string | null;
  thumbnailKey: string | null;
  subtitleKeys: string[];
}

/** What a transcode run writes as it goes; the row's attempt guards every write (see `updateAttempt`). */
export type TranscodeUpdate = Partial<
  Pick<
    MovieContentRecord,
    'status' | 'progress' | 'durationSeconds' | 'hlsKey' | 'thumbnailKey' | 'transcoderLog'
  >
>;

const contentColumns = {
  id: movieContents.id,
  movieId: movieContents.movieId,
  companyId: movies.companyId,
  type: movieContents.type,
  fileName: movieContents.fileName,
  sourceKey: movieContents.sourceKey,
  status: movieContents.status,
  progress: movieContents.progress,
  attempt: movieContents.attempt,
  durationSeconds: movieContents.durationSeconds,
  hlsKey: movieContents.hlsKey,
  thumbnailKey: movieContents.thumbnailKey,
  transcoderLog: movieContents.transcoderLog,
};

const languageColumns = {
  movieContentId: contentLanguages.movieContentId,
  languageId: contentLanguages.languageId,
  caption: contentLanguages.caption,
  subtitleVttKey: contentLanguages.subtitleVttKey,
  subtitleName: contentLanguages.subtitleName,
};

const subtitleKeysOf = (rows: { srtKey: string | null; vttKey: string | null }[]) =>
  rows.flatMap((row) => [row.srtKey, row.vttKey]).filter((key) => key !== null);

const asRecord = (row: Omit<MovieContentRecord, 'type'> & { type: number }) =>
  ({ ...row, type: row.type as ContentType }) satisfies MovieContentRecord;

export function createMovieContentsRepository(db: Executor) {
  const selectContents = (tx: Executor) =>
    tx
      .select(contentColumns)
      .from(movieContents)
      .innerJoin(movies, eq(movies.id, movieContents.movieId));

  return {
    async insertContents(
      contents: NewMovieContent[],
      at: Date,
      tx: Executor = db,
    ): Promise<number[]> {
      const rows = await tx
        .insert(movieContents)
        .values(contents.map((content) => ({ ...content, createdAt: at, updatedAt: at })))
        .returning({ id: movieContents.id });
      return rows.map((row) => row.id);
    },

    async findContent(id: number, tx: Executor = db): Promise<MovieContentRecord | null> {
      const [row] = await selectContents(tx).where(eq(movieContents.id, id));
      return row ? asRecord(row) : null;
    },

    async listContents(movieId: number, tx: Executor = db): Promise<MovieContentRecord[]> {
      const rows = await selectContents(tx)
        .where(eq(movieContents.movieId, movieId))
        .orderBy(asc(movieContents.id));
      return rows.map(asRecord);
    },

    async listContentsById(ids: number[], tx: Executor = db): Promise<MovieContentRecord[]> {
      if (ids.length === 0) return [];
      const rows = await selectContents(tx)
        .where(inArray(movieContents.id, ids))
        .orderBy(asc(movieContents.id));
      return rows.map(asRecord);
    },

    async listLanguages(contentIds: number[], tx: Executor = db): Promise<ContentLanguageRecord[]> {
      if (contentIds.length === 0) return [];
      return tx
        .select(languageColumns)
        .from(contentLanguages)
        .where(inArray(contentLanguages.movieContentId, contentIds))
        .orderBy(asc(contentLanguages.movieContentId), asc(contentLanguages.languageId));
    },

    /**
     * Sets the subtitle of a content's language, adding the language when it had none; returns the
     * blob keys of the subtitle it replaced.
     */
    async setSubtitle(
      subtitle: {
        movieContentId: number;
        languageId: number;
        srtKey: string;
        vttKey: string;
        name: string;
      },
      at: Date,
      tx: Executor = db,
    ): Promise<{ srtKey: string | null; vttKey: string | null }> {
      const key = and(
        eq(contentLanguages.movieContentId, subtitle.movieContentId),
        eq(contentLanguages.languageId, subtitle.languageId),
      );
      const [previous] = await tx
        .select({
          srtKey: contentLanguages.subtitleSrtKey,
          vttKey: contentLanguages.subtitleVttKey,
        })
        .from(contentLanguages)
        .where(key)
        .for('update');
      const values = {
        subtitleSrtKey: subtitle.srtKey,
        subtitleVttKey: subtitle.vttKey,
        subtitleName: subtitle.name,
        updatedAt: at,
      };
      await tx
        .insert(contentLanguages)
        .values({
          movieContentId: subtitle.movieContentId,
          languageId: subtitle.languageId,
          ...values,
        })
        .onConflictDoUpdate({
          target: [contentLanguages.movieContentId, contentLanguages.languageId],
          set: values,
        });
      return previous ?? { srtKey: null, vttKey: null };
    },

    /** Sets the caption of a content's language, adding the language when it had none. */
    async saveCaption(
      entry: { movieContentId: number; languageId: number; caption: string },
      at: Date,
      tx: Executor = db,
    ): Promise<ContentLanguageRecord> {
      const [row] = await tx
        .insert(contentLanguages)
        .values({ ...entry, updatedAt: at })
        .onConflictDoUpdate({
          target: [contentLanguages.movieContentId, contentLanguages.languageId],
          set: { caption: entry.caption, updatedAt: at },
        })
        .returning(languageColumns);
      return row!;
    },

    /**
     * Removes a language (caption and subtitle) from every content of a project; returns the
     * contents it was removed from and the subtitle blob keys they held.
     */
    async removeLanguage(
      movieId: number,
      languageId: number,
      tx: Executor = db,
    ): Promise<{ movieContentIds: number[]; subtitleKeys: string[] }> {
      const removed = await tx
        .delete(contentLanguages)
        .where(
          and(
            eq(contentLanguages.languageId, languageId),
            inArray(
              contentLanguages.movieContentId,
              tx
                .select({ id: movieContents.id })
                .from(movieContents)
                .where(eq(movieContents.movieId, movieId)),
            ),
          ),
        )
        .returning({
          movieContentId: contentLanguages.movieContentId,
          srtKey: contentLanguages.subtitleSrtKey,
          vttKey: contentLanguages.subtitleVttKey,
        });
      return {
        movieContentIds: removed.map((row) => row.movieContentId).sort((a, b) => a - b),
        subtitleKeys: subtitleKeysOf(removed),
      };
    },

    /**
     * Removes the subtitle of a content's language and keeps its caption; returns the language as
     * it is now and the blob keys of the removed subtitle, or null when it had no subtitle.
     */
    async removeSubtitle(
      movieContentId: number,
      languageId: number,
      at: Date,
      tx: Executor = db,
    ): Promise<{ language: ContentLanguageRecord; subtitleKeys: string[] } | null> {
      const key = and(
        eq(contentLanguages.movieContentId, movieContentId),
        eq(contentLanguages.languageId, languageId),
      );
      const [previous] = await tx
        .select({
          srtKey: contentLanguages.subtitleSrtKey,
          vttKey: contentLanguages.subtitleVttKey,
        })
        .from(contentLanguages)
        .where(key)
        .for('update');
      if (!previous || (previous.srtKey === null && previous.vttKey === null)) return null;
      const [language] = await tx
        .update(contentLanguages)
        .set({ subtitleSrtKey: null, subtitleVttKey: null, subtitleName: null, updatedAt: at })
        .where(key)
        .returning(languageColumns);
      return { language: language!, subtitleKeys: subtitleKeysOf([previous]) };
    },

    /**
     * Deletes a content of a project with its languages; returns the blob keys it held, or null
     * when the project has no such content. A transcode job of it then finds nothing to do.
     */
    async deleteContent(
      id: number,
      movieId: number,
      tx: Executor = db,
    ): Promise<DeletedContent | null> {
      const ofProject = and(eq(movieContents.id, id), eq(movieContents.movieId, movieId));
      const languages = await tx
        .delete(contentLanguages)
        .where(
          inArray(
            contentLanguages.movieContentId,
            tx.select({ id: movieContents.id }).from(movieContents).where(ofProject),
          ),
        )
        .returning({
          srtKey: contentLanguages.subtitleSrtKey,
          vttKey: contentLanguages.subtitleVttKey,
        });
      const [row] = await tx.delete(movieContents).where(ofProject).returning({
        fileName: movieContents.fileName,
        sourceKey: movieContents.sourceKey,
        hlsKey: movieContents.hlsKey,
        thumbnailKey: movieContents.thumbnailKey,
      });
      return row ? { ...row, subtitleKeys: subtitleKeysOf(languages) } : null;
    },

    /**
     * Writes a transcode run's progress or result, but only while the row is still at `attempt`:
     * a retry (a newer attempt) or a deleted row makes an old run's writes land nowhere. Returns
     * whether the row was written.
     */
    async updateAttempt(
      id: number,
      attempt: number,
      update: TranscodeUpdate,
      at: Date,
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(movieContents)
        .set({ ...update, updatedAt: at })
        .where(and(eq(movieContents.id, id), eq(movieContents.attempt, attempt)))
        .returning({ id: movieContents.id });
      return rows.length > 0;
    },

    /** Starts a new attempt of a failed transcode: clears its log, results and progress. */
    async startNewAttempt(id: number, at: Date, tx: Executor = db): Promise<number | null> {
      const [row] = await tx
        .update(movieContents)
        .set({
          attempt: sql`${movieContents.attempt} + 1`,
          status: 'queued',
          progress: 0,
          transcoderLog: null,
          thumbnailKey: null,
          hlsKey: null,
          durationSeconds: null,
          updatedAt: at,
        })
        .where(and(eq(movieContents.id, id), eq(movieContents.status, 'failed')))
        .returning({ attempt: movieContents.attempt });
      return row?.attempt ?? null;
    },
  };
}

export type MovieContentsRepository = ReturnType<typeof createMovieContentsRepository>;
