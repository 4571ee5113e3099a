import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';

export interface Counter {
  count: number;
  resetsAt: Date;
}

export function createRateLimitsRepository(db: Executor) {
  const { key, count, resetsAt } = rateLimitCounters;

  return {
    /**
     * Counts one more for the key and answers its count and window; a window that has ended starts
     * again at 1 for `windowMs`. One statement, so processes counting the same key at once each see
     * their own count and none is lost.
     */
    async increment(counterKey: string, now: Date, windowMs: number, tx: Executor = db) {
      const ended = sql`${resetsAt} <= ${now.toISOString()}`;
      const [row] = await tx
        .insert(rateLimitCounters)
        .values({ key: counterKey, count: 1, resetsAt: new Date(now.getTime() + windowMs) })
        .onConflictDoUpdate({
          target: key,
          set: {
            count: sql`CASE WHEN ${ended} THEN 1 ELSE ${count} + 1 END`,
            resetsAt: sql`CASE WHEN ${ended} THEN excluded.resets_at ELSE ${resetsAt} END`,
          },
        })
        .returning({ count, resetsAt });
      return row as Counter;
    },

    /** Takes back one count, unless the window it was made in has ended meanwhile. */
    async decrement(counterKey: string, window: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(rateLimitCounters)
        .set({ count: sql`${count} - 1` })
        .where(and(eq(key, counterKey), eq(resetsAt, window), gt(count, 0)));
    },

    async deleteEnded(now: Date, tx: Executor = db): Promise<void> {
      await tx.delete(rateLimitCounters).where(lte(resetsAt, now));
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
