// Prints how many (node, values) states core's story check (checkStory) explores per second on a
// large generated story, whose states outnumber any bound: the check stops at the bound asked, so
// the states explored are that bound. Median of 3 runs per bound, after a warm-up; the load
// average beside it. STORY_CHECK_STATES_MAX is set from it: what the check does in 2 s here.
// Run: npm run bench:story-check
import { performance } from 'node:perf_hooks';
import { checkStory, STORY_CHECK_STATES_MAX } from '@plotline/core';
import { ITEMS, layeredStory } from '../packages/core/src/test/plot.ts';
import { machineLine } from './support.ts';

const RUNS = 3;
const BOUNDS = [50_000, 100_000, 200_000, 400_000];
/** What a publish may spend on the check, as the issue asked. */
const BUDGET_MS = 2_000;

// Ten choices of six options: about 60 million states, far past every bound measured.
const { nodes, variables } = layeredStory(10, 6);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function timeCheck(maxStates: number): number {
  const started = performance.now();
  const problems = checkStory(nodes, ITEMS, variables, { maxStates });
  const elapsed = performance.now() - started;
  if (!problems.some((problem) => problem.kind === 'incomplete')) {
    throw new Error(`The story has fewer than ${maxStates} states: it measures nothing`);
  }
  return elapsed;
}

console.log(`story check: ${nodes.length} plots, ${variables.length} number variables`);
console.log(machineLine());
timeCheck(BOUNDS[0]!);
let fitting = 0;
for (const bound of BOUNDS) {
  const ms = median(Array.from({ length: RUNS }, () => timeCheck(bound)));
  const perSecond = Math.round((bound / ms) * 1000);
  if (ms <= BUDGET_MS) fitting = bound;
  console.log(
    `${bound.toLocaleString('en')} states: ${ms.toFixed(0)} ms, ${perSecond.toLocaleString('en')} states/s` +
      ` (${Math.round((perSecond * BUDGET_MS) / 1000).toLocaleString('en')} in ${BUDGET_MS / 1000} s)`,
  );
}
console.log(
  `largest bound measured within ${BUDGET_MS / 1000} s: ${fitting.toLocaleString('en')};` +
    ` STORY_CHECK_STATES_MAX is ${STORY_CHECK_STATES_MAX.toLocaleString('en')}`,
);
console.log(machineLine());
