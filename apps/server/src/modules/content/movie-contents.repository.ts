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
        .select({
          movieContentId: contentLanguages.movieContentId,
          languageId: contentLanguages.languageId,
          caption: contentLanguages.caption,
          subtitleVttKey: contentLanguages.subtitleVttKey,
          subtitleName: contentLanguages.subtitleName,
        })
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
