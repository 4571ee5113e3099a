import type { LinearCutStatus } from '@plotline/core';
import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { contentLanguages, linearCuts } from '../../db/schema/index.ts';

export interface LinearCutRecord {
  id: number;
  movieId: number;
  path: number[];
  contentIds: number[];
  languageId: number | null;
  status: LinearCutStatus;
  progress: number;
  fileKey: string | null;
  fileBytes: number | null;
  error: string | null;
  createdAt: Date;
}

export interface NewLinearCut {
  movieId: number;
  createdBy: number;
  path: number[];
  contentIds: number[];
  languageId: number | null;
}

/** What a render writes as it goes. */
export type LinearCutUpdate = Partial<
  Pick<LinearCutRecord, 'status' | 'progress' | 'fileKey' | 'fileBytes' | 'error'>
>;

const cutColumns = {
  id: linearCuts.id,
  movieId: linearCuts.movieId,
  path: linearCuts.path,
  contentIds: linearCuts.contentIds,
  languageId: linearCuts.languageId,
  status: linearCuts.status,
  progress: linearCuts.progress,
  fileKey: linearCuts.fileKey,
  fileBytes: linearCuts.fileBytes,
  error: linearCuts.error,
  createdAt: linearCuts.createdAt,
};

export function createLinearCutsRepository(db: Executor) {
  return {
    async insertCut(cut: NewLinearCut, at: Date, tx: Executor = db): Promise<LinearCutRecord> {
      const [row] = await tx
        .insert(linearCuts)
        .values({ ...cut, createdAt: at, updatedAt: at })
        .returning(cutColumns);
      return row!;
    },

    async findCut(id: number, tx: Executor = db): Promise<LinearCutRecord | null> {
      const [row] = await tx.select(cutColumns).from(linearCuts).where(eq(linearCuts.id, id));
      return row ?? null;
    },

    /** A project's cuts, newest first. */
    async listCuts(movieId: number, tx: Executor = db): Promise<LinearCutRecord[]> {
      return tx
        .select(cutColumns)
        .from(linearCuts)
        .where(eq(linearCuts.movieId, movieId))
        .orderBy(desc(linearCuts.createdAt), desc(linearCuts.id));
    },

    /** How many cuts of a project wait or render now. */
    async countActive(movieId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ active: count() })
        .from(linearCuts)
        .where(
          and(eq(linearCuts.movieId, movieId), inArray(linearCuts.status, ['queued', 'rendering'])),
        );
      return row?.active ?? 0;
    },

    /** Writes a render's state; false when the cut is gone (deleted meanwhile). */
    async updateCut(id: number, update: LinearCutUpdate, at: Date, tx: Executor = db) {
      const rows = await tx
        .update(linearCuts)
        .set({ ...update, updatedAt: at })
        .where(eq(linearCuts.id, id))
        .returning({ id: linearCuts.id });
      return rows.length > 0;
    },

    /** Deletes the cut; answers its file's key (null without one), or undefined when there was none. */
    async deleteCut(
      id: number,
      tx: Executor = db,
    ): Promise<{ fileKey: string | null } | undefined> {
      const [row] = await tx
        .delete(linearCuts)
        .where(eq(linearCuts.id, id))
        .returning({ fileKey: linearCuts.fileKey });
      return row;
    },

    /** The subtitles (as uploaded, SRT) of these items in one language, by item. */
    async subtitleKeys(
      contentIds: number[],
      languageId: number,
      tx: Executor = db,
    ): Promise<Map<number, string>> {
      if (contentIds.length === 0) return new Map();
      const rows = await tx
        .select({ id: contentLanguages.movieContentId, key: contentLanguages.subtitleSrtKey })
        .from(contentLanguages)
        .where(
          and(
            inArray(contentLanguages.movieContentId, contentIds),
            eq(contentLanguages.languageId, languageId),
            isNotNull(contentLanguages.subtitleSrtKey),
          ),
        );
      return new Map(rows.map((row) => [row.id, row.key!]));
    },
  };
}

export type LinearCutsRepository = ReturnType<typeof createLinearCutsRepository>;
