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

    /** How many viewings of a project took each option of each choice, for options taken at all. */
    async countChoices(
      movieId: number,
      range: DayRange,
      tx: Executor = db,
    ): Promise<{ nodeId: number; optionId: number; count: number }[]> {
      return selectRows(
        tx,
        sql`select e.node_id as "nodeId", e.option_id as "optionId",
            count(distinct e.session)::int as count
          ${eventsOf({ movieId }, range, sql`('choice')`)}
          group by e.node_id, e.option_id`,
      );
    },
  };
}

export type FiguresRepository = ReturnType<typeof createFiguresRepository>;
