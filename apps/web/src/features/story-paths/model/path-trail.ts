import {
  applyEffects,
  childrenOf,
  conditionHolds,
  nextStep,
  NO_NODE_LOGIC,
  startValues,
  STORY_HISTORY_MAX,
  VARIABLE_NUMBER_LIMIT,
  type PlotNode,
  type StoryState,
  type StoryStep,
  type StoryVariable,
  type VariableValue,
  encodeStateParam,
  PREVIEW_STATE_PARAM,
} from '@plotline/core';

/**
 * "Play every path" walks a storyline with core's step rule only (`story-logic.ts`), so what it
 * shows is what a viewer sees: the path played is a trail of stops, each a plot reached and the
 * variables' values on reaching it (its effects applied), as a viewing's `StoryState` keeps them.
 */
export interface PathStop {
  node_id: number;
  values: Record<string, VariableValue>;
}

/** The stops played so far, oldest first; the last is where the creator is. */
export type PathTrail = readonly PathStop[];

/** A node's logic, or none: a storyline loaded before logic existed carries no such fields. */
function logicOf(node: PlotNode) {
  return { ...NO_NODE_LOGIC, ...node };
}

/** Where a viewing starts: the first clip, every variable at its start value, the clip's effects. */
export function startTrail(
  plot: readonly PlotNode[],
  variables: readonly StoryVariable[],
): PathStop[] {
  const root = plot.find((node) => node.parent_id === null);
  if (!root) return [];
  return [
    {
      node_id: root.movie_plot_id,
      values: applyEffects(logicOf(root).effects, startValues(variables)),
    },
  ];
}

/**
 * Goes on to `nodeId` with the values of where the trail is: the node's effects apply on reaching
 * it, as in the player. A jump is the same move: it arrives at the node as any path would.
 */
export function goTo(plot: readonly PlotNode[], trail: PathTrail, nodeId: number): PathStop[] {
  const node = plot.find((candidate) => candidate.movie_plot_id === nodeId);
  const here = trail.at(-1);
  if (!node || !here) return [...trail];
  return [...trail, { node_id: nodeId, values: applyEffects(logicOf(node).effects, here.values) }];
}

/**
 * Whether a trail still fits the storyline: every stop's plot is there and its values are those
 * of the declared variables, of their kinds. A trail kept while the storyline was edited may not.
 */
export function trailFits(
  plot: readonly PlotNode[],
  variables: readonly StoryVariable[],
  trail: PathTrail,
): boolean {
  const ids = new Set(plot.map((node) => node.movie_plot_id));
  return (
    trail.length > 0 &&
    trail.every(
      (stop) =>
        ids.has(stop.node_id) &&
        Object.keys(stop.values).length === variables.length &&
        variables.every((variable) => typeof stop.values[variable.name] === typeof variable.start),
    )
  );
}

/** Back to the stop at `index` of the trail, as it was when it was reached. */
export function backTo(trail: PathTrail, index: number): PathStop[] {
  return trail.slice(0, Math.max(1, index + 1));
}

/**
 * The creator sets a variable where the trail is: the value counts from this stop on. A number is
 * kept whole and within core's bound, as every value of a viewing is.
 */
export function setValue(trail: PathTrail, name: string, value: VariableValue): PathStop[] {
  const here = trail.at(-1);
  if (!here) return [...trail];
  const kept =
    typeof value === 'number'
      ? Math.max(-VARIABLE_NUMBER_LIMIT, Math.min(VARIABLE_NUMBER_LIMIT, Math.trunc(value)))
      : value;
  return [...trail.slice(0, -1), { ...here, values: { ...here.values, [name]: kept } }];
}

/** An option of the plot where the trail is, as the step rule sees it for the current values. */
export interface OptionView {
  node: PlotNode;
  /** Its condition holds: shown in a choice, may be taken by an automatic branch. */
  holds: boolean;
  /** The timer's default, or the automatic branch's fallback. */
  isDefault: boolean;
  /** Where the story goes without asking (the only shown option, the automatic branch's pick). */
  taken: boolean;
}

export interface StopView {
  node: PlotNode;
  options: OptionView[];
  step: StoryStep;
  /** The plot has a timer that does not run on this path: its default is hidden. */
  timerIdle: boolean;
}

/** What the plot where the trail is offers, for the values there (`nextStep`). */
export function stopView(plot: readonly PlotNode[], stop: PathStop): StopView | null {
  const node = plot.find((candidate) => candidate.movie_plot_id === stop.node_id);
  if (!node) return null;
  const logic = logicOf(node);
  const children = (childrenOf(plot).get(node.movie_plot_id) ?? []).map(logicOf);
  const step = nextStep(
    logic,
    children.map((child) => ({ id: child.movie_plot_id, condition: child.condition })),
    stop.values,
  );
  const taken = step.kind === 'follow' ? step.next : null;
  return {
    node: logic,
    options: children.map((child) => ({
      node: child,
      holds: conditionHolds(child.condition, stop.values),
      isDefault: child.movie_plot_id === logic.default_option_id,
      taken: child.movie_plot_id === taken,
    })),
    step,
    timerIdle:
      logic.branch === 'choice' &&
      logic.decision_seconds !== null &&
      step.kind === 'choose' &&
      step.decision_seconds === null,
  };
}

export interface PlotEntry {
  node: PlotNode;
  /** 0 for the first clip, one more for each plot before it. */
  depth: number;
}

/** Every plot in reading order (core `plotInTreeOrder`'s) with its depth, for the jump picker. */
export function plotEntries(plot: readonly PlotNode[]): PlotEntry[] {
  const children = childrenOf(plot);
  const entries: PlotEntry[] = [];
  const seen = new Set<number>();
  const stack: PlotEntry[] = (children.get(null) ?? []).map((node) => ({ node, depth: 0 }));
  stack.reverse();
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    if (seen.has(entry.node.movie_plot_id)) continue;
    seen.add(entry.node.movie_plot_id);
    entries.push(entry);
    const next = children.get(entry.node.movie_plot_id) ?? [];
    for (let index = next.length - 1; index >= 0; index -= 1) {
      stack.push({ node: next[index]!, depth: entry.depth + 1 });
    }
  }
  return entries;
}

/** Where the trail is as a viewing's state: what the preview player starts from. */
export function storyStateOf(trail: PathTrail): StoryState | null {
  const here = trail.at(-1);
  if (!here) return null;
  return {
    node_id: here.node_id,
    values: { ...here.values },
    history: trail
      .slice(0, -1)
      .map((stop) => stop.node_id)
      .slice(-STORY_HISTORY_MAX),
  };
}

/** A player address (the preview's) that starts at `state`. */
export function withStartState(url: string, state: StoryState): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}${PREVIEW_STATE_PARAM}=${encodeStateParam(state)}`;
}
