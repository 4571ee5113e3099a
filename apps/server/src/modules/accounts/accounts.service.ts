import { randomBytes } from 'node:crypto';
import {
  isCompanyProfile,
  MESSAGES,
  type AvatarType,
  type Language,
  type Register,
  type SessionUser,
} from '@plotline/core';
import type { AuthContext, Origin } from '../../access/caller.ts';
import type { BlobStore } from '../../adapters/blob-store.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { PasswordHasher } from '../../adapters/password-hasher.ts';
import { refuseTakenEmail } from '../../db/errors.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { ActivityRepository } from '../activity/activity.repository.ts';
import type { AuthService, StartedSession } from '../auth/auth.service.ts';
import type { CompaniesRepository } from '../companies/companies.repository.ts';
import { RATE_LIMITS } from '../rate-limits/rate-limit-rules.ts';
import type { RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { SessionsRepository } from '../sessions/sessions.repository.ts';
import { toSessionUser } from '../users/session-user.ts';
import type { UserRecord, UsersRepository } from '../users/users.repository.ts';
import type { AccountLinks } from '../account-links/account-links.ts';

export const ROOT_USER_NAME = 'Plotline Admin';

const AVATAR_EXTENSIONS: Record<AvatarType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** What a user does to their own account: sign-up, invitation, passwords, profile. */
export function createAccountsService(deps: {
  users: Pick<
    UsersRepository,
    | 'findUserById'
    | 'findUserByEmail'
    | 'identityKindsOf'
    | 'hasAnyUser'
    | 'insertFirstUser'
    | 'insertUser'
    | 'updateUser'
  >;
  companies: Pick<CompaniesRepository, 'insertCompany' | 'updateCompany'>;
  sessions: Pick<SessionsRepository, 'revokeUserSessions' | 'revokeOtherSessions'>;
  activity: Pick<ActivityRepository, 'record'>;
  auth: Pick<AuthService, 'startSession'>;
  rateLimits: Pick<RateLimitsService, 'countAttempt'>;
  links: AccountLinks;
  blobs: BlobStore;
  hasher: PasswordHasher;
  clock: Clock;
  transaction: RunInTransaction;
}) {
  const {
    users,
    companies,
    sessions,
    activity,
    auth,
    rateLimits,
    links,
    blobs,
    hasher,
    clock,
    transaction,
  } = deps;

  /** A use of a mailed link from that address, counted against the address if the link fails. */
  const countLinkUse = (ip: string) => rateLimits.countAttempt([[RATE_LIMITS.linkFailures, ip]]);

  /**
   * The caller's own user. §7's account calls name the account they change (`user_id`): naming
   * another is refused, whoever it is, before anything is checked or changed.
   */
  async function requireSelf(caller: AuthContext, named?: number): Promise<UserRecord> {
    if (named !== undefined && named !== caller.userId) {
      throw new AppError(403, MESSAGES.notYourAccount);
    }
    const user = await users.findUserById(caller.userId);
    if (!user) throw new AppError(401, MESSAGES.sessionExpired);
    return user;
  }

  /** The user's own reply, the only one that shows the kinds of provider linked to them. */
  async function sessionUserOf(caller: AuthContext): Promise<SessionUser> {
    const user = await requireSelf(caller);
    return toSessionUser(user, await users.identityKindsOf(user.id));
  }

  return {
    getSessionUser: sessionUserOf,

    /**
     * With an empty database, creates the root user (role king). Without a configured password one
     * is generated; the answer carries it so it can be shown once. Null when users exist already.
     */
    async ensureRootUser(root: {
      email: string;
      password: string | undefined;
    }): Promise<{ password: string; generated: boolean } | null> {
      if (await users.hasAnyUser()) return null;
      const password = root.password ?? randomBytes(12).toString('base64url');
      const passwordHash = await hasher.hash(password);
      const created = await transaction(async (tx) => {
        const inserted = await users.insertFirstUser(
          { email: root.email, name: ROOT_USER_NAME, passwordHash, role: 'king' },
          tx,
        );
        if (inserted) {
          // Not a request, so not logged by the routes' mechanism.
          await activity.record(
            {
              actorId: null,
              companyId: null,
              action: 'user.root_created',
              entityType: 'user',
              entityId: null,
              summary: `Created the root user ${root.email}`,
              at: clock.now(),
            },
            tx,
          );
        }
        return inserted;
      });
      return created ? { password, generated: root.password === undefined } : null;
    },

    /** Signs an invited user in through the link of their invitation mail (single use). */
    async acceptInvite(token: string, origin: Origin): Promise<StartedSession> {
      const attempt = await countLinkUse(origin.ip);
      const userId = await links.consume('invite', token);
      const user = userId === null ? null : await users.findUserById(userId);
      if (!user || user.status !== 'invited') throw new AppError(400, MESSAGES.invalidLink);
      await attempt.succeeded();
      return auth.startSession(user, origin, false);
    },

    /** An individual account whose one user is its superadmin, signed in at once. */
    async register(input: Register, origin: Origin): Promise<StartedSession> {
      const passwordHash = await hasher.hash(input.password);
      const userId = await refuseTakenEmail(() =>
        transaction(async (tx) => {
          const companyId = await companies.insertCompany(
            { name: input.username, type: 'individual' },
            tx,
          );
          return users.insertUser(
            {
              email: input.email,
              name: input.username,
              passwordHash,
              role: 'superadmin',
              companyId,
              language: origin.language,
            },
            tx,
          );
        }),
      );
      return auth.startSession((await users.findUserById(userId))!, origin, false);
    },

    /** The first password of an invited account; the account becomes active. */
    async setFirstPassword(
      caller: AuthContext,
      password: string,
      userId?: number,
    ): Promise<SessionUser> {
      const user = await requireSelf(caller, userId);
      if (user.passwordHash !== null) throw new AppError(409, MESSAGES.passwordAlreadySet);
      const passwordHash = await hasher.hash(password);
      await users.updateUser(user.id, { passwordHash, status: 'active' }, clock.now());
      return sessionUserOf(caller);
    },

    /** Mails a reset link when the address has an account; answers the same either way. */
    async forgotPassword(email: string, language: Language | null): Promise<void> {
      const user = await users.findUserByEmail(email);
      if (!user || user.status === 'disabled' || user.passwordHash === null) return;
      const mail = await transaction((tx) =>
        links.prepare(
          'reset',
          user,
          language ?? user.language ?? 'en',
          user.companyName ?? 'Plotline',
          tx,
        ),
      );
      await links.send(mail);
    },

    /** A new password through a reset link: every session of the user ends. */
    async renewPassword(token: string, password: string, ip: string): Promise<UserRecord> {
      const attempt = await countLinkUse(ip);
      const passwordHash = await hasher.hash(password);
      const at = clock.now();
      const userId = await transaction(async (tx) => {
        const id = await links.consume('reset', token, tx);
        if (id === null) throw new AppError(400, MESSAGES.invalidLink);
        await users.updateUser(id, { passwordHash }, at, tx);
        await sessions.revokeUserSessions(id, at, tx);
        return id;
      });
      await attempt.succeeded();
      return (await users.findUserById(userId))!;
    },

    /** A signed-in user's new password: their other sessions end, this one stays. */
    async changePassword(
      caller: AuthContext,
      current: string,
      password: string,
      userId?: number,
    ): Promise<void> {
      const user = await requireSelf(caller, userId);
      if (!user.passwordHash || !(await hasher.verify(user.passwordHash, current))) {
        throw new AppError(400, MESSAGES.wrongCurrentPassword);
      }
      const passwordHash = await hasher.hash(password);
      const at = clock.now();
      await transaction(async (tx) => {
        await users.updateUser(user.id, { passwordHash }, at, tx);
        await sessions.revokeOtherSessions(user.id, caller.sessionId, at, tx);
      });
    },

    /** The welcome guide is finished or dismissed, on every device; the first time counts. */
    async markGuideDone(caller: AuthContext): Promise<SessionUser> {
      const user = await requireSelf(caller);
      if (user.guideDoneAt === null) {
        await users.updateUser(user.id, { guideDoneAt: clock.now() }, clock.now());
      }
      return sessionUserOf(caller);
    },

    async updateName(caller: AuthContext, name: string, userId?: number): Promise<SessionUser> {
      const user = await requireSelf(caller, userId);
      await users.updateUser(user.id, { name }, clock.now());
      return sessionUserOf(caller);
    },

    /** A company account's superadmin names the company, and themselves with it. */
    async updateCompanyName(
      caller: AuthContext,
      name: string,
      userId?: number,
    ): Promise<SessionUser> {
      const user = await requireSelf(caller, userId);
      if (
        !isCompanyProfile({ role: user.role, company_type: user.companyType }) ||
        user.companyId === null
      ) {
        throw new AppError(403, MESSAGES.forbidden);
      }
      const at = clock.now();
      await transaction(async (tx) => {
        await companies.updateCompany(user.companyId!, { name }, at, tx);
        await users.updateUser(user.id, { name }, at, tx);
      });
      return sessionUserOf(caller);
    },

    /** Stores an avatar whose type was read from its content, and replaces the previous one. */
    async setAvatar(
      caller: AuthContext,
      image: { data: Buffer; type: AvatarType },
    ): Promise<SessionUser> {
      const user = await requireSelf(caller);
      const key = `avatars/${user.id}-${randomBytes(8).toString('hex')}.${AVATAR_EXTENSIONS[image.type]}`;
      await blobs.put(key, image.data);
      await users.updateUser(user.id, { avatar: `/api/media/${key}` }, clock.now());
      const previous = user.avatar?.replace(/^\/api\/media\//, '');
      if (previous) await blobs.delete(previous).catch(() => undefined);
      return sessionUserOf(caller);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
