import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A resumable upload that was stored, kept until the upload would have expired: a browser that lost
 * the last reply and picks the same file again is answered with what was stored, not a second copy.
 */
export const finishedUploads = pgTable(
  'finished_uploads',
  {
    /** tus's id of the upload. */
    uploadId: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The upload's total length in bytes, which tus answers for a finished upload. */
    bytes: integer().notNull(),
    /** The `data` the last PATCH answered (`{movieId, files}`). */
    result: jsonb().notNull(),
    finishedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.expiresAt)],
);
