import type { StoryState } from '@plotline/core';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { movies } from './movies.ts';

/**
 * A viewing's state behind a resume token (core `resumeSaveSchema`): what a viewer asked to
 * continue on another device. Only the token's hash is kept, and nothing of the viewer; a row
 * answers until `expiresAt` (RESUME_DAYS after it was made) and is removed after.
 */
export const resumeStates = pgTable(
  'resume_states',
  {
    /** SHA-256 of the token, hex: the token itself is only in the viewer's link. */
    tokenHash: text().primaryKey(),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    state: jsonb().$type<StoryState>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.expiresAt)],
);
