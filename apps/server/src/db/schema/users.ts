import { LANGUAGES, ROLES, USER_STATUSES } from '@plotline/core';
import { integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

export const userRole = pgEnum('user_role', ROLES);
export const userStatus = pgEnum('user_status', USER_STATUSES);

export const users = pgTable('users', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** Null for internal staff and the root user, who belong to no company. */
  companyId: integer().references(() => companies.id, { onDelete: 'restrict' }),
  /** Stored lower-case, so uniqueness and sign-in ignore case. */
  email: text().notNull().unique(),
  name: text(),
  /** argon2id; null while an invited user has not set one. */
  passwordHash: text(),
  role: userRole().notNull(),
  avatar: text(),
  status: userStatus().notNull().default('active'),
  /** The language of the user's browser at their last sign-in, for the mails they get. */
  language: text({ enum: LANGUAGES }),
  lastLoginAt: timestamp({ withTimezone: true }),
  /** When the user finished or dismissed the welcome guide; null while it is still to show. */
  guideDoneAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
