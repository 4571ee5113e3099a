import { MESSAGES } from './messages.ts';
import type { PlotItem, PlotNode } from './plot.ts';
import { childrenOf, nodesById, plotInTreeOrder } from './plot-tree.ts';
import { validatePlot, type PlotProblem, type PlotProblemKind } from './plot-validation.ts';
import {
  applyEffects,
  conditionHolds,
  nextStep,
  startValues,
  type StepOption,
  type StoryStep,
  type StoryVariable,
  type VariableValue,
  type VariableValues,
} from './story-logic.ts';

/**
 * The rules of story logic over a whole storyline (docs/PLOT.md, "Story logic"). Two levels:
 * - `logicProblems` (`logic-problems.ts`): what makes a storyline malformed (an
 *   unknown variable, a value of the wrong kind, a link to nowhere, a loop no viewer can leave).
 *   `validatePlot` includes them, so a save is refused with the first (400) and the editor shows
 *   them.
 * - `checkStory`: the story check of step 3, which plays every path (`story-logic.ts`'s own step
 *   rule) to find nodes no path reaches, conditions that never hold and dead ends. A draft may be
 *   saved with these; publishing is refused while one remains.
 */

/** What the story check reports beyond `validatePlot`'s problems. */
export type StoryProblemKind =
  PlotProblemKind | 'unreachable' | 'never-holds' | 'dead-end' | 'timer' | 'auto' | 'incomplete';

/**
 * An `error` blocks publishing; a `warning` (only `incomplete`) blocks it until the creator confirms
 * having played the story's paths (`storyCheckRefusal`).
 */
export type StoryProblemSeverity = 'error' | 'warning';

export interface StoryProblem extends Omit<PlotProblem, 'kind'> {
  kind: StoryProblemKind;
  severity: StoryProblemSeverity;
}

/**
 * The most (node, values) states the check explores. Numbers make the states of a story with
 * loops unbounded (a loop that adds 1 has a state per value); past this bound the check says it
 * is incomplete rather than guess which nodes are unreachable. What the check explores in about
 * 2 s on the reference machine (2 cores, shared): `npm run bench:story-check` measured 130,000 to
 * 150,000 states a second.
 */
export const STORY_CHECK_STATES_MAX = 250_000;

/** Problems of the tree's shape: with one of them there is no story to play. */
const SHAPE_KINDS: ReadonlySet<StoryProblemKind> = new Set([
  'empty',
  'duplicate-id',
  'no-root',
  'several-roots',
  'unknown-parent',
  'cycle',
]);

/** Each node's options as the step rule takes them, in sibling order. */
function stepOptionsOf(nodes: readonly PlotNode[]): Map<number, StepOption[]> {
  const options = new Map<number, StepOption[]>();
  for (const [parentId, children] of childrenOf(nodes)) {
    if (parentId === null) continue;
    options.set(
      parentId,
      children.map((child) => ({ id: child.movie_plot_id, condition: child.condition })),
    );
  }
  return options;
}

/**
 * Values as far as the story can tell them apart, so that a loop that only adds (or only takes
 * away) ends in a few states instead of a million: a variable no condition reads does not count,
 * and a number that only grows is held at one past the largest number its conditions compare it
 * with (every condition reads any larger value alike, and it stays larger), as one that only
 * shrinks is held at one below the smallest. `set` writes exact values, so it changes nothing here.
 */
function valueSummary(
  nodes: readonly PlotNode[],
  variables: readonly StoryVariable[],
): { kept: string[]; summarize: (values: Record<string, VariableValue>) => VariableValues } {
  const compared = new Map<string, number[]>();
  const added = new Map<string, number[]>();
  for (const node of nodes) {
    for (const clause of node.condition?.clauses ?? []) {
      const numbers = compared.get(clause.variable) ?? [];
      if (typeof clause.value === 'number') numbers.push(clause.value);
      compared.set(clause.variable, numbers);
    }
    for (const effect of node.effects) {
      if (effect.op === 'add' && typeof effect.value === 'number') {
        added.set(effect.variable, [...(added.get(effect.variable) ?? []), effect.value]);
      }
    }
  }
  const kept = variables.map((variable) => variable.name).filter((name) => compared.has(name));
  const bounds: { name: string; low: number; high: number }[] = [];
  for (const variable of variables) {
    const numbers = compared.get(variable.name);
    if (variable.kind !== 'number' || !numbers || numbers.length === 0) continue;
    const adds = added.get(variable.name) ?? [];
    bounds.push({
      name: variable.name,
      low: adds.every((value) => value <= 0) ? Math.min(...numbers) - 1 : -Infinity,
      high: adds.every((value) => value >= 0) ? Math.max(...numbers) + 1 : Infinity,
    });
  }
  return {
    kept,
    summarize: (values) => {
      for (const { name, low, high } of bounds) {
        const value = values[name];
        if (typeof value === 'number') values[name] = Math.max(low, Math.min(high, value));
      }
      return values;
    },
  };
}

