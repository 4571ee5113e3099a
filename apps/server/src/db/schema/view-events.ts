import { CHOICE_TAKERS, VIEW_EVENT_TYPES } from '@plotline/core';
import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { movies } from './movies.ts';

export const viewEventType = pgEnum('view_event_type', VIEW_EVENT_TYPES);
export const choiceTaker = pgEnum('choice_taker', CHOICE_TAKERS);

/**
 * What the players of published projects report (core `viewEventsSchema`), one row per event: the
 * project's figures (views, completions, watch time, how each choice splits) are counted from it
 * by day. Node ids are checked against the project's plot when stored and carry no foreign key: a
 * published plot never changes, and this table only grows, so its inserts stay cheap.
 */
export const viewEvents = pgTable(
  'view_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    /** The random id a player page makes per viewing: a view is a session. */
    session: text().notNull(),
    type: viewEventType().notNull(),
    nodeId: integer(),
    optionId: integer(),
    /** `choice`: who took it (core CHOICE_TAKERS); null for other events. */
    takenBy: choiceTaker(),
    /** `watched`: seconds played since the previous such event. */
    seconds: real(),
    /** Milliseconds since the viewing began, by the player's clock. */
    atMs: integer().notNull(),
    /** By the server's clock: the figures' dates. */
    receivedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.movieId, table.receivedAt)],
);
