import { randomBytes } from 'node:crypto';
import {
  MESSAGES,
  REMEMBERED_SESSION_DAYS,
  SESSION_HOURS,
  type LoginResponse,
} from '@plotline/core';
import type { AuthContext, Origin } from '../../access/caller.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { PasswordHasher } from '../../adapters/password-hasher.ts';
import { AppError } from '../../errors.ts';
import { RATE_LIMITS, tooManySignInsMessage } from '../rate-limits/rate-limit-rules.ts';
import type { RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { SessionsRepository } from '../sessions/sessions.repository.ts';
import { toSessionUser } from '../users/session-user.ts';
import type { UserRecord, UsersRepository } from '../users/users.repository.ts';
import type { SessionTokens } from './session-token.ts';

/** A new session: the reply for the client and the caller it makes. */
export interface StartedSession {
  reply: LoginResponse;
  caller: AuthContext;
}

const HOUR_MS = 3_600_000;

export function createAuthService(deps: {
  auth: Pick<SessionsRepository, 'insertSession' | 'findSessionHolder' | 'revokeSession'>;
  users: Pick<UsersRepository, 'findUserByEmail' | 'identityKindsOf' | 'updateUser'>;
  rateLimits: Pick<RateLimitsService, 'countAttempt'>;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  clock: Clock;
  /**
   * Refuses (throws) a user who may not start a session now, though their identity is proven:
   * maintenance mode lets the root user alone in. Asked after the password, so its answer tells
   * nothing to whoever does not know one.
   */
  mayStartSession?: (user: UserRecord) => Promise<void>;
}) {
  const { auth, users, rateLimits, hasher, tokens, clock } = deps;

  // Checked against when the email is unknown, so that answer takes as long as a wrong password.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hasher.hash(randomBytes(16).toString('hex')));

  /** Refuses users who may not hold a session at all. */
  function assertMaySignIn(user: UserRecord): void {
    if (user.status === 'disabled') throw new AppError(403, MESSAGES.accountDisabled);
    if (user.companyStatus === 'disabled') throw new AppError(403, MESSAGES.companyDisabled);
  }

  /**
   * Opens a session for a user whose identity has been proven (password, invitation link, sign-up):
   * 12 hours, or 30 days when remembered.
   */
  async function startSession(
    user: UserRecord,
    origin: Origin,
    remember: boolean,
  ): Promise<StartedSession> {
    assertMaySignIn(user);
    await deps.mayStartSession?.(user);
    const now = clock.now();
    const expiresAt = new Date(
      now.getTime() + (remember ? REMEMBERED_SESSION_DAYS * 24 * HOUR_MS : SESSION_HOURS * HOUR_MS),
    );
    const sessionId = await auth.insertSession({
      userId: user.id,
      createdAt: now,
      expiresAt,
      ip: origin.ip,
      userAgent: origin.userAgent,
    });
    await users.updateUser(
      user.id,
      { lastLoginAt: now, ...(origin.language ? { language: origin.language } : {}) },
      now,
    );
    const token = await tokens.sign({ userId: user.id, sessionId }, now, expiresAt);
    return {
      reply: { ...toSessionUser(user, await users.identityKindsOf(user.id)), token },
      caller: {
        userId: user.id,
        sessionId,
        companyId: user.companyId,
        role: user.role,
        companyType: user.companyType,
      },
    };
  }

  return {
    startSession,

    async login(
      credentials: { email: string; password: string; remember: boolean },
      origin: Origin,
    ): Promise<StartedSession> {
      const email = credentials.email.toLowerCase();
      const attempt = await rateLimits.countAttempt(
        [
          [RATE_LIMITS.signInFailuresPerEmail, email],
          [RATE_LIMITS.signInFailuresPerAddress, origin.ip],
        ],
        tooManySignInsMessage,
      );

      const user = await users.findUserByEmail(email);
      const passwordMatches = user?.passwordHash
        ? await hasher.verify(user.passwordHash, credentials.password)
        : await hasher.verify(await decoy(), credentials.password).then(() => false);

      if (!user || !passwordMatches) throw new AppError(401, MESSAGES.wrongCredentials);
      await attempt.succeeded();
      return startSession(user, origin, credentials.remember);
    },

    /** The caller behind a token, or null when the token is bad, expired, revoked or its user disabled. */
    async authenticate(token: string): Promise<AuthContext | null> {
      const now = clock.now();
      const claims = await tokens.read(token, now);
      if (!claims) return null;
      const holder = await auth.findSessionHolder(claims.sessionId, claims.userId, now);
      return holder && { ...holder, sessionId: claims.sessionId };
    },

    async logout(caller: AuthContext): Promise<void> {
      await auth.revokeSession(caller.sessionId, clock.now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
