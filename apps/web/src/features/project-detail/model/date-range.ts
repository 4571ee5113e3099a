import { FIGURES_DEFAULT_DAYS, FIGURES_MAX_DAYS } from '@plotline/core';

/** Whole UTC days, YYYY-MM-DD, both ends included, as the figures call takes them. */
export interface DateRange {
  from: string;
  to: string;
}

export const RANGE_PRESETS = [7, 30, 90] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The last `days` days up to and including `today`. */
export function lastDays(days: number, today: Date = new Date()): DateRange {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return { from: isoDay(end - (days - 1) * DAY_MS), to: isoDay(end) };
}

export const defaultRange = (today?: Date) => lastDays(FIGURES_DEFAULT_DAYS, today);

/** The days a range spans, both ends counted. */
export function rangeDays({ from, to }: DateRange): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/** Why the range cannot be asked for, or null: a start after the end, or over a year. */
export function rangeProblem(range: DateRange): 'order' | 'length' | 'missing' | null {
  if (!range.from || !range.to) return 'missing';
  if (range.from > range.to) return 'order';
  if (rangeDays(range) > FIGURES_MAX_DAYS) return 'length';
  return null;
}

/** Which preset the range is, if any. */
export function presetOf(range: DateRange, today?: Date): number | null {
  return (
    RANGE_PRESETS.find((days) => {
      const preset = lastDays(days, today);
      return preset.from === range.from && preset.to === range.to;
    }) ?? null
  );
}