/** What playing every path found. */
interface Exploration {
  /** Nodes some path enters. */
  reached: Set<number>;
  /** Options whose condition held on some visit of their parent (when it looked at its options). */
  held: Set<number>;
  /** Nodes whose options were looked at on some path (reached, without a link). */
  asked: Set<number>;
  /** Nodes where some path is stuck. */
  stuck: Set<number>;
  /** Nodes on a loop some path goes round forever without a choice (one per loop). */
  looping: Set<number>;
  /** False when the bound stopped the exploration. */
  complete: boolean;
}

/**
 * Plays every path: a breadth-first walk over (node, values) states from the root with its
 * effects, each state's successors by `nextStep` (every option of a choice), each successor's
 * effects applied on entering it.
 */
function explore(
  nodes: readonly PlotNode[],
  variables: readonly StoryVariable[],
  maxStates: number,
  readingOrder: Map<number, number>,
): Exploration {
  const nodeOf = nodesById(nodes);
  const optionsOf = stepOptionsOf(nodes);
  const found: Exploration = {
    reached: new Set(),
    held: new Set(),
    asked: new Set(),
    stuck: new Set(),
    looping: new Set(),
    complete: true,
  };
  const summary = valueSummary(nodes, variables);
  const keyOf = (id: number, values: VariableValues) =>
    `${id}|${summary.kept.map((name) => String(values[name])).join(',')}`;
  const states: { id: number; values: VariableValues }[] = [];
  const indexOf = new Map<string, number>();
  /** The state a step without a question leads to, by state index (-1: none). */
  const followed: number[] = [];
  const enter = (id: number, values: VariableValues): number => {
    const node = nodeOf.get(id);
    if (!node) return -1;
    const after = summary.summarize(applyEffects(node.effects, values));
    const key = keyOf(id, after);
    const known = indexOf.get(key);
    if (known !== undefined) return known;
    if (states.length >= maxStates) {
      found.complete = false;
      return -1;
    }
    indexOf.set(key, states.length);
    states.push({ id, values: after });
    followed.push(-1);
    found.reached.add(id);
    return states.length - 1;
  };
  const root = nodes.find((node) => node.parent_id === null);
  if (root) enter(root.movie_plot_id, startValues(variables));
  for (let index = 0; index < states.length; index += 1) {
    const { id, values } = states[index]!;
    const node = nodeOf.get(id)!;
    const options = optionsOf.get(id) ?? [];
    if (node.goto_id === null) {
      found.asked.add(id);
      for (const option of options) {
        if (!found.held.has(option.id) && conditionHolds(option.condition, values)) {
          found.held.add(option.id);
        }
      }
    }
    const step = nextStep(node, options, values);
    if (step.kind === 'stuck') found.stuck.add(id);
    else if (step.kind === 'follow') followed[index] = enter(step.next, values);
    else if (step.kind === 'choose') for (const option of step.options) enter(option, values);
  }
  // A loop of steps without a question among states: the same node and values come back, so the
  // viewer goes round forever (a loop `logicProblems` cannot see: it needs these values).
  const run = new Array<number>(states.length).fill(0);
  for (let start = 0; start < states.length; start += 1) {
    const trail: number[] = [];
    let current = start;
    while (current !== -1 && run[current] === 0) {
      run[current] = start + 1;
      trail.push(current);
      current = followed[current]!;
    }
    if (current === -1 || run[current] !== start + 1) continue;
    const loop = trail.slice(trail.indexOf(current)).map((state) => states[state]!.id);
    const first = loop.reduce((a, b) => (readingOrder.get(a)! <= readingOrder.get(b)! ? a : b));
    found.looping.add(first);
  }
  return found;
}

/**
 * The story check (step 3's panel; publishing is refused while an error remains): every
 * `validatePlot` problem, then what playing every path finds, node by node in reading order —
 * nodes no path reaches (the first of a branch, or a link's target), conditions that never hold
 * where their option is offered, dead ends (`stuck`), loops a viewer goes round forever without
 * a choice, timers and automatic branches without enough options or their default. When the
 * story has more than `maxStates` states, what needs every path (unreachable, never holds) is left
 * out and one `incomplete` warning says so.
 */
