import type { IdentityProviderKind } from '@plotline/core';
import { and, asc, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { oidcFlows, userIdentities, users } from '../../db/schema/index.ts';

export type OidcFlow = typeof oidcFlows.$inferSelect;
export type NewOidcFlow = Pick<
  typeof oidcFlows.$inferInsert,
  | 'kind'
  | 'stateHash'
  | 'codeVerifier'
  | 'nonce'
  | 'mode'
  | 'next'
  | 'inviteTokenHash'
  | 'remember'
  | 'linkUserId'
  | 'createdAt'
  | 'expiresAt'
>;
export type UserIdentity = typeof userIdentities.$inferSelect;

/** The linked identities and the provider sign-ins under way. */
export function createIdentityProvidersRepository(db: Executor) {
  return {
    async insertFlow(flow: NewOidcFlow, tx: Executor = db): Promise<void> {
      await tx.insert(oidcFlows).values(flow);
    },

    /** Flows whose every step has ended: the start's window and any handoff's. */
    async deleteEndedFlows(now: Date, tx: Executor = db): Promise<void> {
      await tx
        .delete(oidcFlows)
        .where(
          and(
            lt(oidcFlows.expiresAt, now),
            or(isNull(oidcFlows.handoffExpiresAt), lt(oidcFlows.handoffExpiresAt, now)),
          ),
        );
    },

    /**
     * Spends the state of a flow that is still open: answers the flow once, and null for an
     * unknown, spent or expired state, so a callback replayed or raced counts once.
     */
    async spendState(stateHash: string, now: Date, tx: Executor = db): Promise<OidcFlow | null> {
      const [flow] = await tx
        .update(oidcFlows)
        .set({ callbackAt: now })
        .where(
          and(
            eq(oidcFlows.stateHash, stateHash),
            isNull(oidcFlows.callbackAt),
            gt(oidcFlows.expiresAt, now),
          ),
        )
        .returning();
      return flow ?? null;
    },

    async setHandoff(
      flowId: number,
      handoff: { userId: number; outcome: string; handoffHash: string; handoffExpiresAt: Date },
      tx: Executor = db,
    ): Promise<void> {
      await tx.update(oidcFlows).set(handoff).where(eq(oidcFlows.id, flowId));
    },

    /**
     * Uses a handoff up in the browser that started its flow (whose cookie holds the state);
     * answers its flow, or null for an unknown, used or expired handoff, or another browser's,
     * which stays usable by its own.
     */
    async spendHandoff(
      handoffHash: string,
      stateHash: string,
      now: Date,
      tx: Executor = db,
    ): Promise<OidcFlow | null> {
      const [flow] = await tx
        .update(oidcFlows)
        .set({ handoffUsedAt: now })
        .where(
          and(
            eq(oidcFlows.handoffHash, handoffHash),
            eq(oidcFlows.stateHash, stateHash),
            isNull(oidcFlows.handoffUsedAt),
            isNotNull(oidcFlows.userId),
            gt(oidcFlows.handoffExpiresAt, now),
          ),
        )
        .returning();
      return flow ?? null;
    },

    async findIdentity(
      issuer: string,
      subject: string,
      tx: Executor = db,
    ): Promise<UserIdentity | null> {
      const [identity] = await tx
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
        .limit(1);
      return identity ?? null;
    },

    async insertIdentity(
      identity: {
        userId: number;
        kind: IdentityProviderKind;
        issuer: string;
        subject: string;
        email: string;
        createdAt: Date;
      },
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(userIdentities)
        .values({ ...identity, lastUsedAt: identity.createdAt })
        .returning({ id: userIdentities.id });
      return row!.id;
    },

    async markIdentityUsed(id: number, at: Date, tx: Executor = db): Promise<void> {
      await tx.update(userIdentities).set({ lastUsedAt: at }).where(eq(userIdentities.id, id));
    },

    listIdentities(userId: number, tx: Executor = db): Promise<UserIdentity[]> {
      return tx
        .select()
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId))
        .orderBy(asc(userIdentities.createdAt), asc(userIdentities.id));
    },

    /**
     * Holds the user's row until `tx` ends, so that two unlinks at once cannot both leave the
     * other's identity as the last way in and remove it; answers whether the user has a password.
     */
    async lockUser(userId: number, tx: Executor): Promise<{ hasPassword: boolean } | null> {
      const [row] = await tx
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row ? { hasPassword: row.passwordHash !== null } : null;
    },

    async countIdentities(userId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ value: count() })
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId));
      return row?.value ?? 0;
    },

    /** Removes one of the user's identities; answers whether there was one. */
    async deleteIdentity(
      userId: number,
      id: number,
      tx: Executor = db,
    ): Promise<UserIdentity | null> {
      const [row] = await tx
        .delete(userIdentities)
        .where(and(eq(userIdentities.id, id), eq(userIdentities.userId, userId)))
        .returning();
      return row ?? null;
    },
  };
}

export type IdentityProvidersRepository = ReturnType<typeof createIdentityProvidersRepository>;
