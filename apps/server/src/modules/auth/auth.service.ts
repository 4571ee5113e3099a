import { randomBytes } from 'node:crypto';
import {
  formatMessage,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES,
  MESSAGES,
  REMEMBERED_SESSION_DAYS,
  SESSION_HOURS,
  type LoginResponse,
  type Subject,
} from '@plotline/core';
import type { Clock } from '../../adapters/clock.ts';
import type { PasswordHasher } from '../../adapters/password-hasher.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import { toSessionUser } from '../accounts/accounts.service.ts';
import type { ActivityRepository } from '../activity/activity.repository.ts';
import type { AuthRepository, FailureTally } from './auth.repository.ts';
import type { SessionTokens } from './session-token.ts';

/** Who is calling, as the route guard and the services see it. */
export interface AuthContext extends Subject {
  userId: number;
  sessionId: string;
  companyId: number | null;
}

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
  ip: string;
  userAgent: string | null;
}

const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
const HOUR_MS = 3_600_000;

export function createAuthService(deps: {
  auth: Pick<
    AuthRepository,
    'insertSession' | 'findSessionHolder' | 'revokeSession' | 'tallyFailures' | 'recordFailure'
  >;
  accounts: Pick<AccountsRepository, 'findUserByEmail' | 'updateUser'>;
  activity: Pick<ActivityRepository, 'record'>;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  clock: Clock;
  transaction: RunInTransaction;
}) {
  const { auth, accounts, activity, hasher, tokens, clock, transaction } = deps;

  // Checked against when the email is unknown, so that answer takes as long as a wrong password.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hasher.hash(randomBytes(16).toString('hex')));

  /** Refuses the attempt while the email or the IP has used up its failures in the window. */
  async function refuseWhileLocked(email: string, ip: string, now: Date): Promise<void> {
    const { byEmail, byIp } = await auth.tallyFailures(
      email,
      ip,
      new Date(now.getTime() - WINDOW_MS),
    );
    const locked = [byEmail, byIp].filter((tally) => tally.count >= LOGIN_MAX_FAILURES);
    if (locked.length === 0) return;
    const retryAfterMs = Math.max(...locked.map((tally) => unlockIn(tally, now)));
    const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    throw new AppError(
      429,
      formatMessage(MESSAGES.tooManyAttempts, { minutes: Math.ceil(retryAfterSeconds / 60) }),
      { retryAfterSeconds },
    );
  }

  function unlockIn(tally: FailureTally, now: Date): number {
    return (tally.oldest?.getTime() ?? now.getTime()) + WINDOW_MS - now.getTime();
  }

  return {
    async login(input: LoginInput): Promise<LoginResponse> {
      const email = input.email.toLowerCase();
      await refuseWhileLocked(email, input.ip, clock.now());

      const user = await accounts.findUserByEmail(email);
      const passwordMatches = user?.passwordHash
        ? await hasher.verify(user.passwordHash, input.password)
        : await hasher.verify(await decoy(), input.password).then(() => false);

      const now = clock.now();
      if (!user || !passwordMatches) {
        await auth.recordFailure(
          { email, ip: input.ip, failedAt: now },
          new Date(now.getTime() - WINDOW_MS),
        );
        throw new AppError(401, MESSAGES.wrongCredentials);
      }
      if (user.status === 'disabled') throw new AppError(403, MESSAGES.accountDisabled);

      const expiresAt = new Date(
        now.getTime() +
          (input.remember ? REMEMBERED_SESSION_DAYS * 24 * HOUR_MS : SESSION_HOURS * HOUR_MS),
      );
      const sessionId = await transaction(async (tx) => {
        const id = await auth.insertSession(
          { userId: user.id, createdAt: now, expiresAt, ip: input.ip, userAgent: input.userAgent },
          tx,
        );
        await accounts.updateUser(user.id, { lastLoginAt: now }, now, tx);
        await activity.record(
          {
            actorId: user.id,
            companyId: user.companyId,
            action: 'auth.login',
            entityType: 'session',
            entityId: id,
            details: { remember: input.remember },
            ip: input.ip,
            at: now,
          },
          tx,
        );
        return id;
      });
      const token = await tokens.sign({ userId: user.id, sessionId }, now, expiresAt);
      return { ...toSessionUser(user), token };
    },

    /** The caller behind a token, or null when the token is bad, expired, revoked or its user disabled. */
    async authenticate(token: string): Promise<AuthContext | null> {
      const now = clock.now();
      const claims = await tokens.read(token, now);
      if (!claims) return null;
      const holder = await auth.findSessionHolder(claims.sessionId, claims.userId, now);
      return holder && { ...holder, sessionId: claims.sessionId };
    },

    async logout(caller: AuthContext, ip: string): Promise<void> {
      const at = clock.now();
      await transaction(async (tx) => {
        await auth.revokeSession(caller.sessionId, at, tx);
        await activity.record(
          {
            actorId: caller.userId,
            companyId: caller.companyId,
            action: 'auth.logout',
            entityType: 'session',
            entityId: caller.sessionId,
            ip,
            at,
          },
          tx,
        );
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
