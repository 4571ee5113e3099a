import type { CompanyType, Role } from './roles.ts';

export const RIGHTS = [
  'seeUserList',
  'canAddProject',
  'canSeeProject',
  'seeInternalUserList',
  'canSeeCompanyList',
  'canSeeActivityLog',
  'canSeeAppPromoted',
  'canSeeAppSegment',
] as const;
export type Right = (typeof RIGHTS)[number];

/** Who a right is checked for: the role and company type stored at sign-in. */
export interface Subject {
  role: Role;
  companyType: CompanyType | null;
}

interface Grant {
  roles: readonly Role[];
  /** When set, the grant holds only for accounts of this company type. */
  companyType?: CompanyType;
}

/** The spec's §6 table. `king` is not listed: it passes every check. */
const GRANTS: Record<Right, Grant> = {
  seeUserList: { roles: ['superadmin', 'administrator'] },
  canAddProject: { roles: ['superadmin', 'administrator', 'contributor'] },
  canSeeProject: { roles: ['superadmin', 'administrator', 'contributor', 'analyst'] },
  seeInternalUserList: { roles: ['internal'] },
  canSeeCompanyList: { roles: ['internal', 'accountManager'] },
  canSeeActivityLog: { roles: ['internal'] },
  canSeeAppPromoted: { roles: ['administrator', 'superadmin'], companyType: 'platform' },
  canSeeAppSegment: { roles: ['administrator', 'superadmin'], companyType: 'platform' },
};

/** The one place that decides whether a subject holds a right; the route guard and the menu both call it. */
export function can(subject: Subject, right: Right): boolean {
  if (subject.role === 'king') return true;
  const grant = GRANTS[right];
  if (!grant.roles.includes(subject.role)) return false;
  return grant.companyType === undefined || grant.companyType === subject.companyType;
}

/** Access with a list of rights: any one suffices, and naming none means allowed. */
export function canAny(subject: Subject, rights: readonly Right[] | undefined): boolean {
  if (!rights || rights.length === 0) return true;
  return rights.some((right) => can(subject, right));
}
