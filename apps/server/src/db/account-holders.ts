import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { companies, users } from './schema/index.ts';

/**
 * What a caller is (core `AuthContext` without its session), read from `users` left-joined to
 * `companies`: a session's holder, and the user a download ticket was made for, alike.
 */
export const holderColumns = {
  userId: users.id,
  companyId: users.companyId,
  role: users.role,
  companyType: companies.type,
};

/**
 * A user who may still act, over that same join: not disabled (an invited user may, to set a
 * password), and of an active company or of none.
 */
export const mayStillAct = and(
  ne(users.status, 'disabled'),
  or(isNull(users.companyId), eq(companies.status, 'active')),
);
