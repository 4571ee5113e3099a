import { BANNER_KINDS, VIEW_MODES } from '@plotline/core';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

export const viewMode = pgEnum('view_mode', VIEW_MODES);
export const movieStatus = pgEnum('movie_status', ['draft', 'published']);
export const bannerKind = pgEnum('banner_kind', BANNER_KINDS);

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
    /** Publishing is final: a published project refuses every change. */
    status: movieStatus().notNull().default('draft'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.companyId),
    check('movies_type_check', sql`${table.type} in (1, 2)`),
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
