import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** Who did what to which entity, and when. Rows outlive the users and companies they name. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    companyId: integer().references(() => companies.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    /** One English sentence for the log's reader. */
    summary: text().notNull().default(''),
    details: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.createdAt), index().on(table.companyId, table.createdAt)],
);
