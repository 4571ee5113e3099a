import {
  APP_PLATFORMS,
  LANGUAGES,
  viewerInSegment,
  type AppPlatform,
  type Language,
  type SegmentCondition,
  type SegmentRules,
  type ViewerFacts,
} from '@plotline/core';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { appViewers, segments as segmentsTable } from '../../db/schema/index.ts';
import { startProjectSuite } from '../../test/test-projects.ts';
import { createAppViewersRepository } from '../app-viewers/app-viewers.repository.ts';
import { createSegmentsRepository } from './segments.repository.ts';
import { createSegmentsService } from './segments.service.ts';

const { server, make, owner } = await startProjectSuite();
const viewers = createAppViewersRepository(server.db);
const segments = createSegmentsRepository(server.db);
const service = createSegmentsService({
  segments,
  viewers,
  operator: { companyFor: () => Promise.reject(new Error('not asked')) },
  clock: server.clock,
  transaction: (work) => server.db.transaction(work),
});

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** An id no project or option has: conditions may name one. */
const UNKNOWN_ID = 2_000_000;

let companyId: number;
/** A segment of another platform that holds everyone: never one of this platform's viewers'. */
let elsewhereSegment: number;
let movieIds: number[];
let optionIds: number[];

beforeAll(async () => {
  companyId = await server.makeCompany({ type: 'platform' });
  elsewhereSegment = await segments.insertSegment({
    companyId: await server.makeCompany({ type: 'platform' }),
    name: 'Everyone elsewhere',
    rules: { match: 'all', conditions: [{ field: 'views', op: 'gte', value: 0 }] },
    at: new Date(),
  });
  const story = await make.makeStory(owner.token, 'segment-sql-story');
  movieIds = [story.movieId, await make.makeProject(owner.token)];
  optionIds = Object.values(story.nodes);
}, 60_000);

interface Batch {
  movie: number;
  starts: number;
  completed: boolean;
  chose: number[];
  /** Days before now the batch came in. */
  daysAgo: number;
}

interface GeneratedViewer {
  platform: AppPlatform;
  language: Language;
  /** First seen this many hours from now (negative: before). Whole days often, to hit the bounds. */
  firstSeenHours: number;
  batches: Batch[];
}

const viewerArbitrary = (): fc.Arbitrary<GeneratedViewer> =>
  fc.record({
    platform: fc.constantFrom(...APP_PLATFORMS),
    language: fc.constantFrom(...LANGUAGES),
    firstSeenHours: fc.oneof(
      fc.integer({ min: -20, max: 0 }).map((days) => days * 24),
      fc.integer({ min: -20 * 24, max: 0 }),
    ),
    batches: fc.array(
      fc.record({
        movie: fc.integer({ min: 0, max: 1 }),
        starts: fc.integer({ min: 0, max: 2 }),
        completed: fc.boolean(),
        chose: fc.subarray([0, 1, 2, 3]),
        daysAgo: fc.integer({ min: 0, max: 4 }),
      }),
      { maxLength: 4 },
    ),
  });

/** A condition on a column of the viewer: platform, language, first seen, views, view days. */
const columnConditionArbitrary = (): fc.Arbitrary<SegmentCondition> =>
  fc.oneof(
    fc.record({
      field: fc.constant('platform' as const),
      op: fc.constant('eq' as const),
      value: fc.constantFrom(...APP_PLATFORMS),
    }),
    fc.record({
      field: fc.constant('platform' as const),
      op: fc.constant('in' as const),
      value: fc.array(fc.constantFrom(...APP_PLATFORMS), { minLength: 1, maxLength: 4 }),
    }),
    fc.record({
      field: fc.constant('language' as const),
      op: fc.constant('eq' as const),
      value: fc.constantFrom(...LANGUAGES),
    }),
    fc.record({
      field: fc.constant('language' as const),
      op: fc.constant('in' as const),
      value: fc.array(fc.constantFrom(...LANGUAGES), { minLength: 1, maxLength: 4 }),
    }),
    fc.record({
      field: fc.constant('first_seen_days' as const),
      op: fc.constantFrom('lt' as const, 'gt' as const),
      value: fc.integer({ min: 0, max: 21 }),
    }),
    fc.record({
      field: fc.constantFrom('views' as const, 'view_days' as const),
      op: fc.constantFrom('gte' as const, 'lte' as const),
      value: fc.integer({ min: 0, max: 6 }),
    }),
  );

