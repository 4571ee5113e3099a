/**
 * Story logic (docs/PLOT.md, "Story logic"): a project's variables, the conditions that show or
 * hide an option, the effects a node has on the variables, automatic branches, timed choices and
 * "continue at" links. This module holds the shapes and the rules of one step of a viewing, zod-free:
 * the player walks a story with them, the editor's "play every path" too, and `story-check.ts`
 * explores every path with the same functions, so what the check says is what a viewer sees.
 */

/** A variable holds a whole number or yes/no (a flag). */
export const VARIABLE_KINDS = ['number', 'flag'] as const;
export type VariableKind = (typeof VARIABLE_KINDS)[number];

/** A variable's name: lower case letters, digits and `_`, starting with a letter (`met_alex`). */
export const VARIABLE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
export const STORY_VARIABLES_MAX = 50;
/** Numbers stay within ± this bound: values written and compared, and every sum (it saturates). */
export const VARIABLE_NUMBER_LIMIT = 1_000_000;
export const CONDITION_CLAUSES_MAX = 10;
export const NODE_EFFECTS_MAX = 10;

/** A timed choice's decision time, in whole seconds. */
export const DECISION_SECONDS_MIN = 3;
export const DECISION_SECONDS_MAX = 120;
/** How much time one press of the player's "more time" adds (WCAG 2.2.1 asks at least 20 s). */
export const DECISION_EXTEND_SECONDS = 20;

export type VariableValue = number | boolean;
export type VariableValues = Readonly<Record<string, VariableValue>>;

/** A project's variable: its name, kind and the value every viewing starts with. */
export interface StoryVariable {
  name: string;
  kind: VariableKind;
  /** A whole number for `number`, true or false for `flag`. */
  start: VariableValue;
}

/** Comparisons of a clause; a flag is only compared for equality ("is yes", "is no"). */
export const COMPARISONS = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;
export type Comparison = (typeof COMPARISONS)[number];
export const FLAG_COMPARISONS: readonly Comparison[] = ['eq'];

export interface ConditionClause {
  variable: string;
  op: Comparison;
  value: VariableValue;
}

export const CONDITION_JOINS = ['and', 'or'] as const;
export type ConditionJoin = (typeof CONDITION_JOINS)[number];

/** Clauses joined by one `and` or one `or`: what pickers can build and anyone can read. */
export interface Condition {
  join: ConditionJoin;
  clauses: ConditionClause[];
}

/** `set` writes the value; `add` adds a number (a flag is only set). */
export const EFFECT_OPS = ['set', 'add'] as const;
export type EffectOp = (typeof EFFECT_OPS)[number];

export interface VariableEffect {
  variable: string;
  op: EffectOp;
  value: VariableValue;
}

/**
 * How a node's options are taken: `choice` asks the viewer (with a timer when `decision_seconds`
 * is set); `auto` goes to the first option whose condition holds, else to the fallback.
 */
export const BRANCH_MODES = ['choice', 'auto'] as const;
export type BranchMode = (typeof BRANCH_MODES)[number];

/** A plot node's story logic (core `PlotNode` carries these fields). */
export interface NodeLogic {
  /** As an option: shown (or taken by an automatic branch) only when it holds; null = always. */
  condition: Condition | null;
  /** Applied, in order, when the story reaches the node. */
  effects: VariableEffect[];
  branch: BranchMode;
  /** A `choice` node's timer in seconds; null = wait for the viewer (as without logic). */
  decision_seconds: number | null;
  /** One of the node's options: the timer's default, or an automatic branch's fallback. */
  default_option_id: number | null;
  /** Instead of options: the story continues at this node ("Continue at"). */
  goto_id: number | null;
}

/** A node without story logic: what every node was before it existed. */
export const NO_NODE_LOGIC: Readonly<NodeLogic> = Object.freeze({
  condition: null,
  effects: [],
  branch: 'choice',
  decision_seconds: null,
  default_option_id: null,
  goto_id: null,
});

/** Every variable at its start value. */
export function startValues(variables: readonly StoryVariable[]): Record<string, VariableValue> {
  return Object.fromEntries(variables.map((variable) => [variable.name, variable.start]));
}

const clampNumber = (value: number) =>
  Math.max(-VARIABLE_NUMBER_LIMIT, Math.min(VARIABLE_NUMBER_LIMIT, value));

function clauseHolds(clause: ConditionClause, values: VariableValues): boolean {
  const current = values[clause.variable];
  if (current === undefined) return false;
  if (typeof current === 'boolean' || typeof clause.value === 'boolean') {
    return clause.op === 'eq'
      ? current === clause.value
      : clause.op === 'ne' && current !== clause.value;
  }
  switch (clause.op) {
    case 'eq':
      return current === clause.value;
    case 'ne':
      return current !== clause.value;
    case 'lt':
      return current < clause.value;
    case 'le':
      return current <= clause.value;
    case 'gt':
      return current > clause.value;
    case 'ge':
      return current >= clause.value;
  }
}

/** Whether a condition holds for these values; no condition always holds, an unknown variable never. */
export function conditionHolds(condition: Condition | null, values: VariableValues): boolean {
  if (!condition || condition.clauses.length === 0) return true;
  return condition.join === 'and'
    ? condition.clauses.every((clause) => clauseHolds(clause, values))
    : condition.clauses.some((clause) => clauseHolds(clause, values));
}

