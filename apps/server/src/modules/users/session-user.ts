import type { SessionUser } from '@plotline/core';
import type { UserRecord } from './users.repository.ts';

/** The wire shape of a user as sign-in and /api/user/me report it. */
export function toSessionUser(user: UserRecord): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    company_type: user.companyType,
    avatar: user.avatar,
    password: user.passwordHash !== null,
    identity_providers: user.identityKinds,
    guide_done: user.guideDoneAt !== null,
  };
}
