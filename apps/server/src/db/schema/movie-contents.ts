import { TRANSCODE_STATUSES } from '@plotline/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { movies } from './movies.ts';

export const transcodeStatus = pgEnum('transcode_status', TRANSCODE_STATUSES);

/** A clip (type 1) or bridge (type 2) of a project: its uploaded source and what became of it. */
export const movieContents = pgTable(
  'movie_contents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    type: smallint().notNull(),
    /** The name it was uploaded under, cleaned for display; never used as a path. */
    fileName: text().notNull(),
    /** Blob key of the uploaded file, kept as uploaded. */
    sourceKey: text().notNull(),
    sourceBytes: bigint({ mode: 'number' }).notNull(),
    status: transcodeStatus().notNull().default('queued'),
    progress: smallint().notNull().default(0),
    /** Counts retries; a job carries the attempt it was queued for, so a stale job does nothing. */
    attempt: integer().notNull().default(1),
    durationSeconds: real(),
    /** Blob key of the HLS master playlist (of the first rendition while `playable`). */
    hlsKey: text(),
    /** Blob key of the poster, set when the full ladder is `ready`. */
    thumbnailKey: text(),
    transcoderLog: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.movieId),
    check('movie_contents_type_check', sql`${table.type} in (1, 2)`),
    check('movie_contents_progress_check', sql`${table.progress} between 0 and 100`),
  ],
);

/** A language of a movie content: its caption and, optionally, its subtitle. */
export const contentLanguages = pgTable(
  'content_languages',
  {
    movieContentId: integer()
      .notNull()
      .references(() => movieContents.id, { onDelete: 'cascade' }),
    languageId: integer().notNull(),
    caption: text().notNull().default(''),
    /** Blob keys of the subtitle as uploaded (SRT) and as browsers read it (WebVTT). */
    subtitleSrtKey: text(),
    subtitleVttKey: text(),
    subtitleName: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.movieContentId, table.languageId] })],
);
