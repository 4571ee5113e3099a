/**
 * The mobile-app channel's rules: the app's anonymous viewers, the segments that group them, and the
 * window in which a promoted content shows. The server counts segments in SQL and the feed decides
 * one viewer's membership with `viewerInSegment`; a test holds the two to the same answers.
 */
import { LANGUAGES, type Language } from './ui.ts';

export const APP_PLATFORMS = ['ios', 'android', 'web'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** The header the app's calls carry after `POST /api/app/v1/viewer`. */
export const VIEWER_TOKEN_HEADER = 'x-viewer-token';

/** What a segment's condition can ask of a viewer, and which operators each field takes. */
export const SEGMENT_FIELD_OPERATORS = {
  platform: ['eq', 'in'],
  language: ['eq', 'in'],
  /** Days since the viewer was first seen: `lt 7` is "first seen in the last 7 days". */
  first_seen_days: ['lt', 'gt'],
  /** How many times the viewer started a story. */
  views: ['gte', 'lte'],
  /** On how many days (UTC) the viewer started a story. */
  view_days: ['gte', 'lte'],
  /** Started the project (`value` a movie id). */
  watched: ['eq'],
  /** Reached an ending of the project (`value` a movie id). */
  completed: ['eq'],
  /** Chose the option (`value` the option's `movie_plot_id`). */
  chose: ['eq'],
} as const;
export type SegmentField = keyof typeof SEGMENT_FIELD_OPERATORS;
export const SEGMENT_FIELDS = Object.keys(SEGMENT_FIELD_OPERATORS) as [
  SegmentField,
  ...SegmentField[],
];
export const SEGMENT_MATCHES = ['all', 'any'] as const;
export type SegmentMatch = (typeof SEGMENT_MATCHES)[number];

export const SEGMENT_CONDITIONS_MAX = 20;
export const SEGMENT_LIST_VALUES_MAX = 20;
export const SEGMENT_NAME_MAX = 80;
/** The largest day or view count a condition may name (ten years of days). */
export const SEGMENT_NUMBER_MAX = 3650;

export type SegmentCondition =
  | { field: 'platform'; op: 'eq'; value: AppPlatform }
  | { field: 'platform'; op: 'in'; value: AppPlatform[] }
  | { field: 'language'; op: 'eq'; value: Language }
  | { field: 'language'; op: 'in'; value: Language[] }
  | { field: 'first_seen_days'; op: 'lt' | 'gt'; value: number }
  | { field: 'views' | 'view_days'; op: 'gte' | 'lte'; value: number }
  | { field: 'watched' | 'completed' | 'chose'; op: 'eq'; value: number };

export interface SegmentRules {
  match: SegmentMatch;
  conditions: SegmentCondition[];
}

/** What the rules read of one viewer. */
export interface ViewerFacts {
  platform: AppPlatform;
  language: Language;
  firstSeenAt: Date;
  views: number;
  viewDays: number;
  /** Movie ids the viewer started. */
  watched: ReadonlySet<number>;
  /** Movie ids the viewer reached an ending of. */
  completed: ReadonlySet<number>;
  /** Option node ids the viewer chose. */
  chose: ReadonlySet<number>;
}

const DAY_MS = 86_400_000;

function holds(condition: SegmentCondition, viewer: ViewerFacts, now: Date): boolean {
  switch (condition.field) {
    case 'platform':
      return condition.op === 'eq'
        ? viewer.platform === condition.value
        : condition.value.includes(viewer.platform);
    case 'language':
      return condition.op === 'eq'
        ? viewer.language === condition.value
        : condition.value.includes(viewer.language);
    case 'first_seen_days': {
      // Compared as instants, as SQL does: `first_seen_at > now - N days`.
      const bound = now.getTime() - condition.value * DAY_MS;
      const seen = viewer.firstSeenAt.getTime();
      return condition.op === 'lt' ? seen > bound : seen < bound;
    }
    case 'views':
    case 'view_days': {
      const count = condition.field === 'views' ? viewer.views : viewer.viewDays;
      return condition.op === 'gte' ? count >= condition.value : count <= condition.value;
    }
    case 'watched':
      return viewer.watched.has(condition.value);
    case 'completed':
      return viewer.completed.has(condition.value);
    case 'chose':
      return viewer.chose.has(condition.value);
  }
}

/** Whether a viewer is in the segment `rules` describe, at the instant `now`. */
export function viewerInSegment(rules: SegmentRules, viewer: ViewerFacts, now: Date): boolean {
  const test = (condition: SegmentCondition) => holds(condition, viewer, now);
  return rules.match === 'all' ? rules.conditions.every(test) : rules.conditions.some(test);
}

/**
 * The segments every platform has, made by the server and never edited: new and returning
 * viewers, one per platform, one per studio language. The studio shows them by `key`.
 */
export interface PresetSegment {
  key: string;
  name: string;
  rules: SegmentRules;
}

const PLATFORM_NAMES: Record<AppPlatform, string> = { ios: 'iOS', android: 'Android', web: 'Web' };
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'German',
  id: 'Indonesian',
  es: 'Spanish',
  zh: 'Chinese',
  ar: 'Arabic',
};

export const PRESET_SEGMENTS: readonly PresetSegment[] = [
  {
    key: 'new',
    name: 'New viewers',
    rules: { match: 'all', conditions: [{ field: 'first_seen_days', op: 'lt', value: 7 }] },
  },
  {
    key: 'returning',
    name: 'Returning viewers',
    rules: { match: 'all', conditions: [{ field: 'view_days', op: 'gte', value: 2 }] },
  },
  ...APP_PLATFORMS.map((platform) => ({
    key: `platform-${platform}`,
    name: `${PLATFORM_NAMES[platform]} viewers`,
    rules: {
      match: 'all' as const,
      conditions: [{ field: 'platform' as const, op: 'eq' as const, value: platform }],
    },
  })),
  ...LANGUAGES.map((language) => ({
    key: `language-${language}`,
    name: `${LANGUAGE_NAMES[language]} speakers`,
    rules: {
      match: 'all' as const,
      conditions: [{ field: 'language' as const, op: 'eq' as const, value: language }],
    },
  })),
];

export const PROMOTED_STATUSES = ['scheduled', 'live', 'ended'] as const;
export type PromotedStatus = (typeof PROMOTED_STATUSES)[number];

/**
 * Where `now` is in a promoted content's window: shown from `startsAt` (included) until `endsAt`
 * (excluded); an open end never ends, an open start has always begun.
 */
export function promotedStatus(
  window: { startsAt: Date | null; endsAt: Date | null },
  now: Date,
): PromotedStatus {
  if (window.startsAt && now.getTime() < window.startsAt.getTime()) return 'scheduled';
  if (window.endsAt && now.getTime() >= window.endsAt.getTime()) return 'ended';
  return 'live';
}
