import {
  childrenOf,
  DECISION_SECONDS_MAX,
  DECISION_SECONDS_MIN,
  expectedContentType,
  formatCondition,
  type BranchMode,
  type Comparison,
  type ConditionClause,
  type NodeLogic,
  type PlotNode,
  type StoryVariable,
  type VariableEffect,
} from '@plotline/core';

/**
 * What the story logic editor offers and how its pickers map onto core's node logic (docs/PLOT.md,
 * "Story logic"). The pickers only build what core's rules accept: a yes/no variable is compared
 * with "is yes"/"is no" and only set, a number with the six comparisons and set or add.
 */

/** A row a new clause starts with: "≥ 1" for a number, "is yes" for yes/no. */
export function newClause(variable: StoryVariable): ConditionClause {
  return variable.kind === 'flag'
    ? { variable: variable.name, op: 'eq', value: true }
    : { variable: variable.name, op: 'ge', value: 1 };
}

/** Another variable chosen in a row: the comparison and value stay when they fit its kind. */
export function clauseWithVariable(
  clause: ConditionClause,
  variable: StoryVariable,
): ConditionClause {
  const sameKind = (variable.kind === 'flag') === (typeof clause.value === 'boolean');
  return sameKind ? { ...clause, variable: variable.name } : newClause(variable);
}

/** A comparison's sign (≥) as core's `formatCondition` writes it, so picker and graph agree. */
export function comparisonSign(op: Comparison): string {
  return formatCondition({ join: 'and', clauses: [{ variable: 'x', op, value: 0 }] }).split(
    ' ',
  )[1]!;
}

/** A yes/no clause as its picker reads it: whether it asks for "yes". */
export const clauseWantsYes = (clause: ConditionClause) => clause.value === (clause.op === 'eq');

/** An effect a new row starts with: "add 1" to a number, "set to yes" for yes/no. */
export function newEffect(variable: StoryVariable): VariableEffect {
  return variable.kind === 'flag'
    ? { variable: variable.name, op: 'set', value: true }
    : { variable: variable.name, op: 'add', value: 1 };
}

export function effectWithVariable(
  effect: VariableEffect,
  variable: StoryVariable,
): VariableEffect {
  const sameKind = (variable.kind === 'flag') === (typeof effect.value === 'boolean');
  return sameKind ? { ...effect, variable: variable.name } : newEffect(variable);
}

/** The options a plot's timer may default to, or its automatic branch fall back to: no condition. */
export function defaultCandidates(plot: readonly PlotNode[], id: number): PlotNode[] {
  return (childrenOf(plot).get(id) ?? []).filter((option) => option.condition === null);
}

/**
 * Where a plot without options may continue (core's link rules): any plot of the other kind of
 * item, so that a clip is still followed by a bridge and a bridge by a clip.
 */
export function continueTargets(plot: readonly PlotNode[], id: number): PlotNode[] {
  const kind = expectedContentType(plot, id);
  return plot.filter(
    (node) => node.movie_plot_id !== id && expectedContentType(plot, node.movie_plot_id) !== kind,
  );
}

/** The decision time a timer starts with when it is switched on. */
export const DEFAULT_DECISION_SECONDS = 10;

/** A typed decision time, or null outside core's 3–120 whole seconds. */
export function parseDecisionSeconds(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const seconds = Number(text);
  return seconds >= DECISION_SECONDS_MIN && seconds <= DECISION_SECONDS_MAX ? seconds : null;
}

/** The first option that may be the default, keeping the current one when it still may. */
function defaultFor(plot: readonly PlotNode[], node: PlotNode): number | null {
  const candidates = defaultCandidates(plot, node.movie_plot_id);
  const current = candidates.find((option) => option.movie_plot_id === node.default_option_id);
  return (current ?? candidates[0])?.movie_plot_id ?? null;
}

/**
 * The logic of a plot switched to a branch mode: automatic needs its fallback, so one is chosen
 * at once; the viewer's choice starts without a timer, as a choice always was.
 */
export function branchPatch(
  plot: readonly PlotNode[],
  node: PlotNode,
  mode: BranchMode,
): Partial<NodeLogic> {
  return mode === 'auto'
    ? { branch: 'auto', decision_seconds: null, default_option_id: defaultFor(plot, node) }
    : { branch: 'choice', decision_seconds: null, default_option_id: null };
}

/** A timer switched on (with a default option at once, which it needs) or off. */
export function timerPatch(
  plot: readonly PlotNode[],
  node: PlotNode,
  on: boolean,
): Partial<NodeLogic> {
  return on
    ? { decision_seconds: DEFAULT_DECISION_SECONDS, default_option_id: defaultFor(plot, node) }
    : { decision_seconds: null, default_option_id: null };
}

/** Whether a plot's logic has anything to show: a condition, effects, a timer, a mode or a link. */
export function hasLogic(node: PlotNode): boolean {
  return (
    node.condition !== null ||
    node.effects.length > 0 ||
    node.branch !== 'choice' ||
    node.decision_seconds !== null ||
    node.goto_id !== null
  );
}
