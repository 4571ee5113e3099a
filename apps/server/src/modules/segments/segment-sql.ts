import type { SegmentCondition, SegmentRules } from '@plotline/core';
import { eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { appViewerChoices, appViewerMovies, appViewers } from '../../db/schema/index.ts';

const DAY_MS = 86_400_000;

/** A condition on a column of `app_viewers`. */
type ColumnCondition = Exclude<SegmentCondition, { field: SetField }>;
/** A condition on the projects a viewer started or completed or the options they chose. */
type SetCondition = Extract<SegmentCondition, { field: SetField }>;
type SetField = 'watched' | 'completed' | 'chose';

const SET_FIELDS: ReadonlySet<SegmentCondition['field']> = new Set<SetField>([
  'watched',
  'completed',
  'chose',
]);

const isSetCondition = (condition: SegmentCondition): condition is SetCondition =>
  SET_FIELDS.has(condition.field);

/** The instant a `first_seen_days` condition compares against, as core does. */
const boundOf = (days: number, now: Date) => new Date(now.getTime() - days * DAY_MS);

/**
 * What a column condition reads: `app_viewers`' own columns, or those of the viewers' classes
 * (see `segmentCountsSql`), where first seen is a flag per bound.
 */
interface Columns {
  platform: SQL | typeof appViewers.platform;
  language: SQL | typeof appViewers.language;
  views: SQL | typeof appViewers.views;
  viewDays: SQL | typeof appViewers.viewDays;
  firstSeen(condition: Extract<ColumnCondition, { field: 'first_seen_days' }>): SQL;
}

/**
 * One column condition as SQL: what core `viewerInSegment` decides of it for one viewer, for a row
 * of `columns`. The columns are never null.
 */
function columnSql(condition: ColumnCondition, columns: Columns): SQL {
  switch (condition.field) {
    case 'platform':
      return condition.op === 'eq'
        ? sql`${columns.platform} = ${condition.value}`
        : sql`${columns.platform} in (${sql.join(
            [...new Set(condition.value)].map((value) => sql`${value}`),
            sql`, `,
          )})`;
    case 'language':
      return condition.op === 'eq'
        ? sql`${columns.language} = ${condition.value}`
        : sql`${columns.language} in (${sql.join(
            [...new Set(condition.value)].map((value) => sql`${value}`),
            sql`, `,
          )})`;
    case 'first_seen_days':
      return columns.firstSeen(condition);
    case 'views':
    case 'view_days': {
      const column = condition.field === 'views' ? columns.views : columns.viewDays;
      return condition.op === 'gte'
        ? sql`${column} >= ${condition.value}`
        : sql`${column} <= ${condition.value}`;
    }
  }
}

/** `app_viewers`' own columns, for a condition on one viewer's row. */
function viewerColumns(now: Date): Columns {
  return {
    platform: appViewers.platform,
    language: appViewers.language,
    views: appViewers.views,
    viewDays: appViewers.viewDays,
    firstSeen: (condition) =>
      condition.op === 'lt'
        ? gt(appViewers.firstSeenAt, boundOf(condition.value, now))
        : lt(appViewers.firstSeenAt, boundOf(condition.value, now)),
  };
}

/** The viewers (`viewer_id`) a set condition holds, read through the tables' indexes. */
function setMembers(condition: SetCondition): SQL {
  if (condition.field === 'chose') {
    return sql`select ${appViewerChoices.viewerId} as viewer_id from ${appViewerChoices}
      where ${eq(appViewerChoices.plotId, condition.value)}`;
  }
  return sql`select ${appViewerMovies.viewerId} as viewer_id from ${appViewerMovies}
    where ${eq(appViewerMovies.movieId, condition.value)}${
      condition.field === 'completed' ? sql` and ${appViewerMovies.completed}` : sql``
    }`;
}

/** Whether the viewer of the current `app_viewers` row is in a set (its primary key's index). */
function setHolds(condition: SetCondition): SQL {
  if (condition.field === 'chose') {
    return sql`exists (select from ${appViewerChoices} where ${appViewerChoices.viewerId} = ${appViewers.id}
      and ${eq(appViewerChoices.plotId, condition.value)})`;
  }
  return sql`exists (select from ${appViewerMovies} where ${appViewerMovies.viewerId} = ${appViewers.id}
    and ${eq(appViewerMovies.movieId, condition.value)}${
      condition.field === 'completed' ? sql` and ${appViewerMovies.completed}` : sql``
    })`;
}

/** The smaller sets first: an option's choosers, a project's completers, then its viewers. */
const SET_ORDER: Record<SetField, number> = { chose: 0, completed: 1, watched: 2 };

const joined = (parts: SQL[], match: SegmentRules['match']) =>
  sql`(${sql.join(parts, match === 'all' ? sql` and ` : sql` or `)})`;

/**
 * The classes the column conditions of `rulesList` tell viewers apart by: viewers alike in every
 * column a condition reads (platform, language, views and view days up to one past the largest
 * value named, and for each first-seen bound named whether they were first seen after and before
 * it) hold the same column conditions. A hundred thousand viewers make a few hundred classes,
 * counted in one grouped scan of `app_viewers`.
 */
function viewerClasses(companyId: number, rulesList: readonly SegmentRules[], now: Date) {
  const conditions = rulesList
    .flatMap((rules) => rules.conditions)
    .filter((condition): condition is ColumnCondition => !isSetCondition(condition));
  const read = new Set(conditions.map((condition) => condition.field));
  const largest = (field: 'views' | 'view_days') =>
    Math.max(
      0,
      ...conditions.flatMap((condition) => (condition.field === field ? [condition.value] : [])),
    );
  const selected: SQL[] = [];
  if (read.has('platform')) selected.push(sql`${appViewers.platform} as platform`);
  if (read.has('language')) selected.push(sql`${appViewers.language} as language`);
  // Views past the largest value named answer every condition alike.
  if (read.has('views')) {
    selected.push(sql`least(${appViewers.views}, ${largest('views') + 1}::int) as views`);
  }
  if (read.has('view_days')) {
    selected.push(
      sql`least(${appViewers.viewDays}, ${largest('view_days') + 1}::int) as view_days`,
    );
  }
  const flags = new Map<string, string>();
  for (const condition of conditions) {
    if (condition.field !== 'first_seen_days') continue;
    const key = `${condition.op} ${condition.value}`;
    if (flags.has(key)) continue;
    const name = `first_seen_${flags.size}`;
    flags.set(key, name);
    selected.push(sql`(${columnSql(condition, viewerColumns(now))}) as ${sql.identifier(name)}`);
  }
  const columns: Columns = {
    platform: sql`platform`,
    language: sql`language`,
    views: sql`views`,
    viewDays: sql`view_days`,
    firstSeen: (condition) =>
      sql`${sql.identifier(flags.get(`${condition.op} ${condition.value}`)!)}`,
  };
  // By position: `views` as a name would group by the column, not by its capped value.
  const groupBy = selected.map((_, index) => sql.raw(String(index + 1)));
  const classes = sql`select ${sql.join([...selected, sql`count(*) as n`], sql`, `)}
    from ${appViewers} where ${eq(appViewers.companyId, companyId)}
    ${selected.length > 0 ? sql`group by ${sql.join(groupBy, sql`, `)}` : sql``}`;
  return { classes, columns };
}

/**
 * One query counting, for each of `rulesList`, the company's viewers its rules hold at `now`
 * (columns `s0`, `s1`, … of its one row, in order), each by the cheapest way its conditions allow:
 *
 * - Only column conditions: summed over the viewers' classes (`viewerClasses`), one grouped scan
 *   shared by every such segment.
 * - `all` with a project or option condition: among that set's viewers (the smallest kind of set
 *   named), found through its index, those the other conditions hold.
 * - `any` with project or option conditions: the classes holding a column condition, plus the
 *   viewers of the union of its sets who hold none.
 *
 * Each way reads what core `viewerInSegment` reads; a property test holds them to it.
 */
export function segmentCountsSql(
  companyId: number,
  rulesList: readonly SegmentRules[],
  now: Date,
): SQL {
  const { classes, columns } = viewerClasses(companyId, rulesList, now);
  const ownViewer = eq(appViewers.companyId, companyId);
  let readsClasses = false;
  const counts = rulesList.map((rules, index) => {
    // Rules hold at least one condition (core segmentRulesSchema).
    const sets = rules.conditions.filter(isSetCondition);
    const others = rules.conditions.filter(
      (condition): condition is ColumnCondition => !isSetCondition(condition),
    );
    const fromClasses = (parts: ColumnCondition[]) => {
      readsClasses = true;
      const held = joined(
        parts.map((condition) => columnSql(condition, columns)),
        rules.match,
      );
      return sql`coalesce(sum(n) filter (where ${held}), 0)`;
    };
    let count: SQL;
    if (sets.length === 0) {
      count = fromClasses(others);
    } else if (rules.match === 'all') {
      const [first, ...rest] = [...sets].sort((a, b) => SET_ORDER[a.field] - SET_ORDER[b.field]);
      const tests = [
        ownViewer,
        ...others.map((condition) => columnSql(condition, viewerColumns(now))),
        ...rest.map(setHolds),
      ];
      count = sql`(select count(*) from (${setMembers(first!)}) as members
        join ${appViewers} on ${appViewers.id} = members.viewer_id
        where ${joined(tests, 'all')})`;
    } else {
      const union = sql.join(sets.map(setMembers), sql` union `);
      const noColumn =
        others.length > 0
          ? sql` and not ${joined(
              others.map((condition) => columnSql(condition, viewerColumns(now))),
              'any',
            )}`
          : sql``;
      const setsOnly = sql`(select count(*) from (${union}) as members
        join ${appViewers} on ${appViewers.id} = members.viewer_id
        where ${ownViewer}${noColumn})`;
      count = others.length > 0 ? sql`${fromClasses(others)} + ${setsOnly}` : setsOnly;
    }
    return sql`(${count})::int as ${sql.identifier(`s${index}`)}`;
  });
  return readsClasses
    ? sql`select ${sql.join(counts, sql`, `)} from (${classes}) as classes`
    : sql`select ${sql.join(counts, sql`, `)}`;
}

/**
 * How many bound parameters `segmentCountsSql` gives the rules at most (a query may hold 65,535):
 * a condition's values may be bound twice (in a class filter and in the test of a viewer's row),
 * and each segment and condition binds the company or a bound besides.
 */
export function parametersOf(rules: SegmentRules): number {
  return rules.conditions.reduce(
    (sum, condition) =>
      sum + 2 * (Array.isArray(condition.value) ? new Set(condition.value).size : 1) + 2,
    2,
  );
}
