import { CONTENT_TYPE } from '../media.ts';
import type { PlotItem, PlotNode } from '../plot.ts';
import type { PlotEdit } from '../plot-edits.ts';
import {
  NO_NODE_LOGIC,
  type Comparison,
  type Condition,
  type ConditionClause,
  type ConditionJoin,
  type StoryVariable,
  type VariableEffect,
  type VariableValue,
} from '../story-logic.ts';

/**
 * Factories of the plot rules' tests: items of one project, nodes, the smallest story with a choice,
 * variables, conditions and effects.
 */

export const clip = (id: number, duration: number | null = 60): PlotItem => ({
  movie_content_id: id,
  type: CONTENT_TYPE.clip,
  duration,
});
export const bridge = (id: number, duration: number | null = 10): PlotItem => ({
  movie_content_id: id,
  type: CONTENT_TYPE.bridge,
  duration,
});

/** Clips 1–3 and bridges 11–12 of one project; 3 is not transcoded yet. */
export const ITEMS: PlotItem[] = [clip(1), clip(2, 30), clip(3, null), bridge(11), bridge(12, 5)];

export function node(
  id: number,
  parentId: number | null,
  contentId: number | null,
  overrides: Partial<PlotNode> = {},
): PlotNode {
  return {
    movie_plot_id: id,
    movie_content_id: contentId,
    parent_id: parentId,
    locked: '0',
    duration: 0,
    banner: [],
    ...NO_NODE_LOGIC,
    ...overrides,
  };
}

/** A clip, a bridge, then two choices of clip: the smallest story with a choice. */
export const story = (): PlotNode[] => [
  node(1, null, 1),
  node(2, 1, 11),
  node(3, 2, 1),
  node(4, 2, 2),
];

export function plotOf(edit: PlotEdit): PlotNode[] {
  if (!edit.ok) throw new Error(edit.message);
  return edit.plot;
}

/** A number variable and a yes/no one, as a project declares them. */
export const numberVariable = (name: string, start = 0): StoryVariable => ({
  name,
  kind: 'number',
  start,
});
export const flagVariable = (name: string, start = false): StoryVariable => ({
  name,
  kind: 'flag',
  start,
});

/** A condition of one clause, or of several joined by `join`. */
export const when = (
  variable: string,
  op: Comparison,
  value: VariableValue,
  join: ConditionJoin = 'and',
  ...more: ConditionClause[]
): Condition => ({ join, clauses: [{ variable, op, value }, ...more] });

export const setTo = (variable: string, value: VariableValue): VariableEffect => ({
  variable,
  op: 'set',
  value,
});
export const add = (variable: string, value: number): VariableEffect => ({
  variable,
  op: 'add',
  value,
});

/**
 * A story whose states multiply: `levels` choices in a row of `options` clips each, every clip
 * setting the level's own number and offered unless the previous level's number equals its place,
 * so almost every combination of earlier picks is a state of its own (about `options ** levels`).
 * Every clip but the last of a level continues at the next level's choice.
 */
export function layeredStory(
  levels: number,
  options: number,
): { nodes: PlotNode[]; variables: StoryVariable[] } {
  const variables = Array.from({ length: levels }, (_, i) => numberVariable(`v${i}`));
  const nodes: PlotNode[] = [node(1, null, 1)];
  const step = options + 5;
  for (let level = 0; level < levels; level += 1) {
    const bridgeId = 100 + level * step;
    const from = level === 0 ? 1 : bridgeId - step + options;
    nodes.push(node(bridgeId, from, 11));
    for (let k = 1; k <= options; k += 1) {
      const next = k === options || level === levels - 1 ? null : bridgeId + step;
      nodes.push(
        node(bridgeId + k, bridgeId, 1, {
          effects: [setTo(`v${level}`, k)],
          condition: when(`v${(level + levels - 1) % levels}`, 'ne', k),
          goto_id: next,
        }),
      );
    }
  }
  return { nodes, variables };
}
