import type { DownloadKind } from '@plotline/core';
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { AuthContext } from '../../access/caller.ts';
import { holderColumns, mayStillAct } from '../../db/account-holders.ts';
import type { Executor } from '../../db/database.ts';
import { companies, downloadTickets, users } from '../../db/schema/index.ts';

export interface NewDownloadTicket {
  tokenHash: string;
  userId: number;
  kind: DownloadKind;
  entityId: number;
  createdAt: Date;
  expiresAt: Date;
}

/** What a redeemed ticket downloads, and for whom. */
export interface SpentTicket {
  userId: number;
  kind: DownloadKind;
  entityId: number;
}

export function createDownloadsRepository(db: Executor) {
  return {
    async insertTicket(ticket: NewDownloadTicket, tx: Executor = db): Promise<void> {
      await tx.insert(downloadTickets).values(ticket);
    },

    /**
     * Spends the ticket behind a token's hash, unused and unexpired by `now`, in one statement:
     * of two requests racing with one ticket, one gets it and the other finds it used.
     */
    async spendTicket(
      tokenHash: string,
      now: Date,
      tx: Executor = db,
    ): Promise<SpentTicket | null> {
      const [row] = await tx
        .update(downloadTickets)
        .set({ usedAt: now })
        .where(
          and(
            eq(downloadTickets.tokenHash, tokenHash),
            isNull(downloadTickets.usedAt),
            gt(downloadTickets.expiresAt, now),
          ),
        )
        .returning({
          userId: downloadTickets.userId,
          kind: downloadTickets.kind,
          entityId: downloadTickets.entityId,
        });
      return row ?? null;
    },

    /**
     * The user as a session's caller would be, when they may still sign in: not disabled, and of an
     * active company or none (as the sessions store checks a session's holder).
     */
    async findHolder(
      userId: number,
      tx: Executor = db,
    ): Promise<Omit<AuthContext, 'sessionId'> | null> {
      const [row] = await tx
        .select(holderColumns)
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(and(eq(users.id, userId), mayStillAct));
      return row ?? null;
    },

    /** Deletes up to `limit` tickets expired by `now`, oldest first; answers how many went. */
    async deleteExpired(now: Date, limit: number, tx: Executor = db): Promise<number> {
      const expired = tx
        .select({ id: downloadTickets.id })
        .from(downloadTickets)
        .where(lte(downloadTickets.expiresAt, now))
        .orderBy(downloadTickets.expiresAt)
        .limit(limit);
      const deleted = await tx
        .delete(downloadTickets)
        .where(inArray(downloadTickets.id, expired))
        .returning({ id: downloadTickets.id });
      return deleted.length;
    },
  };
}

export type DownloadsRepository = ReturnType<typeof createDownloadsRepository>;