/** A condition on the projects the viewer started or completed or the options they chose. */
const setConditionArbitrary = (): fc.Arbitrary<SegmentCondition> => {
  const id = (ids: number[]) => fc.constantFrom(...ids, UNKNOWN_ID);
  return fc.oneof(
    fc.record({
      field: fc.constantFrom('watched' as const, 'completed' as const),
      op: fc.constant('eq' as const),
      value: id(movieIds),
    }),
    fc.record({
      field: fc.constant('chose' as const),
      op: fc.constant('eq' as const),
      value: id(optionIds),
    }),
  );
};

const conditionArbitrary = (): fc.Arbitrary<SegmentCondition> =>
  fc.oneof(columnConditionArbitrary(), setConditionArbitrary());

const rulesArbitrary = (): fc.Arbitrary<SegmentRules> =>
  fc.record({
    match: fc.constantFrom('all' as const, 'any' as const),
    conditions: fc.array(conditionArbitrary(), { minLength: 1, maxLength: 4 }),
  });

/**
 * Rules mixing both kinds of conditions, in any order: the counts read each kind from another
 * table (the viewers' classes, the sets' members) and an `any` segment from both.
 */
const mixedRulesArbitrary = (): fc.Arbitrary<SegmentRules> =>
  fc
    .record({
      match: fc.constantFrom('all' as const, 'any' as const),
      sets: fc.array(setConditionArbitrary(), { minLength: 1, maxLength: 3 }),
      columns: fc.array(columnConditionArbitrary(), { minLength: 1, maxLength: 3 }),
      order: fc.func(fc.integer()),
    })
    .map(({ match, sets, columns, order }) => ({
      match,
      conditions: [...sets, ...columns]
        .map((condition, index) => ({ condition, key: order(index) }))
        .sort((a, b) => a.key - b.key)
        .map(({ condition }) => condition),
    }));

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Stores a generated viewer through the repository as the events call does, and answers the facts
 * the events should have left, worked out here independently of SQL.
 */
async function storeViewer(viewer: GeneratedViewer, index: number, now: Date) {
  const firstSeenAt = new Date(now.getTime() + viewer.firstSeenHours * HOUR_MS);
  const id = await viewers.insertViewer({
    companyId,
    tokenHash: `property-${now.getTime()}-${index}-${Math.random()}`,
    platform: viewer.platform,
    language: viewer.language,
    at: firstSeenAt,
  });
  const facts: ViewerFacts = {
    platform: viewer.platform,
    language: viewer.language,
    firstSeenAt,
    views: 0,
    viewDays: 0,
    watched: new Set(),
    completed: new Set(),
    chose: new Set(),
  };
  let lastDay: string | null = null;
  for (const batch of viewer.batches) {
    const movieId = movieIds[batch.movie]!;
    const day = dayOf(new Date(now.getTime() - batch.daysAgo * DAY_MS));
    const chose = batch.chose.map((option) => optionIds[option]!);
    await viewers.addViewingFacts({
      viewerId: id,
      movieId,
      starts: batch.starts,
      completed: batch.completed,
      chose,
      day,
    });
    if (batch.starts > 0) {
      facts.views += batch.starts;
      if (lastDay === null || lastDay < day) {
        facts.viewDays += 1;
        lastDay = day;
      }
    }
    if (batch.starts > 0 || batch.completed) (facts.watched as Set<number>).add(movieId);
    if (batch.completed) (facts.completed as Set<number>).add(movieId);
    for (const option of chose) (facts.chose as Set<number>).add(option);
  }
  return { id, facts };
}

