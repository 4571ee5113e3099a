/** Role identifiers (spec §6). `king` is the all-powerful root role with no display name. */
export const ROLES = [
  'king',
  'internal',
  'accountManager',
  'superadmin',
  'administrator',
  'contributor',
  'analyst',
] as const;
export type Role = (typeof ROLES)[number];

/** Account (company) types. Administrators of a `platform` company see App Management. */
export const COMPANY_TYPES = ['individual', 'company', 'platform'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** Staff roles that work across companies; every other role is confined to its own company. */
export const INTERNAL_ROLES: readonly Role[] = ['king', 'internal', 'accountManager'];

export function isInternalRole(role: Role): boolean {
  return INTERNAL_ROLES.includes(role);
}
