import { LINEAR_CUT_STATUSES } from '@plotline/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { movies } from './movies.ts';

export const linearCutStatus = pgEnum('linear_cut_status', LINEAR_CUT_STATUSES);

/**
 * A linear cut of a project (core `linear-cut.ts`): one path rendered into one MP4 by a job. The
 * path is fixed when it is asked for; the file's key is set once the render is stored.
 */
export const linearCuts = pgTable(
  'linear_cuts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The node ids played, the root first. */
    path: jsonb().$type<number[]>().notNull(),
    /** The clip or bridge of each node of the path, in the same order: what is rendered. */
    contentIds: jsonb().$type<number[]>().notNull(),
    languageId: integer(),
    status: linearCutStatus().notNull().default('queued'),
    /** From 0 to 1. */
    progress: real().notNull().default(0),
    /** Blob key of the MP4 (`cuts/<movieId>/<uuid>.mp4`) once ready. */
    fileKey: text(),
    fileBytes: bigint({ mode: 'number' }),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index().on(table.movieId),
    check('linear_cuts_progress_check', sql`${table.progress} between 0 and 1`),
  ],
);
