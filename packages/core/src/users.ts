import type { CompanyType, Role } from './roles.ts';

/** Roles of a company's own users, and of Plotline's staff. */
export const COMPANY_ROLES = ['superadmin', 'administrator', 'contributor', 'analyst'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const STAFF_ROLES = ['internal', 'accountManager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const USER_STATUSES = ['active', 'invited', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Which list a user is managed in. */
export type UserScope = 'company' | 'staff';

/**
 * The roles an actor may hand out (by invitation or a role change) in a scope, and so also the roles
 * of the users they may change. An administrator cannot grant superadmin.
 */
export function grantableRoles(actor: Role, scope: UserScope): readonly Role[] {
  if (scope === 'staff') return actor === 'king' || actor === 'internal' ? STAFF_ROLES : [];
  if (actor === 'king' || actor === 'superadmin') return COMPANY_ROLES;
  if (actor === 'administrator') return ['administrator', 'contributor', 'analyst'];
  return [];
}

/**
 * The profile of a company account's own superadmin names the company ('Company Name'); everyone
 * else names themselves ('Full Name').
 */
export function isCompanyProfile(user: { role: Role; company_type: CompanyType | null }): boolean {
  return (
    user.role === 'superadmin' &&
    (user.company_type === 'company' || user.company_type === 'platform')
  );
}

export const USER_SORTABLE = [
  'name',
  'email',
  'role',
  'status',
  'last_login_at',
  'created_at',
] as const;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];
