import { APP_PLATFORMS, LANGUAGES, type SegmentRules } from '@plotline/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { moviePlots } from './movie-plots.ts';
import { movies } from './movies.ts';

export const appPlatform = pgEnum('app_platform', APP_PLATFORMS);
export const appLanguage = pgEnum('app_language', LANGUAGES);

/**
 * An install of the mobile app operated by a `platform` company: anonymous, known by the hash of
 * the token it was given. What the segments ask of a viewer is kept here as it happens (views, the
 * days they fell on), so counting a segment reads this table and the two below, never the events.
 */
export const appViewers = pgTable(
  'app_viewers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The platform company whose app the viewer uses. */
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the token sent as `x-viewer-token`. */
    tokenHash: text().notNull().unique(),
    platform: appPlatform().notNull(),
    language: appLanguage().notNull(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    /** Stories started. */
    views: integer().notNull().default(0),
    /** Days (UTC) with a story started, and the last of them. */
    viewDays: integer().notNull().default(0),
    lastViewDay: date(),
  },
  (table) => [
    index().on(table.companyId, table.firstSeenAt),
    index().on(table.companyId, table.platform),
    index().on(table.companyId, table.language),
  ],
);

/** The projects a viewer started (`watched`) and whether they reached an ending (`completed`). */
export const appViewerMovies = pgTable(
  'app_viewer_movies',
  {
    viewerId: integer()
      .notNull()
      .references(() => appViewers.id, { onDelete: 'cascade' }),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    completed: boolean().notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.viewerId, table.movieId] }),
    index().on(table.movieId, table.completed),
  ],
);

/** The options (option nodes of a plot) a viewer chose. */
export const appViewerChoices = pgTable(
  'app_viewer_choices',
  {
    viewerId: integer()
      .notNull()
      .references(() => appViewers.id, { onDelete: 'cascade' }),
    plotId: integer()
      .notNull()
      .references(() => moviePlots.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.viewerId, table.plotId] }), index().on(table.plotId)],
);

export const SEGMENTS_PRESET_UNIQUE = 'segments_preset_unique';

/**
 * A platform's segments: its presets (core `PRESET_SEGMENTS`, `preset` their key, made on first
 * read and never edited) and its custom ones (`preset` null). `rules` is core `SegmentRules`.
 */
export const segments = pgTable(
  'segments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    preset: text(),
    name: text().notNull(),
    rules: jsonb().$type<SegmentRules>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique(SEGMENTS_PRESET_UNIQUE).on(table.companyId, table.preset)],
);

export const PROMOTED_MOVIE_UNIQUE = 'promoted_items_movie_unique';

/** A platform's promoted contents, shown first in its app's feed in `position` order. */
export const promotedItems = pgTable(
  'promoted_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** Shown from `starts_at` (included) to `ends_at` (excluded); null is open. */
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique(PROMOTED_MOVIE_UNIQUE).on(table.companyId, table.movieId),
    index().on(table.companyId, table.position),
    check(
      'promoted_items_window_check',
      sql`${table.endsAt} is null or ${table.startsAt} is null or ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);

/** The segments a promoted content is shown to (none: everyone). A segment in use cannot go. */
export const promotedItemSegments = pgTable(
  'promoted_item_segments',
  {
    promotedId: integer()
      .notNull()
      .references(() => promotedItems.id, { onDelete: 'cascade' }),
    segmentId: integer()
      .notNull()
      .references(() => segments.id, { onDelete: 'restrict' }),
  },
  (table) => [
    primaryKey({ columns: [table.promotedId, table.segmentId] }),
    index().on(table.segmentId),
  ],
);
