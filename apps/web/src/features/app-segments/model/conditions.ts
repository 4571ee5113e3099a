import {
  APP_PLATFORMS,
  LANGUAGES,
  SEGMENT_FIELD_OPERATORS,
  type SegmentField,
  type SegmentMatch,
} from '@plotline/core';

/** A condition as the rule builder edits it: `value` may be half typed until the form is checked. */
export interface ConditionDraft {
  field: SegmentField;
  op: string;
  value: unknown;
}

export interface SegmentFormValues {
  name: string;
  rules: { match: SegmentMatch; conditions: ConditionDraft[] };
}

/** What a field's value is, which decides its input: a project and an option are picked by name. */
export type ValueKind = 'platform' | 'language' | 'count' | 'project' | 'option';

export function valueKindOf(field: SegmentField): ValueKind {
  switch (field) {
    case 'platform':
    case 'language':
      return field;
    case 'first_seen_days':
    case 'views':
    case 'view_days':
      return 'count';
    case 'watched':
    case 'completed':
      return 'project';
    case 'chose':
      return 'option';
  }
}

/** The operators a field takes, as core's rule lists them. */
export function operatorsOf(field: SegmentField): readonly string[] {
  return SEGMENT_FIELD_OPERATORS[field];
}

/** The count each counting field starts from: the presets' own thresholds where one exists. */
const FIRST_COUNT: Record<string, number> = { first_seen_days: 7, views: 1, view_days: 2 };

/** A value of the right kind for `field` and `op`, keeping what fits of the previous one. */
export function valueFor(field: SegmentField, op: string, previous?: unknown): unknown {
  const kind = valueKindOf(field);
  if (kind === 'platform' || kind === 'language') {
    const options: readonly string[] = kind === 'platform' ? APP_PLATFORMS : LANGUAGES;
    const kept = (Array.isArray(previous) ? previous : [previous]).filter(
      (value): value is string => typeof value === 'string' && options.includes(value),
    );
    const first = kept[0] ?? options[0];
    return op === 'in' ? (kept.length > 0 ? kept : [first]) : first;
  }
  if (typeof previous === 'number') return previous;
  return kind === 'count' ? (FIRST_COUNT[field] ?? 1) : '';
}

/** A new condition on `field` (also what a condition becomes when its field changes). */
export function newCondition(field: SegmentField = 'platform'): ConditionDraft {
  const op = operatorsOf(field)[0] ?? 'eq';
  return { field, op, value: valueFor(field, op) };
}

/** The condition after its operator changed: `eq` ⇄ `in` keeps the chosen values. */
export function withOperator(condition: ConditionDraft, op: string): ConditionDraft {
  return { ...condition, op, value: valueFor(condition.field, op, condition.value) };
}
