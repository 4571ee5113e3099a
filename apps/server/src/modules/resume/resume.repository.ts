import type { StoryState } from '@plotline/core';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { resumeStates } from '../../db/schema/index.ts';

export interface NewResumeState {
  tokenHash: string;
  movieId: number;
  state: StoryState;
  createdAt: Date;
  expiresAt: Date;
}

export function createResumeRepository(db: Executor) {
  return {
    async insertState(row: NewResumeState, tx: Executor = db): Promise<void> {
      await tx.insert(resumeStates).values(row);
    },

    /** The state behind a token's hash, when it is the project's and has not expired by `now`. */
    async findState(
      tokenHash: string,
      movieId: number,
      now: Date,
      tx: Executor = db,
    ): Promise<StoryState | null> {
      const [row] = await tx
        .select({ state: resumeStates.state })
        .from(resumeStates)
        .where(
          and(
            eq(resumeStates.tokenHash, tokenHash),
            eq(resumeStates.movieId, movieId),
            gt(resumeStates.expiresAt, now),
          ),
        );
      return row?.state ?? null;
    },

    /**
     * Deletes up to `limit` rows expired by `now`, oldest first (the expiry index finds them), so
     * one call never holds a long lock however many have piled up; answers how many went.
     */
    async deleteExpired(now: Date, limit: number, tx: Executor = db): Promise<number> {
      const expired = tx
        .select({ tokenHash: resumeStates.tokenHash })
        .from(resumeStates)
        .where(lte(resumeStates.expiresAt, now))
        .orderBy(resumeStates.expiresAt)
        .limit(limit);
      const deleted = await tx
        .delete(resumeStates)
        .where(inArray(resumeStates.tokenHash, expired))
        .returning({ tokenHash: resumeStates.tokenHash });
      return deleted.length;
    },
  };
}

export type ResumeRepository = ReturnType<typeof createResumeRepository>;
