import { describe, expect, it } from 'vitest';
import { can, canAny, RIGHTS, type Right } from './rights.ts';
import { COMPANY_TYPES, ROLES, type CompanyType, type Role } from './roles.ts';

/** The spec's §6 table written out as data, so every role × right × company type is checked against it. */
const EXPECTED: Record<Right, (role: Role, type: CompanyType) => boolean> = {
  seeUserList: (role) => ['superadmin', 'administrator'].includes(role),
  canAddProject: (role) => ['superadmin', 'administrator', 'contributor'].includes(role),
  canSeeProject: (role) => ['superadmin', 'administrator', 'contributor', 'analyst'].includes(role),
  seeInternalUserList: (role) => role === 'internal',
  canSeeCompanyList: (role) => ['internal', 'accountManager'].includes(role),
  canSeeActivityLog: (role) => role === 'internal',
  canSeeAppPromoted: (role, type) =>
    ['superadmin', 'administrator'].includes(role) && type === 'platform',
  canSeeAppSegment: (role, type) =>
    ['superadmin', 'administrator'].includes(role) && type === 'platform',
};

describe('can', () => {
  const cases = ROLES.filter((role) => role !== 'king').flatMap((role) =>
    COMPANY_TYPES.flatMap((companyType) => RIGHTS.map((right) => ({ role, companyType, right }))),
  );

  it.each(cases)('$role of a $companyType account: $right', ({ role, companyType, right }) => {
    expect(can({ role, companyType }, right)).toBe(EXPECTED[right](role, companyType));
  });

  it.each(RIGHTS)('king holds %s with or without a company', (right) => {
    expect(can({ role: 'king', companyType: null }, right)).toBe(true);
    expect(can({ role: 'king', companyType: 'individual' }, right)).toBe(true);
  });

  it('denies App Management to administrators without a company type', () => {
    expect(can({ role: 'administrator', companyType: null }, 'canSeeAppPromoted')).toBe(false);
  });
});

describe('canAny', () => {
  const analyst = { role: 'analyst', companyType: 'company' } as const;

  it('allows when no right is named', () => {
    expect(canAny(analyst, undefined)).toBe(true);
    expect(canAny(analyst, [])).toBe(true);
  });

  it('allows when any one of the rights passes', () => {
    expect(canAny(analyst, ['seeUserList', 'canSeeProject'])).toBe(true);
  });

  it('denies when none passes', () => {
    expect(canAny(analyst, ['seeUserList', 'canAddProject'])).toBe(false);
  });
});
