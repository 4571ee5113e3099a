import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The rate limits' counters (modules/rate-limits): one row per limit and subject, such as the
 * sign-ups from one address, counting within a fixed window. Kept in the database so that every API
 * process on it counts towards one limit. The window's end is stored rather than its start because
 * windows differ per limit, and ended rows are then deleted by one indexed range.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.resetsAt)],
);
