import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * What the operator switches in the studio, one row (`id` 1): maintenance mode (beside the
 * `MAINTENANCE` variable, which forces it on) and its message.
 */
export const operatorSettings = pgTable(
  'operator_settings',
  {
    id: integer().primaryKey(),
    maintenance: boolean().notNull().default(false),
    maintenanceMessage: text().notNull().default(''),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('operator_settings_single_row', sql`${table.id} = 1`)],
);

/** Addresses left on the coming-soon page for news of the launch; listed in the back office. */
export const newsSignups = pgTable(
  'news_signups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-cased: one row per address however it is typed. */
    email: text().notNull().unique(),
    /** The studio language the page was read in. */
    language: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.createdAt)],
);

/** A company's clients: the free names a project is made for (step 1, set by administrators). */
export const clients = pgTable(
  'clients',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('clients_company_name_unique').on(table.companyId, table.name),
    // Lets a project's foreign key name the client and the company together.
    unique('clients_id_company_id_unique').on(table.id, table.companyId),
  ],
);
