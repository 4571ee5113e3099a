import { randomBytes } from 'node:crypto';
import { MESSAGES, type SessionUser } from '@plotline/core';
import type { Clock } from '../../adapters/clock.ts';
import type { PasswordHasher } from '../../adapters/password-hasher.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { ActivityRepository } from '../activity/activity.repository.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { AccountsRepository, UserRecord, UserStatus } from './accounts.repository.ts';

export const ROOT_USER_NAME = 'Plotline Admin';

/** The wire shape of a user as sign-in and /api/user/me report it. */
export function toSessionUser(user: UserRecord): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    company_type: user.companyType,
    avatar: user.avatar,
    password: user.passwordHash !== null,
  };
}

interface Actor {
  userId: number | null;
  ip?: string | null;
}

export function createAccountsService(deps: {
  accounts: Pick<
    AccountsRepository,
    'findUserById' | 'hasAnyUser' | 'insertFirstUser' | 'updateUser'
  >;
  sessions: Pick<AuthRepository, 'revokeUserSessions'>;
  activity: Pick<ActivityRepository, 'record'>;
  hasher: PasswordHasher;
  clock: Clock;
  transaction: RunInTransaction;
}) {
  const { accounts, sessions, activity, hasher, clock, transaction } = deps;

  async function requireUser(userId: number): Promise<UserRecord> {
    const user = await accounts.findUserById(userId);
    if (!user) throw new AppError(404, 'User not found');
    return user;
  }

  return {
    async getSessionUser(userId: number): Promise<SessionUser> {
      const user = await accounts.findUserById(userId);
      if (!user) throw new AppError(401, MESSAGES.sessionExpired);
      return toSessionUser(user);
    },

    /**
     * With an empty database, creates the root user (role king). Without a configured password one
     * is generated; the answer carries it so it can be shown once. Null when users exist already.
     */
    async ensureRootUser(root: {
      email: string;
      password: string | undefined;
    }): Promise<{ password: string; generated: boolean } | null> {
      if (await accounts.hasAnyUser()) return null;
      const password = root.password ?? randomBytes(12).toString('base64url');
      const passwordHash = await hasher.hash(password);
      const created = await transaction(async (tx) => {
        const inserted = await accounts.insertFirstUser(
          { email: root.email, name: ROOT_USER_NAME, passwordHash, role: 'king' },
          tx,
        );
        if (inserted) {
          await activity.record(
            {
              actorId: null,
              companyId: null,
              action: 'user.root_created',
              entityType: 'user',
              entityId: null,
              details: { email: root.email },
              at: clock.now(),
            },
            tx,
          );
        }
        return inserted;
      });
      return created ? { password, generated: root.password === undefined } : null;
    },

    /** Sets a new password and ends every session of that user, so old tokens stop working. */
    async setPassword(userId: number, password: string, actor: Actor): Promise<void> {
      const user = await requireUser(userId);
      const passwordHash = await hasher.hash(password);
      const at = clock.now();
      await transaction(async (tx) => {
        await accounts.updateUser(user.id, { passwordHash }, at, tx);
        await sessions.revokeUserSessions(user.id, at, tx);
        await activity.record(
          {
            actorId: actor.userId,
            companyId: user.companyId,
            action: 'user.password_changed',
            entityType: 'user',
            entityId: user.id,
            ip: actor.ip ?? null,
            at,
          },
          tx,
        );
      });
    },

    /** Disabling a user also ends all of their sessions. */
    async setStatus(userId: number, status: UserStatus, actor: Actor): Promise<void> {
      const user = await requireUser(userId);
      const at = clock.now();
      await transaction(async (tx) => {
        await accounts.updateUser(user.id, { status }, at, tx);
        if (status === 'disabled') await sessions.revokeUserSessions(user.id, at, tx);
        await activity.record(
          {
            actorId: actor.userId,
            companyId: user.companyId,
            action: `user.${status}`,
            entityType: 'user',
            entityId: user.id,
            ip: actor.ip ?? null,
            at,
          },
          tx,
        );
      });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
