import type { PlotNode, StoryVariable } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { makePlotNode as node } from '../../../test/fixtures.ts';
import {
  branchPatch,
  clauseWantsYes,
  clauseWithVariable,
  comparisonSign,
  continueTargets,
  defaultCandidates,
  effectWithVariable,
  newClause,
  newEffect,
  parseDecisionSeconds,
  timerPatch,
} from './node-logic.ts';

const score: StoryVariable = { name: 'score', kind: 'number', start: 0 };
const trust: StoryVariable = { name: 'trust', kind: 'number', start: 0 };
const metAlex: StoryVariable = { name: 'met_alex', kind: 'flag', start: false };

const ids = (plot: readonly PlotNode[]) => plot.map((entry) => entry.movie_plot_id);

// Clip 1 → bridge 2 → clips 3 (only when score ≥ 1), 4, 5; clip 4 → bridge 6.
const story = [
  node(1, null),
  node(2, 1),
  node(3, 2, { condition: { join: 'and', clauses: [newClause(score)] } }),
  node(4, 2),
  node(5, 2),
  node(6, 4),
];

describe('clauses and effects', () => {
  it('start a number at "≥ 1" or "add 1" and a yes/no variable at "is yes" or "set to yes"', () => {
    expect(newClause(score)).toEqual({ variable: 'score', op: 'ge', value: 1 });
    expect(newClause(metAlex)).toEqual({ variable: 'met_alex', op: 'eq', value: true });
    expect(newEffect(score)).toEqual({ variable: 'score', op: 'add', value: 1 });
    expect(newEffect(metAlex)).toEqual({ variable: 'met_alex', op: 'set', value: true });
  });

  it('keep the comparison and value for another variable of the same kind, else start over', () => {
    const clause = { variable: 'score', op: 'lt' as const, value: 4 };
    expect(clauseWithVariable(clause, trust)).toEqual({ variable: 'trust', op: 'lt', value: 4 });
    expect(clauseWithVariable(clause, metAlex)).toEqual(newClause(metAlex));
    const effect = { variable: 'met_alex', op: 'set' as const, value: false };
    expect(effectWithVariable(effect, score)).toEqual(newEffect(score));
  });

  it('read a yes/no clause as "is yes" or "is no", whichever comparison wrote it', () => {
    expect(clauseWantsYes({ variable: 'met_alex', op: 'eq', value: true })).toBe(true);
    expect(clauseWantsYes({ variable: 'met_alex', op: 'ne', value: true })).toBe(false);
    expect(clauseWantsYes({ variable: 'met_alex', op: 'ne', value: false })).toBe(true);
  });

  it("show core's signs", () => {
    expect(comparisonSign('ge')).toBe('≥');
    expect(comparisonSign('ne')).toBe('≠');
  });
});

describe('continueTargets', () => {
  it('offers a bridge every clip but itself, and a clip every bridge', () => {
    expect(ids(continueTargets(story, 6))).toEqual([1, 3, 4, 5]);
    expect(ids(continueTargets(story, 5))).toEqual([2, 6]);
  });
});

describe('defaults', () => {
  it('may be any option without a condition', () => {
    expect(ids(defaultCandidates(story, 2))).toEqual([4, 5]);
  });

  it('are chosen at once when a timer or an automatic branch needs one, and kept when they fit', () => {
    const bridge = story[1]!;
    expect(timerPatch(story, bridge, true)).toEqual({ decision_seconds: 10, default_option_id: 4 });
    expect(timerPatch(story, { ...bridge, default_option_id: 5 }, true)).toEqual({
      decision_seconds: 10,
      default_option_id: 5,
    });
    expect(timerPatch(story, bridge, false)).toEqual({
      decision_seconds: null,
      default_option_id: null,
    });
    expect(branchPatch(story, { ...bridge, default_option_id: 3 }, 'auto')).toEqual({
      branch: 'auto',
      decision_seconds: null,
      default_option_id: 4,
    });
    expect(branchPatch(story, bridge, 'choice')).toEqual({
      branch: 'choice',
      decision_seconds: null,
      default_option_id: null,
    });
  });

  it('take a decision time of 3 to 120 whole seconds', () => {
    expect(parseDecisionSeconds('3')).toBe(3);
    expect(parseDecisionSeconds('120')).toBe(120);
    expect(parseDecisionSeconds('2')).toBeNull();
    expect(parseDecisionSeconds('121')).toBeNull();
    expect(parseDecisionSeconds('10.5')).toBeNull();
  });
});
