import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { holderColumns, mayStillAct } from '../../db/account-holders.ts';
import type { Executor } from '../../db/database.ts';
import { companies, serverSecrets, sessions, users } from '../../db/schema/index.ts';

/**
 * The sessions, opened at sign-in, checked on every call and revoked by sign-out, password changes
 * and disabled accounts; and the stored secret that signs their tokens.
 */
export function createSessionsRepository(db: Executor) {
  return {
    async insertSession(
      session: {
        userId: number;
        createdAt: Date;
        expiresAt: Date;
        ip: string;
        userAgent: string | null;
      },
      tx: Executor = db,
    ): Promise<string> {
      const [row] = await tx.insert(sessions).values(session).returning({ id: sessions.id });
      return row!.id;
    },

    /** Who holds the session, while it is neither revoked nor expired and neither its user nor its company is disabled. */
    async findSessionHolder(sessionId: string, userId: number, now: Date, tx: Executor = db) {
      const [row] = await tx
        .select(holderColumns)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            mayStillAct,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async revokeSession(sessionId: string, at: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeUserSessions(userId: number, at: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async revokeCompanySessions(companyId: number, at: Date, tx: Executor = db): Promise<void> {
      const members = tx.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(inArray(sessions.userId, members), isNull(sessions.revokedAt)));
    },

    /** Ends every session of the user but `keep`. */
    async revokeOtherSessions(userId: number, keep: string, at: Date, tx: Executor = db) {
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keep)));
    },

    /** The stored secret of that name, storing `candidate` first when there is none yet. */
    async getOrCreateSecret(name: string, candidate: string, tx: Executor = db): Promise<string> {
      await tx.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
      const [row] = await tx
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, name));
      return row!.value;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