describe('segment rules in SQL', () => {
  /**
   * Stores `generated` as the only viewers of the platform and checks the counts of `rulesList`
   * against core, and the feed's segmentsHolding for the first viewers.
   */
  async function checkCounts(generated: GeneratedViewer[], rulesList: SegmentRules[]) {
    const now = server.clock.now();
    await server.db.delete(appViewers).where(eq(appViewers.companyId, companyId));
    const stored: { id: number; facts: ViewerFacts }[] = [];
    for (const [index, viewer] of generated.entries()) {
      stored.push(await storeViewer(viewer, index, now));
    }
    const counts = await segments.countViewers(companyId, rulesList, now);
    expect(counts).toEqual(
      rulesList.map(
        (rules) => stored.filter(({ facts }) => viewerInSegment(rules, facts, now)).length,
      ),
    );
    // The loader the feed decides one viewer with reads the same facts, and the feed's
    // segmentsHolding answers as the counts do.
    await server.db.delete(segmentsTable).where(eq(segmentsTable.companyId, companyId));
    const segmentIds: number[] = [];
    for (const rules of rulesList) {
      segmentIds.push(
        // fast-check's records have no prototype; stored rules are plain JSON.
        await segments.insertSegment({
          companyId,
          name: 'Property',
          rules: JSON.parse(JSON.stringify(rules)) as SegmentRules,
          at: now,
        }),
      );
    }
    for (const { id, facts } of stored.slice(0, 3)) {
      expect(await viewers.findFacts(id)).toEqual({ ...facts, companyId });
      const holding = await service.segmentsHolding(id, [...segmentIds, elsewhereSegment], now);
      expect([...holding].sort((a, b) => a - b)).toEqual(
        segmentIds.filter((_, index) => viewerInSegment(rulesList[index]!, facts, now)),
      );
    }
  }

  it("count, in one query for many segments, exactly the viewers core's viewerInSegment holds, as segmentsHolding does", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(viewerArbitrary(), { maxLength: 20 }),
        fc.array(rulesArbitrary(), { minLength: 1, maxLength: 8 }),
        checkCounts,
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('count segments mixing project or option conditions with column conditions, all and any, as core does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(viewerArbitrary(), { maxLength: 20 }),
        fc.array(fc.oneof(mixedRulesArbitrary(), rulesArbitrary()), { minLength: 1, maxLength: 8 }),
        checkCounts,
      ),
      { numRuns: 30 },
    );
  }, 120_000);

  it('count viewers with more views or view days than any condition names by what they are', async () => {
    // Classes keep views and view days up to one past the largest value named: 4 views or 3
    // days are past `lte 2` but not `gte 2`.
    const starts = (count: number, days: number): Batch[] =>
      Array.from({ length: days }, (_, day) => ({
        movie: 0,
        starts: day === 0 ? count - days + 1 : 1,
        completed: false,
        chose: [],
        daysAgo: days - day,
      }));
    const generated: GeneratedViewer[] = [0, 1, 2, 3, 4, 6].map((views) => ({
      platform: 'ios',
      language: 'en',
      firstSeenHours: -24 * 10,
      batches: views === 0 ? [] : starts(views, Math.min(views, 3)),
    }));
    const rulesList: SegmentRules[] = [
      { match: 'all', conditions: [{ field: 'views', op: 'lte', value: 2 }] },
      { match: 'all', conditions: [{ field: 'views', op: 'gte', value: 2 }] },
      { match: 'any', conditions: [{ field: 'view_days', op: 'lte', value: 1 }] },
      {
        match: 'all',
        conditions: [
          { field: 'view_days', op: 'lte', value: 2 },
          { field: 'watched', op: 'eq', value: movieIds[0]! },
        ],
      },
    ];
    await checkCounts(generated, rulesList);
    expect(await segments.countViewers(companyId, rulesList, server.clock.now())).toEqual([
      3, 4, 2, 2,
    ]);
  });

  it('count past the bound parameters one query may hold, in order', async () => {
    const now = server.clock.now();
    await server.db.delete(appViewers).where(eq(appViewers.companyId, companyId));
    const stored: { id: number; facts: ViewerFacts }[] = [];
    for (const [index, language] of LANGUAGES.entries()) {
      stored.push(
        await storeViewer(
          { platform: 'web', language, firstSeenHours: -index * 24, batches: [] },
          index,
          now,
        ),
      );
    }
    // 90 to 94 parameters a segment at most (parametersOf): 1,000 segments need four queries.
    const rulesList: SegmentRules[] = Array.from({ length: 1000 }, (_, index) => ({
      match: 'all',
      conditions: [
        ...Array.from({ length: 6 }, () => ({
          field: 'language' as const,
          op: 'in' as const,
          value: [...LANGUAGES],
        })),
        { field: 'first_seen_days', op: 'lt', value: index % 8 },
        ...(index % 5 === 0
          ? [{ field: 'chose' as const, op: 'eq' as const, value: UNKNOWN_ID }]
          : []),
      ],
    }));
    const counts = await segments.countViewers(companyId, rulesList, now);
    expect(counts).toEqual(
      rulesList.map(
        (rules) => stored.filter(({ facts }) => viewerInSegment(rules, facts, now)).length,
      ),
    );
    expect(new Set(counts).size).toBeGreaterThan(2);
  });

  it("count only the company's own viewers", async () => {
    const now = server.clock.now();
    await server.db.delete(appViewers).where(eq(appViewers.companyId, companyId));
    const elsewhere = await server.makeCompany({ type: 'platform' });
    await viewers.insertViewer({
      companyId: elsewhere,
      tokenHash: 'elsewhere',
      platform: 'web',
      language: 'en',
      at: now,
    });
    const everyone: SegmentRules = {
      match: 'all',
      conditions: [{ field: 'views', op: 'gte', value: 0 }],
    };
    expect(await segments.countViewers(companyId, [everyone], now)).toEqual([0]);
    expect(await segments.countViewers(elsewhere, [everyone], now)).toEqual([1]);
  });
});
