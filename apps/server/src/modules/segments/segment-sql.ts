import type { SegmentCondition, SegmentRules } from '@plotline/core';
import { and, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { appViewerChoices, appViewerMovies, appViewers } from '../../db/schema/index.ts';

const DAY_MS = 86_400_000;

/**
 * One condition as SQL over a row of `app_viewers`: what core `viewerInSegment` decides for one
 * viewer, for every viewer at once. The project and option conditions are `id in (subquery)`, which
 * PostgreSQL runs once per query (a hashed subplan), so many segments counted in one scan stay one
 * scan.
 */
function conditionSql(condition: SegmentCondition, now: Date): SQL {
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
      return sql`${appViewers.id} in (select ${appViewerMovies.viewerId} from ${appViewerMovies} where ${appViewerMovies.movieId} = ${condition.value})`;
    case 'completed':
      return sql`${appViewers.id} in (select ${appViewerMovies.viewerId} from ${appViewerMovies} where ${appViewerMovies.movieId} = ${condition.value} and ${appViewerMovies.completed})`;
    case 'chose':
      return sql`${appViewers.id} in (select ${appViewerChoices.viewerId} from ${appViewerChoices} where ${appViewerChoices.plotId} = ${condition.value})`;
  }
}

/** A segment's rules as one SQL condition over `app_viewers`, at the instant `now`. */
export function segmentSql(rules: SegmentRules, now: Date): SQL {
  const conditions = rules.conditions.map((condition) => conditionSql(condition, now));
  // Rules hold at least one condition (core segmentRulesSchema), so neither is ever empty.
  return (rules.match === 'all' ? and(...conditions) : or(...conditions))!;
}

/** How many bound parameters `segmentSql` gives the rules: a query may hold 65,535. */
export function parametersOf(rules: SegmentRules): number {
  return rules.conditions.reduce(
    (sum, condition) => sum + (Array.isArray(condition.value) ? new Set(condition.value).size : 1),
    0,
  );
}
