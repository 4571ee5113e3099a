import {
  BANNER_KINDS,
  EPISODE_MAX,
  EPISODE_MIN,
  VIEW_MODES,
  type StoryVariable,
} from '@plotline/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { clients } from './operator.ts';
import { series } from './series.ts';
import { users } from './users.ts';

export const viewMode = pgEnum('view_mode', VIEW_MODES);
export const movieStatus = pgEnum('movie_status', ['draft', 'published']);
export const bannerKind = pgEnum('banner_kind', BANNER_KINDS);

export const MOVIES_SERIES_EPISODE_UNIQUE = 'movies_series_episode_unique';
export const MOVIES_SLUG_UNIQUE = 'movies_slug_unique';

/** A project: a single movie (type 1) or an episode of a series (type 2). */
export const movies = pgTable(
  'movies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    type: smallint().notNull(),
    title: text().notNull().default(''),
    synopsis: text().notNull().default(''),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    viewMode: viewMode(),
    /** Blob keys of the artwork. */
    thumbnailMobile: text(),
    thumbnailDesktop: text(),
    /** An episode's series (of the same company) and its number in it; null for a single project. */
    seriesId: integer(),
    episodeNumber: smallint(),
    /** The banner's button and where it leads. */
    buttonText: text().notNull().default(''),
    buttonColor: text().notNull().default('#000000'),
    buttonTextColor: text().notNull().default('#ffffff'),
    bannerUrl: text().notNull().default(''),
    /** Publishing is final: a published project refuses every change. */
    status: movieStatus().notNull().default('draft'),
    /** Step 4: the player's address `/watch/{slug}`, unique across every company. */
    slug: text(),
    /** Step 4's switches. §9: publication is web only by default, and the share button shown. */
    appChannelOn: boolean().notNull().default(false),
    shareable: boolean().notNull().default(true),
    /** Step 4: the sites that may frame the story at `/embed/{slug}` (origins, or `*`); none by default. */
    embedOrigins: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The client the project is made for (a client of the same company); step 1, administrators. */
    clientId: integer(),
    /** The language the player starts in; one of the items' languages when chosen. */
    primaryLanguageId: integer(),
    publishedAt: timestamp({ withTimezone: true }),
    /** Counts the storyline's changes: a save made from an older version is refused. */
    plotVersion: integer().notNull().default(0),
    /** The storyline's variables (core `StoryVariable`), saved with the plot, read as a whole. */
    storyVariables: jsonb()
      .$type<StoryVariable[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * Step 4: the storyline version whose paths the creator confirmed having played, when the story
     * check could not visit every state; publishing such a story needs it for the current version.
     */
    pathsConfirmedVersion: integer(),
    pathsConfirmedAt: timestamp({ withTimezone: true }),
    pathsConfirmedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // What the project list filters and sorts by, always within one company; the dashboard counts
    // by status. An episode's series is served by the unique (series_id, episode_number) below.
    index().on(table.companyId, table.updatedAt),
    index().on(table.companyId, table.createdAt),
    index().on(table.companyId, table.title),
    index().on(table.companyId, table.status),
    // The app's feed: every company's published app-channel projects, newest first.
    index('movies_app_feed_idx')
      .on(table.publishedAt.desc())
      .where(sql`${table.status} = 'published' and ${table.appChannelOn}`),
    check('movies_type_check', sql`${table.type} in (1, 2)`),
    // A series never has two episodes of one number, however many saves race.
    unique(MOVIES_SERIES_EPISODE_UNIQUE).on(table.seriesId, table.episodeNumber),
    // Two projects never share an address, however many saves race.
    unique(MOVIES_SLUG_UNIQUE).on(table.slug),
    // A published project has its address and its time: the watch API relies on both.
    check(
      'movies_published_check',
      sql`(${table.status} = 'draft' and ${table.publishedAt} is null) or (${table.status} = 'published' and ${table.publishedAt} is not null and ${table.slug} is not null)`,
    ),
    foreignKey({
      name: 'movies_series_company_fk',
      columns: [table.seriesId, table.companyId],
      foreignColumns: [series.id, series.companyId],
    }).onDelete('restrict'),
    foreignKey({
      name: 'movies_client_company_fk',
      columns: [table.clientId, table.companyId],
      foreignColumns: [clients.id, clients.companyId],
    }).onDelete('restrict'),
    check(
      'movies_episode_check',
      sql`(${table.type} = 1 and ${table.seriesId} is null and ${table.episodeNumber} is null) or (${table.type} = 2 and ${table.seriesId} is not null and ${table.episodeNumber} between ${sql.raw(String(EPISODE_MIN))} and ${sql.raw(String(EPISODE_MAX))})`,
    ),
  ],
);

/** Banner images uploaded for a project, one current image per kind. */
export const bannerImages = pgTable(
  'banner_images',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    kind: bannerKind().notNull(),
    imageKey: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.movieId, table.kind)],
);
