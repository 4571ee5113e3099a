import { COMPANY_TYPES } from '@plotline/core';
import { integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const companyType = pgEnum('company_type', COMPANY_TYPES);

export const companies = pgTable('companies', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  type: companyType().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
