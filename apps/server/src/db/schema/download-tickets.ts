import { DOWNLOAD_KINDS } from '@plotline/core';
import { bigint, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const downloadKind = pgEnum('download_kind', DOWNLOAD_KINDS);

/**
 * A single-use, short-lived link to download one file (core `downloads.ts`): only the token's hash
 * is kept. Redeeming it checks the user's rights again, as the download itself would.
 */
export const downloadTickets = pgTable(
  'download_tickets',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: downloadKind().notNull(),
    /** The project (`story-archive`) or the linear cut (`linear-cut`) it downloads. */
    entityId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.expiresAt)],
);
