import { MESSAGES, type StoryVariable } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { makePlotNode as node } from '../../../test/fixtures.ts';
import {
  addVariable,
  parseWholeNumber,
  removeVariable,
  renameStoryVariable,
  setVariableStart,
  variableNameProblem,
  type Story,
} from './story-variables.ts';

const score: StoryVariable = { name: 'score', kind: 'number', start: 0 };
const metAlex: StoryVariable = { name: 'met_alex', kind: 'flag', start: false };

// 1 → 2 → (3 if score ≥ 2, 4 sets met_alex); 3 adds 1 to score.
const story = (): Story => ({
  variables: [score, metAlex],
  plot: [
    node(1, null),
    node(2, 1),
    node(3, 2, {
      condition: { join: 'and', clauses: [{ variable: 'score', op: 'ge', value: 2 }] },
      effects: [{ variable: 'score', op: 'add', value: 1 }],
    }),
    node(4, 2, { effects: [{ variable: 'met_alex', op: 'set', value: true }] }),
  ],
});

describe('variableNameProblem', () => {
  it("answers core's rule for a malformed name and a duplicate, and nothing for a good one", () => {
    const variables = [score];
    expect(variableNameProblem('Score', variables)).toBe(MESSAGES.variableName);
    expect(variableNameProblem('1st', variables)).toBe(MESSAGES.variableName);
    expect(variableNameProblem('a'.repeat(33), variables)).toBe(MESSAGES.variableName);
    expect(variableNameProblem('score', variables)).toBe(MESSAGES.variableDuplicate);
    expect(variableNameProblem('score', variables, 'score')).toBeNull();
    expect(variableNameProblem('met_alex2', variables)).toBeNull();
  });
});

describe('parseWholeNumber', () => {
  it('takes whole numbers within a million either way and nothing else', () => {
    expect(parseWholeNumber('-12')).toBe(-12);
    expect(parseWholeNumber('1000000')).toBe(1_000_000);
    expect(parseWholeNumber('1000001')).toBeNull();
    expect(parseWholeNumber('1.5')).toBeNull();
    expect(parseWholeNumber('-')).toBeNull();
    expect(parseWholeNumber('')).toBeNull();
  });
});

describe('addVariable', () => {
  it('adds a variable at the end, refusing a taken name or a start of the other kind', () => {
    const added = addVariable(story(), { name: 'trust', kind: 'number', start: 3 });
    expect(added.ok && added.variables.map((variable) => variable.name)).toEqual([
      'score',
      'met_alex',
      'trust',
    ]);
    expect(addVariable(story(), { ...score, start: 4 })).toEqual({
      ok: false,
      message: MESSAGES.variableDuplicate,
    });
    expect(addVariable(story(), { name: 'seen', kind: 'flag', start: 1 })).toEqual({
      ok: false,
      message: MESSAGES.variableKindMismatch,
    });
  });
});

describe('renameStoryVariable', () => {
  it('renames the variable and every condition and effect that names it', () => {
    const renamed = renameStoryVariable(story(), 'score', 'points');
    if (!renamed.ok) throw new Error(renamed.message);
    expect(renamed.variables[0]).toEqual({ name: 'points', kind: 'number', start: 0 });
    expect(renamed.plot[2]!.condition!.clauses[0]!.variable).toBe('points');
    expect(renamed.plot[2]!.effects[0]!.variable).toBe('points');
    expect(renamed.plot[3]!.effects[0]!.variable).toBe('met_alex');
  });

  it('refuses a bad name, and a variable a locked plot uses', () => {
    expect(renameStoryVariable(story(), 'score', 'met_alex')).toEqual({
      ok: false,
      message: MESSAGES.variableDuplicate,
    });
    const locked = story();
    locked.plot[1] = { ...locked.plot[1]!, locked: '1' };
    expect(renameStoryVariable(locked, 'score', 'points')).toEqual({
      ok: false,
      message: MESSAGES.plotLocked,
    });
  });
});

describe('setVariableStart', () => {
  it("changes the start within the variable's kind", () => {
    const changed = setVariableStart(story(), 'score', 5);
    expect(changed.ok && changed.variables[0]!.start).toBe(5);
    expect(setVariableStart(story(), 'met_alex', 1)).toEqual({
      ok: false,
      message: MESSAGES.variableKindMismatch,
    });
  });
});

describe('removeVariable', () => {
  it('deletes an unused variable and answers the plots that still use one', () => {
    expect(removeVariable(story(), 'met_alex')).toEqual({ ok: false, uses: [4] });
    expect(removeVariable(story(), 'score')).toEqual({ ok: false, uses: [3] });
    const unused = { ...story(), variables: [score, metAlex, { ...score, name: 'spare' }] };
    const removed = removeVariable(unused, 'spare');
    expect(removed.ok && removed.variables).toEqual([score, metAlex]);
  });
});
