import { COMPANY_STATUSES, COMPANY_TYPES } from '@plotline/core';
import { integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const companyType = pgEnum('company_type', COMPANY_TYPES);
export const companyStatus = pgEnum('company_status', COMPANY_STATUSES);

export const companies = pgTable('companies', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  type: companyType().notNull(),
  /** A disabled company's users can no longer sign in. */
  status: companyStatus().notNull().default('active'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
