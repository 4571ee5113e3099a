import {
  COMPANY_ROLES,
  STAFF_ROLES,
  grantableRoles,
  type Role,
  type SessionUser,
  type UserRow,
  type UserScope,
} from '@plotline/core';

/** Where each list of users lives on the API: company users and Plotline's own staff. */
export const USER_API_PATHS: Record<UserScope, string> = {
  company: '/api/user',
  staff: '/api/internal-user',
};

/** The roles a list holds, in the order the role select shows them. */
export const SCOPE_ROLES: Record<UserScope, readonly Role[]> = {
  company: COMPANY_ROLES,
  staff: STAFF_ROLES,
};

/** The roles `me` may give in a scope, in the list's order. */
export function rolesGrantableBy(me: SessionUser, scope: UserScope): Role[] {
  const grantable = grantableRoles(me.role, scope);
  return SCOPE_ROLES[scope].filter((role) => grantable.includes(role));
}

/**
 * Whether `me` may change `user` at all (role, status, invitation): never themselves, and only
 * users whose role they could have given. The server checks the same and answers 403 otherwise.
 */
export function canManage(me: SessionUser, user: UserRow, scope: UserScope): boolean {
  return user.id !== me.id && grantableRoles(me.role, scope).includes(user.role);
}

/** A caller outside every company (the root user) sees users of all companies and picks one to invite into. */
export function belongsToNoCompany(me: SessionUser): boolean {
  return me.company_type === null;
}
