import fc from 'fast-check';
import type { PlotItem, PlotNode } from '../plot.ts';
import {
  COMPARISONS,
  type Condition,
  type StoryVariable,
  type VariableEffect,
} from '../story-logic.ts';
import { bridge, clip, node } from './plot.ts';

/**
 * Random small stories for property tests (core's story check, the player's engine): a tree of up
 * to `maxNodes` plots alternating clip and bridge, up to three variables (numbers and yes/no), and
 * on the plots random conditions, effects, automatic branches, timers with their default and
 * "continue at" links to a plot of the other type. Values stay small, so paths meet and loop.
 * Most stories are well formed (defaults without a condition, links of the right type, names
 * declared); some still loop without a choice or hide every option, as people's stories do.
 */

export interface RandomStory {
  nodes: PlotNode[];
  items: PlotItem[];
  variables: StoryVariable[];
}

/** The items the random stories play: two clips and two bridges. */
export const RANDOM_STORY_ITEMS: PlotItem[] = [clip(1), clip(2), bridge(11), bridge(12)];

const variableSpec = fc.record({
  flag: fc.boolean(),
  number: fc.integer({ min: -1, max: 3 }),
  yes: fc.boolean(),
});
const clauseSpec = fc.record({
  variable: fc.nat(),
  op: fc.constantFrom(...COMPARISONS),
  number: fc.integer({ min: -1, max: 4 }),
  yes: fc.boolean(),
});
const effectSpec = fc.record({
  variable: fc.nat(),
  add: fc.boolean(),
  number: fc.integer({ min: -2, max: 3 }),
  yes: fc.boolean(),
});
const nodeSpec = fc.record({
  parent: fc.nat(),
  item: fc.nat(1),
  condition: fc.option(
    fc.record({
      join: fc.constantFrom('and' as const, 'or' as const),
      clauses: fc.array(clauseSpec, { minLength: 1, maxLength: 2 }),
    }),
    { freq: 2 },
  ),
  effects: fc.array(effectSpec, { maxLength: 2 }),
  /** 0: a choice; 1: a timed choice; 2: an automatic branch. */
  branch: fc.constantFrom(0, 0, 1, 2),
  fallback: fc.option(fc.nat(), { freq: 5 }),
  goto: fc.option(fc.nat(), { freq: 2 }),
});

type VariableSpec = typeof variableSpec extends fc.Arbitrary<infer T> ? T : never;
type NodeSpec = typeof nodeSpec extends fc.Arbitrary<infer T> ? T : never;

function buildStory(variableSpecs: VariableSpec[], nodeSpecs: NodeSpec[]): RandomStory {
  const variables: StoryVariable[] = variableSpecs.map((spec, index) => ({
    name: `v${index}`,
    kind: spec.flag ? 'flag' : 'number',
    start: spec.flag ? spec.yes : spec.number,
  }));
  const variableAt = (index: number) => variables[index % variables.length]!;
  const depths: number[] = [];
  const nodes: PlotNode[] = nodeSpecs.map((spec, index) => {
    const parentIndex = index === 0 ? null : spec.parent % index;
    const depth = parentIndex === null ? 0 : depths[parentIndex]! + 1;
    depths.push(depth);
    const items = depth % 2 === 0 ? [1, 2] : [11, 12];
    const condition: Condition | null =
      index === 0 || variables.length === 0 || spec.condition === null
        ? null
        : {
            join: spec.condition.join,
            clauses: spec.condition.clauses.map((clause) => {
              const variable = variableAt(clause.variable);
              return variable.kind === 'flag'
                ? { variable: variable.name, op: 'eq' as const, value: clause.yes }
                : { variable: variable.name, op: clause.op, value: clause.number };
            }),
          };
    const effects: VariableEffect[] =
      variables.length === 0
        ? []
        : spec.effects.map((effect) => {
            const variable = variableAt(effect.variable);
            if (variable.kind === 'flag') {
              return { variable: variable.name, op: 'set', value: effect.yes };
            }
            return {
              variable: variable.name,
              op: effect.add ? 'add' : 'set',
              value: effect.number,
            };
          });
    return node(index + 1, parentIndex === null ? null : parentIndex + 1, items[spec.item]!, {
      condition,
      effects,
    });
  });
  nodeSpecs.forEach((spec, index) => {
    const current = nodes[index]!;
    const options = nodes.filter((candidate) => candidate.parent_id === current.movie_plot_id);
    if (options.length === 0) {
      // A plot without options may continue at any plot of the other type.
      const targets = nodes.filter((_, at) => depths[at]! % 2 !== depths[index]! % 2);
      if (spec.goto !== null && targets.length > 0) {
        current.goto_id = targets[spec.goto % targets.length]!.movie_plot_id;
      }
      return;
    }
    if (spec.branch === 2) current.branch = 'auto';
    if (spec.branch === 1) current.decision_seconds = 10;
    if (spec.branch !== 0 && spec.fallback !== null) {
      const fallback = options[spec.fallback % options.length]!;
      fallback.condition = null;
      current.default_option_id = fallback.movie_plot_id;
    }
  });
  return { nodes, items: RANDOM_STORY_ITEMS, variables };
}

/** A random story of 1 to `maxNodes` plots (ids 1…n, the root 1) and 0 to `maxVariables` variables. */
export function randomStory({
  maxNodes = 8,
  maxVariables = 3,
}: { maxNodes?: number; maxVariables?: number } = {}): fc.Arbitrary<RandomStory> {
  return fc
    .tuple(
      fc.array(variableSpec, { maxLength: maxVariables }),
      fc.array(nodeSpec, { minLength: 1, maxLength: maxNodes }),
    )
    .map(([variableSpecs, nodeSpecs]) => buildStory(variableSpecs, nodeSpecs));
}
