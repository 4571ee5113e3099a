import type { SegmentCondition, SegmentRules } from '@plotline/core';
import { eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
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
interface ViewerSets {
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

/** A condition's identity: the same test written twice is evaluated once per viewer. */
function conditionKey(condition: SegmentCondition): string {
  const value = Array.isArray(condition.value)
    ? [...new Set<string>(condition.value)].sort()
    : condition.value;
  return JSON.stringify([condition.field, condition.op, value]);
}

/**
 * One query counting, for each of `rulesList`, the company's viewers its rules hold at `now`
 * (columns `s0`, `s1`, … in order): one scan of the company's viewers (with their sets when the
 * rules name projects or options) that evaluates each distinct condition once per viewer, under a
 * `count(*) filter (where …)` per segment over those answers. Segments share most of their
 * conditions (a platform, a language, a project): evaluating each once halves the time of 200
 * segments on 100,000 viewers.
 */
export function segmentCountsSql(
  companyId: number,
  rulesList: readonly SegmentRules[],
  now: Date,
): SQL {
  const { from, sets } = viewerSetsJoin(rulesList);
  const conditions = new Map<string, { name: string; test: SQL }>();
  const answerOf = (condition: SegmentCondition) => {
    const key = conditionKey(condition);
    let answer = conditions.get(key);
    if (!answer) {
      answer = { name: `c${conditions.size}`, test: conditionSql(condition, now, sets) };
      conditions.set(key, answer);
    }
    return sql.identifier(answer.name);
  };
  const counts = rulesList.map((rules, index) => {
    // Rules hold at least one condition (core segmentRulesSchema).
    const held = sql.join(
      rules.conditions.map(answerOf),
      rules.match === 'all' ? sql` and ` : sql` or `,
    );
    return sql`(count(*) filter (where ${held}))::int as ${sql.identifier(`s${index}`)}`;
  });
  const answers = [...conditions.values()].map(
    ({ name, test }) => sql`(${test}) as ${sql.identifier(name)}`,
  );
  // offset 0 keeps the subquery whole, so its answers are not copied into every filter.
  return sql`select ${sql.join(counts, sql`, `)}
    from (
      select ${sql.join(answers, sql`, `)} from ${from}
      where ${appViewers.companyId} = ${companyId} offset 0
    ) as answers`;
}

/**
 * How many bound parameters `segmentCountsSql` gives the rules at most (a query may
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
function viewerSetsJoin(rules: readonly SegmentRules[]): { from: SQL; sets: ViewerSets } {
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
