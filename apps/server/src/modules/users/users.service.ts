import {
  COMPANY_ROLES,
  grantableRoles,
  isInternalRole,
  MESSAGES,
  parseSort,
  STAFF_ROLES,
  type CompanyStatus,
  type Language,
  type Page,
  type Role,
  type UpdateUser,
  type UserListQuery,
  type UserRow,
  type UserScope,
  type UserStatus,
} from '@plotline/core';
import type { Clock } from '../../adapters/clock.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { refuseTakenEmail } from '../../db/errors.ts';
import { AppError } from '../../errors.ts';
import type { AccountLinks } from '../account-links/account-links.ts';
import type { AuthContext } from '../../access/caller.ts';
import type { SessionsRepository } from '../sessions/sessions.repository.ts';
import { insertInvitedUser } from './invitations.ts';
import type { UserRecord, UsersRepository } from './users.repository.ts';

const SCOPE_ROLES: Record<UserScope, readonly Role[]> = {
  company: COMPANY_ROLES,
  staff: STAFF_ROLES,
};

export function toUserRow(user: UserRecord): UserRow {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    company_id: user.companyId,
    company_name: user.companyName,
    created_at: user.createdAt.toISOString(),
  };
}

/** Enabling gives back the status the account had: invited until it has a password. */
function statusAfter(requested: UpdateUser['status'], target: UserRecord): UserStatus | undefined {
  if (requested === 'active') return target.passwordHash === null ? 'invited' : 'active';
  return requested;
}

/**
 * The back-office's user management, for a company's users and for Plotline's staff. A company user
 * sees and changes only their own company's users; internal roles see everyone in the scope.
 * Users outside the caller's reach answer 404, as if they did not exist.
 */
export function createUsersService(deps: {
  users: Pick<UsersRepository, 'findUserById' | 'listUsers' | 'insertUser' | 'updateUser'>;
  /**
   * The companies repository, by what an invitation reads of a company. Declared here because the
   * companies module sits above this one: it invites its first admin through `insertInvitedUser`.
   */
  companies: {
    findCompanyById(id: number): Promise<{ name: string; status: CompanyStatus } | null>;
  };
  sessions: Pick<SessionsRepository, 'revokeUserSessions'>;
  links: AccountLinks;
  clock: Clock;
  transaction: RunInTransaction;
}) {
  const { users, companies, sessions, links, clock, transaction } = deps;

  /** The company a caller is confined to, or undefined for staff who see every company. */
  function confinedTo(caller: AuthContext): number | undefined {
    return isInternalRole(caller.role) ? undefined : (caller.companyId ?? -1);
  }

  async function findInScope(caller: AuthContext, scope: UserScope, id: number) {
    const user = await users.findUserById(id);
    const company = confinedTo(caller);
    const reachable =
      user !== null &&
      SCOPE_ROLES[scope].includes(user.role) &&
      (company === undefined || user.companyId === company);
    if (!reachable) throw new AppError(404, MESSAGES.userNotFound);
    return user;
  }

  function assertMayChange(
    caller: AuthContext,
    scope: UserScope,
    target: UserRecord,
    newRole?: Role,
  ) {
    if (target.id === caller.userId) throw new AppError(403, MESSAGES.notYourself);
    const grantable = grantableRoles(caller.role, scope);
    if (!grantable.includes(target.role)) throw new AppError(403, MESSAGES.roleNotGrantable);
    if (newRole !== undefined && !grantable.includes(newRole)) {
      throw new AppError(403, MESSAGES.roleNotGrantable);
    }
  }

  async function reload(id: number): Promise<UserRow> {
    return toUserRow((await users.findUserById(id))!);
  }

  return {
    async list(
      caller: AuthContext,
      scope: UserScope,
      query: UserListQuery,
    ): Promise<Page<UserRow>> {
      const company = scope === 'company' ? (confinedTo(caller) ?? query.companyId) : undefined;
      const page = await users.listUsers({
        roles: SCOPE_ROLES[scope],
        companyId: company,
        search: query.search,
        sort: parseSort(query.sort, '-created_at'),
        page: query.page,
        perPage: query.perPage,
      });
      return { rows: page.rows.map(toUserRow), total: page.total };
    },

    /** Creates an invited user (no password yet) and mails them their link. */
    async invite(
      caller: AuthContext,
      scope: UserScope,
      invitation: { email: string; role: Role; companyId?: number | undefined },
      language: Language,
    ): Promise<UserRow> {
      if (!grantableRoles(caller.role, scope).includes(invitation.role)) {
        throw new AppError(403, MESSAGES.roleNotGrantable);
      }
      let companyId: number | null = null;
      let companyName = 'Plotline';
      if (scope === 'company') {
        companyId = confinedTo(caller) ?? invitation.companyId ?? null;
        if (companyId === null) throw new AppError(400, MESSAGES.companyRequired);
        const company = await companies.findCompanyById(companyId);
        if (!company) throw new AppError(404, MESSAGES.companyNotFound);
        if (company.status === 'disabled') throw new AppError(409, MESSAGES.companyDisabled);
        companyName = company.name;
      }
      const { userId, mail } = await refuseTakenEmail(() =>
        transaction((tx) =>
          insertInvitedUser(
            { users, links },
            { email: invitation.email, role: invitation.role, companyId, companyName, language },
            tx,
          ),
        ),
      );
      await links.send(mail);
      return reload(userId);
    },

    async update(
      caller: AuthContext,
      scope: UserScope,
      id: number,
      changes: UpdateUser,
    ): Promise<UserRow> {
      const target = await findInScope(caller, scope, id);
      assertMayChange(caller, scope, target, changes.role);
      const status = statusAfter(changes.status, target);
      const at = clock.now();
      await transaction(async (tx) => {
        await users.updateUser(
          id,
          { ...(changes.role ? { role: changes.role } : {}), ...(status ? { status } : {}) },
          at,
          tx,
        );
        // The guard reads the role afresh on every call; a disabled account's tokens end now.
        if (status === 'disabled') await sessions.revokeUserSessions(id, at, tx);
      });
      return reload(id);
    },

    /** Mails an invited user a new link; the older one stops working. */
    async resendInvite(caller: AuthContext, scope: UserScope, id: number): Promise<UserRow> {
      const target = await findInScope(caller, scope, id);
      assertMayChange(caller, scope, target);
      if (target.status !== 'invited') throw new AppError(409, MESSAGES.notInvited);
      const mail = await transaction((tx) =>
        links.prepare(
          'invite',
          target,
          target.language ?? 'en',
          target.companyName ?? 'Plotline',
          tx,
        ),
      );
      await links.send(mail);
      return reload(id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
