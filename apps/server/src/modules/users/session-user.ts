import type { IdentityProviderKind, SessionUser } from '@plotline/core';
import type { UserRecord } from './users.repository.ts';

/**
 * The wire shape of a user as sign-in and /api/user/me report it, with the kinds of provider
 * linked to them (`UsersRepository.identityKindsOf`, read for these replies only).
 */
export function toSessionUser(
  user: UserRecord,
  identityKinds: IdentityProviderKind[],
): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    company_type: user.companyType,
    avatar: user.avatar,
    password: user.passwordHash !== null,
    identity_providers: identityKinds,
    guide_done: user.guideDoneAt !== null,
  };
}
