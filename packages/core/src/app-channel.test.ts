import { describe, expect, it } from 'vitest';
import {
  APP_PLATFORMS,
  PRESET_SEGMENTS,
  promotedStatus,
  viewerInSegment,
  type SegmentCondition,
  type SegmentRules,
  type ViewerFacts,
} from './app-channel.ts';
import { LANGUAGES } from './ui.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const DAY_MS = 86_400_000;

/** A viewer first seen three days ago who watched project 7, completed it and chose option 70. */
const makeViewer = (facts: Partial<ViewerFacts> = {}): ViewerFacts => ({
  platform: 'android',
  language: 'de',
  firstSeenAt: new Date(NOW.getTime() - 3 * DAY_MS),
  views: 4,
  viewDays: 2,
  watched: new Set([7, 8]),
  completed: new Set([7]),
  chose: new Set([70]),
  ...facts,
});

const one = (condition: SegmentCondition): SegmentRules => ({
  match: 'all',
  conditions: [condition],
});

describe('viewerInSegment', () => {
  it.each<[SegmentCondition, boolean]>([
    [{ field: 'platform', op: 'eq', value: 'android' }, true],
    [{ field: 'platform', op: 'eq', value: 'ios' }, false],
    [{ field: 'platform', op: 'in', value: ['ios', 'android'] }, true],
    [{ field: 'platform', op: 'in', value: ['ios', 'web'] }, false],
    [{ field: 'language', op: 'eq', value: 'de' }, true],
    [{ field: 'language', op: 'eq', value: 'en' }, false],
    [{ field: 'language', op: 'in', value: ['ar', 'de'] }, true],
    [{ field: 'language', op: 'in', value: ['ar'] }, false],
    [{ field: 'first_seen_days', op: 'lt', value: 4 }, true],
    [{ field: 'first_seen_days', op: 'lt', value: 2 }, false],
    [{ field: 'first_seen_days', op: 'gt', value: 2 }, true],
    [{ field: 'first_seen_days', op: 'gt', value: 4 }, false],
    [{ field: 'views', op: 'gte', value: 4 }, true],
    [{ field: 'views', op: 'gte', value: 5 }, false],
    [{ field: 'views', op: 'lte', value: 4 }, true],
    [{ field: 'views', op: 'lte', value: 3 }, false],
    [{ field: 'view_days', op: 'gte', value: 2 }, true],
    [{ field: 'view_days', op: 'gte', value: 3 }, false],
    [{ field: 'view_days', op: 'lte', value: 1 }, false],
    [{ field: 'watched', op: 'eq', value: 8 }, true],
    [{ field: 'watched', op: 'eq', value: 9 }, false],
    [{ field: 'completed', op: 'eq', value: 7 }, true],
    [{ field: 'completed', op: 'eq', value: 8 }, false],
    [{ field: 'chose', op: 'eq', value: 70 }, true],
    [{ field: 'chose', op: 'eq', value: 71 }, false],
  ])('%o holds: %s', (condition, expected) => {
    expect(viewerInSegment(one(condition), makeViewer(), NOW)).toBe(expected);
  });

  it('compares first_seen_days as instants: exactly N days ago is neither less nor more than N', () => {
    const viewer = makeViewer({ firstSeenAt: new Date(NOW.getTime() - 7 * DAY_MS) });
    expect(
      viewerInSegment(one({ field: 'first_seen_days', op: 'lt', value: 7 }), viewer, NOW),
    ).toBe(false);
    expect(
      viewerInSegment(one({ field: 'first_seen_days', op: 'gt', value: 7 }), viewer, NOW),
    ).toBe(false);
    const later = new Date(NOW.getTime() + 1);
    expect(
      viewerInSegment(one({ field: 'first_seen_days', op: 'gt', value: 7 }), viewer, later),
    ).toBe(true);
    const earlier = new Date(NOW.getTime() - 1);
    expect(
      viewerInSegment(one({ field: 'first_seen_days', op: 'lt', value: 7 }), viewer, earlier),
    ).toBe(true);
  });

  it('holds every condition for match all, any one for match any', () => {
    const conditions: SegmentCondition[] = [
      { field: 'platform', op: 'eq', value: 'android' },
      { field: 'chose', op: 'eq', value: 99 },
    ];
    expect(viewerInSegment({ match: 'all', conditions }, makeViewer(), NOW)).toBe(false);
    expect(viewerInSegment({ match: 'any', conditions }, makeViewer(), NOW)).toBe(true);
    expect(
      viewerInSegment({ match: 'any', conditions: conditions.slice(1) }, makeViewer(), NOW),
    ).toBe(false);
  });
});

describe('PRESET_SEGMENTS', () => {
  it('are new, returning, one per platform and one per language', () => {
    expect(PRESET_SEGMENTS.map((preset) => preset.key)).toEqual([
      'new',
      'returning',
      ...APP_PLATFORMS.map((platform) => `platform-${platform}`),
      ...LANGUAGES.map((language) => `language-${language}`),
    ]);
  });

  it('hold new viewers for 7 days and returning ones from their second viewing day', () => {
    const [fresh, returning] = PRESET_SEGMENTS;
    const sixDays = makeViewer({ firstSeenAt: new Date(NOW.getTime() - 6 * DAY_MS), viewDays: 1 });
    const eightDays = makeViewer({ firstSeenAt: new Date(NOW.getTime() - 8 * DAY_MS) });
    expect(viewerInSegment(fresh!.rules, sixDays, NOW)).toBe(true);
    expect(viewerInSegment(fresh!.rules, eightDays, NOW)).toBe(false);
    expect(viewerInSegment(returning!.rules, sixDays, NOW)).toBe(false);
    expect(viewerInSegment(returning!.rules, eightDays, NOW)).toBe(true);
  });
});

describe('promotedStatus', () => {
  const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

  it('is scheduled before the start, live from the start (included) to the end (excluded), then ended', () => {
    const window = { startsAt: at(1), endsAt: at(3) };
    expect(promotedStatus(window, at(0))).toBe('scheduled');
    expect(promotedStatus(window, new Date(at(1).getTime() - 1))).toBe('scheduled');
    expect(promotedStatus(window, at(1))).toBe('live');
    expect(promotedStatus(window, new Date(at(3).getTime() - 1))).toBe('live');
    expect(promotedStatus(window, at(3))).toBe('ended');
  });

  it('never ends with an open end, and has always begun with an open start', () => {
    expect(promotedStatus({ startsAt: null, endsAt: null }, NOW)).toBe('live');
    expect(promotedStatus({ startsAt: at(-100), endsAt: null }, at(10_000))).toBe('live');
    expect(promotedStatus({ startsAt: null, endsAt: at(1) }, at(-10_000))).toBe('live');
    expect(promotedStatus({ startsAt: null, endsAt: at(1) }, at(1))).toBe('ended');
  });
});