export function checkStory(
  nodes: readonly PlotNode[],
  items: readonly PlotItem[],
  variables: readonly StoryVariable[],
  { maxStates = STORY_CHECK_STATES_MAX }: { maxStates?: number } = {},
): StoryProblem[] {
  const problems: StoryProblem[] = validatePlot(nodes, items, variables).map((problem) => ({
    ...problem,
    severity: 'error',
  }));
  if (problems.some((problem) => SHAPE_KINDS.has(problem.kind))) return problems;
  const ordered = plotInTreeOrder(nodes);
  const readingOrder = new Map(ordered.map((node, index) => [node.movie_plot_id, index]));
  const found = explore(nodes, variables, maxStates, readingOrder);
  const children = childrenOf(nodes);
  const linked = new Set(nodes.flatMap((node) => (node.goto_id === null ? [] : [node.goto_id])));
  // logicProblems already names a loop made of links and single options alone.
  const loopsKnown = problems.some((problem) => problem.kind === 'auto-loop');
  for (const node of ordered) {
    const id = node.movie_plot_id;
    const error = (kind: StoryProblemKind, message: string) =>
      problems.push({ kind, message, movie_plot_id: id, severity: 'error' });
    const neverHolds =
      found.complete &&
      node.condition !== null &&
      node.parent_id !== null &&
      found.asked.has(node.parent_id) &&
      !found.held.has(id);
    if (neverHolds) error('never-holds', MESSAGES.conditionNeverHolds);
    else if (
      found.complete &&
      !found.reached.has(id) &&
      ((node.parent_id !== null && found.reached.has(node.parent_id)) || linked.has(id))
    ) {
      error('unreachable', MESSAGES.storyUnreachable);
    }
    if (found.stuck.has(id)) error('dead-end', MESSAGES.storyDeadEnd);
    if (found.looping.has(id) && !loopsKnown) error('auto-loop', MESSAGES.autoLoop);
    const options = children.get(id) ?? [];
    const fewOptions = options.length < 2 || node.default_option_id === null;
    if (node.branch === 'choice' && node.decision_seconds !== null && fewOptions) {
      error('timer', MESSAGES.timerWithoutOptions);
    }
    if (node.branch === 'auto' && fewOptions) error('auto', MESSAGES.autoWithoutFallback);
  }
  if (!found.complete) {
    problems.push({
      kind: 'incomplete',
      message: MESSAGES.storyCheckIncomplete,
      severity: 'warning',
    });
  }
  return problems;
}

/** Whether the check found an error, which nothing but a fix in the storyline lifts. */
export function storyCheckBlocks(problems: readonly StoryProblem[]): boolean {
  return problems.some((problem) => problem.severity === 'error');
}

/** Whether the check stopped at its bound: what it did not visit, the creator has to play. */
export function storyCheckIncomplete(problems: readonly StoryProblem[]): boolean {
  return problems.some((problem) => problem.kind === 'incomplete');
}

/**
 * Why publishing is refused after the story check, or null: an error (`storyCheckFailed`), or a
 * check that could not visit every state while the creator has not confirmed playing the story's
 * paths for the storyline as it is (`pathsConfirmed`: their confirmation names its version).
 */
export function storyCheckRefusal(
  problems: readonly StoryProblem[],
  pathsConfirmed: boolean,
): string | null {
  if (storyCheckBlocks(problems)) return MESSAGES.storyCheckFailed;
  if (storyCheckIncomplete(problems) && !pathsConfirmed) return MESSAGES.storyPathsUnconfirmed;
  return null;
}

/** A step where the viewer chooses. */
export type ChoiceStep = Extract<StoryStep, { kind: 'choose' }>;

/** A walk's path (node ids, the root first), its values at the end, and how it ended. */
export interface StoryWalk {
  path: number[];
  values: Record<string, VariableValue>;
  end: 'ending' | 'stuck' | 'max-steps';
}

/**
 * The reference walk: the path a viewer takes, given `pick` for each choice. `pick` gets the
 * step, the id of the node asking, and where the viewing is (its values, the nodes played
 * before); it answers one of the step's options, or 'timer' for the timer's default. The walk
 * starts at the root with its effects, enters each next node applying its effects, and ends at
 * an ending, when stuck (or a link to no node), or after `maxSteps` moves.
 */
export function walkStory(
  nodes: readonly PlotNode[],
  variables: readonly StoryVariable[],
  pick: (
    step: ChoiceStep,
    at: number,
    where: { values: VariableValues; history: readonly number[] },
  ) => number | 'timer',
  maxSteps = 1000,
): StoryWalk {
  const nodeOf = nodesById(nodes);
  const optionsOf = stepOptionsOf(nodes);
  let node = nodes.find((candidate) => candidate.parent_id === null);
  let values = startValues(variables);
  const path: number[] = [];
  if (!node) return { path, values, end: 'stuck' };
  for (let moves = 0; ; moves += 1) {
    values = applyEffects(node.effects, values);
    path.push(node.movie_plot_id);
    const step = nextStep(node, optionsOf.get(node.movie_plot_id) ?? [], values);
    if (step.kind === 'ending' || step.kind === 'stuck') return { path, values, end: step.kind };
    if (moves >= maxSteps) return { path, values, end: 'max-steps' };
    let next: number;
    if (step.kind === 'follow') next = step.next;
    else {
      const picked = pick(step, node.movie_plot_id, { values, history: path.slice(0, -1) });
      next = picked === 'timer' ? (step.default_option_id ?? NaN) : picked;
      if (!step.options.includes(next)) {
        throw new Error(`walkStory: ${String(picked)} is not an option of ${node.movie_plot_id}`);
      }
    }
    const following = nodeOf.get(next);
    if (!following) return { path, values, end: 'stuck' };
    node = following;
  }
}
