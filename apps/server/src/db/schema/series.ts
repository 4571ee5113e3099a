import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** A series of a company; its episodes are the projects of type 2 that name it. */
export const series = pgTable(
  'series',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    synopsis: text().notNull().default(''),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The spec names a category without saying more; kept as given. */
    categoryId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.companyId),
    // Lets an episode's foreign key name the series and the company together.
    unique('series_id_company_id_unique').on(table.id, table.companyId),
  ],
);
