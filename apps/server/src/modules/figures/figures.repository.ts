import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { movies, viewEvents } from '../../db/schema/index.ts';

/** Whose events: one project's, or every project of a company (null: of every company). */
export type FiguresScope = { movieId: number } | { companyId: number | null };

/** Whole UTC days, both ends included, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

export interface ViewTotals {
  views: number;
  completions: number;
  watchedSeconds: number;
}

export interface ChoiceCount {
  nodeId: number;
  optionId: number;
  count: number;
  /** Of `count`, the viewings whose choice the timer took. */
  byTimer: number;
  /** Of `count`, the viewings whose choice the embedding page took. */
  byHost: number;
}

export interface NodeCount {
  nodeId: number;
  reached: number;
  left: number;
}

export interface DayViews {
  day: string;
  views: number;
  completions: number;
}

/**
 * The events of the scope received within the range. A viewing is a player session of one
 * project: sessions are counted per project, so two projects never share one.
 */
function eventsOf(scope: FiguresScope, range: DayRange, types: SQL): SQL {
  const project =
    'movieId' in scope
      ? sql`e.movie_id = ${scope.movieId}`
      : scope.companyId === null
        ? sql`true`
        : sql`e.movie_id in (select ${movies.id} from ${movies} where ${movies.companyId} = ${scope.companyId})`;
  return sql`
    from ${viewEvents} e
    where ${project} and e.type in ${types}
      and e.received_at >= ${range.from}::date::timestamp at time zone 'UTC'
      and e.received_at < (${range.to}::date + 1)::timestamp at time zone 'UTC'`;
}

const viewing = sql`(e.movie_id::text || ':' || e.session)`;

export function createFiguresRepository(db: Executor) {
  return {
    /** Views (sessions that started), completions (sessions that reached an ending), seconds played. */
    async countTotals(
      scope: FiguresScope,
      range: DayRange,
      tx: Executor = db,
    ): Promise<ViewTotals> {
      const [row] = await selectRows<ViewTotals>(
        tx,
        sql`select
            (count(distinct ${viewing}) filter (where e.type = 'start'))::int as views,
            (count(distinct ${viewing}) filter (where e.type = 'ending'))::int as completions,
            coalesce(sum(e.seconds) filter (where e.type = 'watched'), 0)::float8 as "watchedSeconds"
          ${eventsOf(scope, range, sql`('start', 'ending', 'watched')`)}`,
      );
      return row ?? { views: 0, completions: 0, watchedSeconds: 0 };
    },

    /** Views and completions of each day that had any, by day. */
    async countByDay(scope: FiguresScope, range: DayRange, tx: Executor = db): Promise<DayViews[]> {
      return selectRows<DayViews>(
        tx,
        sql`select to_char((e.received_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
            (count(distinct ${viewing}) filter (where e.type = 'start'))::int as views,
            (count(distinct ${viewing}) filter (where e.type = 'ending'))::int as completions
          ${eventsOf(scope, range, sql`('start', 'ending')`)}
          group by 1 order by 1`,
      );
    },

    /**
     * How many viewings of a project took each option of each choice, for options taken at all,
     * how many of them the choice's timer took (its default), and how many the embedding page.
     */
    async countChoices(
      movieId: number,
      range: DayRange,
      tx: Executor = db,
    ): Promise<ChoiceCount[]> {
      return selectRows(
        tx,
        sql`select e.node_id as "nodeId", e.option_id as "optionId",
            count(distinct e.session)::int as count,
            (count(distinct e.session) filter (where e.taken_by = 'timer'))::int as "byTimer",
            (count(distinct e.session) filter (where e.taken_by = 'host'))::int as "byHost"
          ${eventsOf({ movieId }, range, sql`('choice')`)}
          group by e.node_id, e.option_id`,
      );
    },

    /**
     * Per node reached at all: how many viewings of a project reached it (a `node` event; the
     * player sends one for the first clip too, once the viewer presses Play), and how many left
     * there: their last node by the player's clock was this one and they saw no ending. Read in
     * one pass over the range's events, which the (movie_id, received_at) index finds.
     */
    async countNodes(movieId: number, range: DayRange, tx: Executor = db): Promise<NodeCount[]> {
      return selectRows(
        tx,
        sql`with scoped as (
            select e.session, e.type, e.node_id, e.at_ms, e.id
            ${eventsOf({ movieId }, range, sql`('node', 'ending')`)}
          ),
          reached as (
            select node_id, count(distinct session) as reached
            from scoped where type = 'node' group by node_id
          ),
          last_nodes as (
            select distinct on (session) session, node_id
            from scoped where type = 'node'
            order by session, at_ms desc, id desc
          ),
          left_at as (
            select l.node_id, count(*) as left_count
            from last_nodes l
            where not exists (select 1 from scoped s where s.type = 'ending' and s.session = l.session)
            group by l.node_id
          )
          select r.node_id as "nodeId", r.reached::int as reached,
            coalesce(l.left_count, 0)::int as "left"
          from reached r left join left_at l on l.node_id = r.node_id`,
      );
    },
  };
}

export type FiguresRepository = ReturnType<typeof createFiguresRepository>;
