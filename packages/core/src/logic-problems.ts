import { formatMessage, MESSAGES } from './messages.ts';
import type { PlotNode } from './plot.ts';
import { childrenOf, expectedContentType, nodesById } from './plot-tree.ts';
import type { PlotProblem } from './plot-validation.ts';
import type { StoryVariable, VariableValue } from './story-logic.ts';

/**
 * What makes a storyline's story logic malformed (docs/PLOT.md, "Story logic"): `validatePlot`
 * includes these, so a save is refused with the first (400) and the editor shows them. What needs
 * the whole story played is the story check's (`story-check.ts`).
 */

function kindMismatch(
  variable: StoryVariable,
  value: VariableValue,
  numbersOnly: boolean,
): string | null {
  if (variable.kind === 'flag' && (typeof value !== 'boolean' || numbersOnly)) {
    return formatMessage(MESSAGES.variableIsFlag, { variable: variable.name });
  }
  if (variable.kind === 'number' && typeof value !== 'number') {
    return formatMessage(MESSAGES.variableIsNumber, { variable: variable.name });
  }
  return null;
}

/** The problems of one node's conditions and effects with the storyline's variables. */
function variableProblems(node: PlotNode, variableOf: Map<string, StoryVariable>): string[] {
  const uses = [
    ...(node.condition?.clauses ?? []).map((clause) => ({
      name: clause.variable,
      value: clause.value,
      numbersOnly: clause.op !== 'eq' && clause.op !== 'ne',
    })),
    ...node.effects.map((effect) => ({
      name: effect.variable,
      value: effect.value,
      numbersOnly: effect.op === 'add',
    })),
  ];
  const messages: string[] = [];
  for (const use of uses) {
    const variable = variableOf.get(use.name);
    const message = variable
      ? kindMismatch(variable, use.value, use.numbersOnly)
      : formatMessage(MESSAGES.variableUnknown, { variable: use.name });
    if (message && !messages.includes(message)) messages.push(message);
  }
  return messages;
}

/**
 * Where the story goes on from each node without the viewer choosing: a link, every option of an
 * automatic branch, the only option of a node.
 */
function unchosenEdges(
  nodes: readonly PlotNode[],
  children: Map<number | null, PlotNode[]>,
): Map<number, number[]> {
  const edges = new Map<number, number[]>();
  for (const node of nodes) {
    const options = children.get(node.movie_plot_id) ?? [];
    if (node.goto_id !== null) edges.set(node.movie_plot_id, [node.goto_id]);
    else if (node.branch === 'auto' || options.length === 1) {
      edges.set(
        node.movie_plot_id,
        options.map((option) => option.movie_plot_id),
      );
    }
  }
  return edges;
}

/** A node on a loop of `edges`, or null when there is none. */
function nodeOnLoop(edges: Map<number, number[]>): number | null {
  const state = new Map<number, 'open' | 'done'>();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    // Depth first without recursion: a long chain must not overflow the stack.
    const stack: { id: number; next: number }[] = [{ id: start, next: 0 }];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const targets = edges.get(top.id) ?? [];
      if (top.next >= targets.length) {
        state.set(top.id, 'done');
        stack.pop();
        continue;
      }
      const target = targets[top.next++]!;
      const seen = state.get(target);
      if (seen === 'open') return target;
      if (seen === undefined) {
        state.set(target, 'open');
        stack.push({ id: target, next: 0 });
      }
    }
  }
  return null;
}

/**
 * What makes a storyline's logic malformed, node by node: variables unknown or used against their
 * kind, a condition on the first clip, a default that is not a shown-always option, a link to no
 * node, from a node with options or to the wrong kind of item, and loops no viewer can leave.
 * Expects a sound tree (`validatePlot`'s shape checks passed).
 */
export function logicProblems(
  nodes: readonly PlotNode[],
  variables: readonly StoryVariable[],
): PlotProblem[] {
  const problems: PlotProblem[] = [];
  const variableOf = new Map(variables.map((variable) => [variable.name, variable]));
  const nodeOf = nodesById(nodes);
  const children = childrenOf(nodes);
  for (const node of nodes) {
    const at = { movie_plot_id: node.movie_plot_id };
    for (const message of variableProblems(node, variableOf)) {
      problems.push({ kind: 'variable', message, ...at });
    }
    if (node.parent_id === null && node.condition !== null) {
      problems.push({ kind: 'logic-on-root', message: MESSAGES.logicOnRoot, ...at });
    }
    const options = children.get(node.movie_plot_id) ?? [];
    if (node.default_option_id !== null) {
      const option = options.find((child) => child.movie_plot_id === node.default_option_id);
      if (!option) {
        problems.push({ kind: 'default', message: MESSAGES.defaultNotOption, ...at });
      } else if (option.condition !== null) {
        problems.push({ kind: 'default', message: MESSAGES.defaultHasCondition, ...at });
      }
    }
    if (node.goto_id !== null) {
      const target = nodeOf.get(node.goto_id);
      if (!target) problems.push({ kind: 'goto', message: MESSAGES.gotoUnknown, ...at });
      else if (
        expectedContentType(nodes, target.movie_plot_id) ===
        expectedContentType(nodes, node.movie_plot_id)
      ) {
        problems.push({ kind: 'goto', message: MESSAGES.gotoAlternation, ...at });
      }
      if (options.length > 0) {
        problems.push({ kind: 'goto', message: MESSAGES.gotoWithOptions, ...at });
      }
    }
  }
  if (problems.length > 0) return problems;
  const looping = nodeOnLoop(unchosenEdges(nodes, children));
  if (looping !== null) {
    problems.push({ kind: 'auto-loop', message: MESSAGES.autoLoop, movie_plot_id: looping });
  }
  return problems;
}
