import { BRANCH_MODES, type Condition, type PlotBanner, type VariableEffect } from '@plotline/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  timestamp,
} from 'drizzle-orm/pg-core';
import { movieContents } from './movie-contents.ts';
import { movies } from './movies.ts';

export const plotBranchMode = pgEnum('plot_branch_mode', BRANCH_MODES);

/**
 * A node of a project's storyline (docs/PLOT.md): the clip or bridge it plays, the node it follows
 * (null for the root) and its place among its siblings. Deleting a node deletes what follows it.
 */
export const moviePlots = pgTable(
  'movie_plots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    movieContentId: integer()
      .notNull()
      .references(() => movieContents.id, { onDelete: 'cascade' }),
    parentId: integer(),
    locked: boolean().notNull().default(false),
    /** The item's duration in seconds when the node was saved. */
    duration: real().notNull().default(0),
    /** Order among siblings: the order of the viewer's options. */
    position: integer().notNull().default(0),
    /** The banner components, set and read as a whole (core `PlotBanner`). */
    banner: jsonb()
      .$type<PlotBanner[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // Story logic (core `NodeLogic`, docs/PLOT.md).
    /** As an option: shown only when it holds (core `Condition`); null = always. */
    condition: jsonb().$type<Condition>(),
    effects: jsonb()
      .$type<VariableEffect[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    branch: plotBranchMode().notNull().default('choice'),
    decisionSeconds: integer(),
    /** One of its children: a timed choice's default, an automatic branch's fallback. */
    defaultOptionId: integer(),
    /** "Continue at": the node the story goes on at instead of options. */
    gotoId: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.movieId),
    index().on(table.parentId),
    foreignKey({
      name: 'movie_plots_parent_fk',
      columns: [table.parentId],
      foreignColumns: [table.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'movie_plots_default_option_fk',
      columns: [table.defaultOptionId],
      foreignColumns: [table.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'movie_plots_goto_fk',
      columns: [table.gotoId],
      foreignColumns: [table.id],
    }).onDelete('set null'),
  ],
);
