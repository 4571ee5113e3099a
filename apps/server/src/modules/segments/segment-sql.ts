import type { SegmentCondition, SegmentRules } from '@plotline/core';
import { and, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { appViewerChoices, appViewerMovies, appViewers } from '../../db/schema/index.ts';

const DAY_MS = 86_400_000;

/**
 * What the project and option conditions read of each viewer: arrays of the projects they started
 * and completed and of the options they chose, among those the counted rules name (null: none).
 * A count query makes them in one grouped pass over each table (see `viewerSetsJoin`), so the
 * cost of those conditions grows with the rows of the projects and options named, not with the
 * number of segments counted: one `id in (subquery)` per condition built a hash of the viewers
 * of that project per condition, which took seconds for 200 segments on 100,000 viewers.
 */
export interface ViewerSets {
  watched: SQL;
  completed: SQL;
  chose: SQL;
}

/**
 * One condition as SQL over a row of `app_viewers` and its `ViewerSets`: what core
 * `viewerInSegment` decides for one viewer, for every viewer at once. A null set makes a condition
 * null, which counts as false: rules never negate.
 */
function conditionSql(condition: SegmentCondition, now: Date, sets: ViewerSets): SQL {
  switch (condition.field) {
    case 'platform':
      return condition.op === 'eq'
        ? eq(appViewers.platform, condition.value)
        : inArray(appViewers.platform, [...new Set(condition.value)]);
    case 'language':
      return condition.op === 'eq'
        ? eq(appViewers.language, condition.value)
        : inArray(appViewers.language, [...new Set(condition.value)]);
    case 'first_seen_days': {
      // The same instant core compares against: first seen after (lt) or before (gt) it.
      const bound = new Date(now.getTime() - condition.value * DAY_MS);
      return condition.op === 'lt'
        ? gt(appViewers.firstSeenAt, bound)
        : lt(appViewers.firstSeenAt, bound);
    }
    case 'views':
    case 'view_days': {
      const column = condition.field === 'views' ? appViewers.views : appViewers.viewDays;
      return condition.op === 'gte' ? gte(column, condition.value) : lte(column, condition.value);
    }
    case 'watched':
    case 'completed':
    case 'chose':
      return sql`${condition.value}::int = any(${sets[condition.field]})`;
  }
}

/** A segment's rules as one SQL condition over `app_viewers` and its sets, at the instant `now`. */
export function segmentSql(rules: SegmentRules, now: Date, sets: ViewerSets): SQL {
  const conditions = rules.conditions.map((condition) => conditionSql(condition, now, sets));
  // Rules hold at least one condition (core segmentRulesSchema), so neither is ever empty.
  return (rules.match === 'all' ? and(...conditions) : or(...conditions))!;
}

/**
 * How many bound parameters `segmentSql` and the sets' joins give the rules at most (a query may
 * hold 65,535): a project or option id is also one of its join's list.
 */
export function parametersOf(rules: SegmentRules): number {
  return rules.conditions.reduce(
    (sum, condition) =>
      sum +
      (Array.isArray(condition.value)
        ? new Set(condition.value).size
        : SET_FIELDS.has(condition.field)
          ? 2
          : 1),
    0,
  );
}

const SET_FIELDS: ReadonlySet<SegmentCondition['field']> = new Set([
  'watched',
  'completed',
  'chose',
]);

/** The project and option ids rules name, for the sets' joins. */
function namedIds(rules: readonly SegmentRules[]) {
  const movies = new Set<number>();
  const options = new Set<number>();
  for (const condition of rules.flatMap((one) => one.conditions)) {
    if (condition.field === 'watched' || condition.field === 'completed') {
      movies.add(condition.value);
    }
    if (condition.field === 'chose') options.add(condition.value);
  }
  return { movies: [...movies], options: [...options] };
}

/**
 * The count query's FROM: `app_viewers` with, when the rules name projects or options, each
 * viewer's sets of them (one grouped pass over `app_viewer_movies` and `app_viewer_choices`,
 * restricted to the ids named), and the `ViewerSets` that read them.
 */
export function viewerSetsJoin(rules: readonly SegmentRules[]): { from: SQL; sets: ViewerSets } {
  const { movies, options } = namedIds(rules);
  const none = sql`null::int[]`;
  const sets: ViewerSets = { watched: none, completed: none, chose: none };
  const joins: SQL[] = [];
  if (movies.length > 0) {
    joins.push(sql`
      left join (
        select ${appViewerMovies.viewerId} as viewer_id,
          array_agg(${appViewerMovies.movieId}) as watched,
          array_agg(${appViewerMovies.movieId}) filter (where ${appViewerMovies.completed}) as completed
        from ${appViewerMovies}
        where ${inArray(appViewerMovies.movieId, movies)}
        group by ${appViewerMovies.viewerId}
      ) as viewer_movies on viewer_movies.viewer_id = ${appViewers.id}`);
    sets.watched = sql`viewer_movies.watched`;
    sets.completed = sql`viewer_movies.completed`;
  }
  if (options.length > 0) {
    joins.push(sql`
      left join (
        select ${appViewerChoices.viewerId} as viewer_id, array_agg(${appViewerChoices.plotId}) as chose
        from ${appViewerChoices}
        where ${inArray(appViewerChoices.plotId, options)}
        group by ${appViewerChoices.viewerId}
      ) as viewer_choices on viewer_choices.viewer_id = ${appViewers.id}`);
    sets.chose = sql`viewer_choices.chose`;
  }
  return { from: sql`${appViewers}${sql.join(joins)}`, sets };
}
