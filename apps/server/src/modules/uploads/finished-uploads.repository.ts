import type { MovieContentUploadResult } from '@plotline/core';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { finishedUploads } from '../../db/schema/index.ts';

export interface FinishedUpload {
  uploadId: string;
  userId: number;
  bytes: number;
  result: MovieContentUploadResult;
  finishedAt: Date;
  expiresAt: Date;
}

/** The resumable uploads that were stored, by tus's id, until they would have expired. */
export function createFinishedUploadsRepository(db: Executor) {
  return {
    async insert(row: FinishedUpload, tx: Executor = db): Promise<void> {
      await tx.insert(finishedUploads).values(row);
    },

    /** The user's finished upload, unless it expired by `now`; another user's is none. */
    async find(
      uploadId: string,
      userId: number,
      now: Date,
      tx: Executor = db,
    ): Promise<Pick<FinishedUpload, 'bytes' | 'result'> | null> {
      const [row] = await tx
        .select({ bytes: finishedUploads.bytes, result: finishedUploads.result })
        .from(finishedUploads)
        .where(
          and(
            eq(finishedUploads.uploadId, uploadId),
            eq(finishedUploads.userId, userId),
            gt(finishedUploads.expiresAt, now),
          ),
        );
      return row ? { bytes: row.bytes, result: row.result as MovieContentUploadResult } : null;
    },

    /** Deletes the rows expired by `now`; answers how many went. */
    async deleteExpired(now: Date, tx: Executor = db): Promise<number> {
      const deleted = await tx
        .delete(finishedUploads)
        .where(lte(finishedUploads.expiresAt, now))
        .returning({ uploadId: finishedUploads.uploadId });
      return deleted.length;
    },
  };
}

export type FinishedUploadsRepository = ReturnType<typeof createFinishedUploadsRepository>;