/** The values after a node's effects, in order; a new object, numbers kept within the bound. */
export function applyEffects(
  effects: readonly VariableEffect[],
  values: VariableValues,
): Record<string, VariableValue> {
  const next: Record<string, VariableValue> = { ...values };
  for (const effect of effects) {
    const current = next[effect.variable];
    if (current === undefined) continue;
    if (effect.op === 'add') {
      if (typeof current === 'number' && typeof effect.value === 'number') {
        next[effect.variable] = clampNumber(current + effect.value);
      }
    } else if (typeof current === typeof effect.value) {
      next[effect.variable] =
        typeof effect.value === 'number' ? clampNumber(effect.value) : effect.value;
    }
  }
  return next;
}

/** An option as the step needs it: its node id and its condition. */
export interface StepOption {
  id: number;
  condition: Condition | null;
}

/** How a node was followed without asking: its only shown option, its link, or its automatic branch. */
export type FollowReason = 'only-option' | 'goto' | 'auto' | 'fallback';

/**
 * What happens when a node has played, for the values the viewer has at that point:
 * - `ending`: the node has no options (and no link): the story ends;
 * - `follow`: the story goes on at `next` without a question;
 * - `choose`: the viewer chooses among `options` (in order, at least two), with the timer and
 *   its default when the node has them;
 * - `stuck`: options exist but every one is hidden: a dead end the story check reports (a player
 *   treats it as an ending).
 */
export type StoryStep =
  | { kind: 'ending' }
  | { kind: 'follow'; next: number; reason: FollowReason }
  | {
      kind: 'choose';
      options: number[];
      decision_seconds: number | null;
      default_option_id: number | null;
    }
  | { kind: 'stuck' };

/**
 * The one rule of a step (PLOT.md): a link wins over options; an automatic branch takes the first
 * option other than its fallback whose condition holds, else the fallback; a choice shows the
 * options whose condition holds, follows the only one by itself, and asks when there are several.
 * A timer and its default count only when the default is shown.
 */
export function nextStep(
  node: Pick<NodeLogic, 'branch' | 'decision_seconds' | 'default_option_id' | 'goto_id'>,
  options: readonly StepOption[],
  values: VariableValues,
): StoryStep {
  if (node.goto_id !== null) return { kind: 'follow', next: node.goto_id, reason: 'goto' };
  if (options.length === 0) return { kind: 'ending' };
  if (node.branch === 'auto') {
    const taken = options.find(
      (option) => option.id !== node.default_option_id && conditionHolds(option.condition, values),
    );
    if (taken) return { kind: 'follow', next: taken.id, reason: 'auto' };
    const fallback = options.find((option) => option.id === node.default_option_id);
    return fallback && conditionHolds(fallback.condition, values)
      ? { kind: 'follow', next: fallback.id, reason: 'fallback' }
      : { kind: 'stuck' };
  }
  const shown = options.filter((option) => conditionHolds(option.condition, values));
  if (shown.length === 0) return { kind: 'stuck' };
  if (shown.length === 1) return { kind: 'follow', next: shown[0]!.id, reason: 'only-option' };
  const ids = shown.map((option) => option.id);
  const timed = node.decision_seconds !== null && ids.includes(node.default_option_id ?? NaN);
  return {
    kind: 'choose',
    options: ids,
    decision_seconds: timed ? node.decision_seconds : null,
    default_option_id: timed ? node.default_option_id : null,
  };
}

/**
 * Where a viewing is: the node playing, the variables' values on reaching it (its effects
 * applied), and the nodes played before it, oldest first. What resume keeps on the device and,
 * behind an opaque token, on the server; what a preview starts from.
 */
export interface StoryState {
  node_id: number;
  values: Record<string, VariableValue>;
  history: number[];
}
/** The longest history a state keeps: older nodes are dropped first. */
export const STORY_HISTORY_MAX = 500;

/** Words of `formatCondition` and `formatEffect`, for the reader's language. */
export interface LogicWords {
  and: string;
  or: string;
  is: string;
  yes: string;
  no: string;
}
export const ENGLISH_LOGIC_WORDS: LogicWords = {
  and: 'and',
  or: 'or',
  is: 'is',
  yes: 'yes',
  no: 'no',
};

const COMPARISON_SIGNS: Record<Comparison, string> = {
  eq: '=',
  ne: '≠',
  lt: '<',
  le: '≤',
  gt: '>',
  ge: '≥',
};

function formatClause(clause: ConditionClause, words: LogicWords): string {
  if (typeof clause.value === 'boolean') {
    const value = clause.value === (clause.op === 'eq') ? words.yes : words.no;
    return `${clause.variable} ${words.is} ${value}`;
  }
  return `${clause.variable} ${COMPARISON_SIGNS[clause.op]} ${clause.value}`;
}

/** A condition as people read it: `score ≥ 3 and met_alex is yes`. */
export function formatCondition(condition: Condition, words: LogicWords = ENGLISH_LOGIC_WORDS) {
  return condition.clauses
    .map((clause) => formatClause(clause, words))
    .join(` ${words[condition.join]} `);
}

/** An effect as people read it: `score + 2`, `score = 0`, `met_alex = yes`. */
export function formatEffect(effect: VariableEffect, words: LogicWords = ENGLISH_LOGIC_WORDS) {
  if (typeof effect.value === 'boolean') {
    return `${effect.variable} = ${effect.value ? words.yes : words.no}`;
  }
  if (effect.op === 'add') {
    return `${effect.variable} ${effect.value < 0 ? '−' : '+'} ${Math.abs(effect.value)}`;
  }
  return `${effect.variable} = ${effect.value}`;
}
