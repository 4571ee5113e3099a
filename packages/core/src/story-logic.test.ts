import { describe, expect, it } from 'vitest';
import {
  applyEffects,
  conditionHolds,
  formatCondition,
  formatEffect,
  NO_NODE_LOGIC,
  nextStep,
  startValues,
  VARIABLE_NUMBER_LIMIT,
  type LogicWords,
  type StepOption,
} from './story-logic.ts';
import { add, flagVariable, numberVariable, setTo, when } from './test/plot.ts';

const values = { score: 3, met_alex: true };

describe('startValues', () => {
  it('gives every variable its start value', () => {
    expect(startValues([numberVariable('score', 2), flagVariable('met_alex', true)])).toEqual({
      score: 2,
      met_alex: true,
    });
    expect(startValues([])).toEqual({});
  });
});

describe('conditionHolds', () => {
  it('holds without a condition or clauses', () => {
    expect(conditionHolds(null, values)).toBe(true);
    expect(conditionHolds({ join: 'and', clauses: [] }, values)).toBe(true);
  });

  it.each([
    ['eq', 3, true],
    ['eq', 2, false],
    ['ne', 2, true],
    ['ne', 3, false],
    ['lt', 4, true],
    ['lt', 3, false],
    ['le', 3, true],
    ['le', 2, false],
    ['gt', 2, true],
    ['gt', 3, false],
    ['ge', 3, true],
    ['ge', 4, false],
  ] as const)('compares numbers: score %s %d is %s', (op, value, holds) => {
    expect(conditionHolds(when('score', op, value), values)).toBe(holds);
  });

  it('compares flags for equality only', () => {
    expect(conditionHolds(when('met_alex', 'eq', true), values)).toBe(true);
    expect(conditionHolds(when('met_alex', 'eq', false), values)).toBe(false);
    expect(conditionHolds(when('met_alex', 'ne', false), values)).toBe(true);
    expect(conditionHolds(when('met_alex', 'gt', false), values)).toBe(false);
    // A number compared with yes/no (malformed, refused on save) never holds but for `ne`.
    expect(conditionHolds(when('score', 'eq', true), values)).toBe(false);
  });

  it('never holds on an unknown variable', () => {
    expect(conditionHolds(when('nobody', 'ne', 1), values)).toBe(false);
  });

  it('joins clauses with and / or', () => {
    const other = { variable: 'met_alex', op: 'eq' as const, value: false };
    expect(conditionHolds(when('score', 'ge', 3, 'and', other), values)).toBe(false);
    expect(conditionHolds(when('score', 'ge', 3, 'or', other), values)).toBe(true);
    expect(conditionHolds(when('score', 'gt', 3, 'or', other), values)).toBe(false);
  });
});

describe('applyEffects', () => {
  it('applies effects in order into a new object', () => {
    const before = { score: 1, met_alex: false };
    const after = applyEffects(
      [add('score', 2), setTo('met_alex', true), add('score', -5)],
      before,
    );
    expect(after).toEqual({ score: -2, met_alex: true });
    expect(before).toEqual({ score: 1, met_alex: false });
    expect(applyEffects([setTo('score', 7), add('score', 1)], before)).toEqual({
      score: 8,
      met_alex: false,
    });
  });

  it('keeps numbers within the bound, set and added alike', () => {
    const high = applyEffects([add('score', VARIABLE_NUMBER_LIMIT)], { score: 10 });
    expect(high).toEqual({ score: VARIABLE_NUMBER_LIMIT });
    expect(applyEffects([setTo('score', -2 * VARIABLE_NUMBER_LIMIT)], { score: 0 })).toEqual({
      score: -VARIABLE_NUMBER_LIMIT,
    });
  });

  it('skips unknown variables and values of the wrong kind', () => {
    const before = { score: 1, met_alex: false };
    expect(
      applyEffects(
        [setTo('nobody', 1), setTo('score', true), setTo('met_alex', 3), add('met_alex', 1)],
        before,
      ),
    ).toEqual(before);
  });
});

describe('nextStep', () => {
  const option = (id: number, condition: StepOption['condition'] = null): StepOption => ({
    id,
    condition,
  });
  const logic = (overrides: Partial<typeof NO_NODE_LOGIC> = {}) => ({
    ...NO_NODE_LOGIC,
    ...overrides,
  });
  const low = when('score', 'lt', 2);
  const high = when('score', 'ge', 2);

  it('ends without options, follows one, asks between several, as before logic', () => {
    expect(nextStep(logic(), [], values)).toEqual({ kind: 'ending' });
    expect(nextStep(logic(), [option(5)], values)).toEqual({
      kind: 'follow',
      next: 5,
      reason: 'only-option',
    });
    expect(nextStep(logic(), [option(5), option(6)], values)).toEqual({
      kind: 'choose',
      options: [5, 6],
      decision_seconds: null,
      default_option_id: null,
    });
  });

  it('follows a link before anything else', () => {
    expect(nextStep(logic({ goto_id: 9 }), [], values)).toEqual({
      kind: 'follow',
      next: 9,
      reason: 'goto',
    });
    expect(nextStep(logic({ goto_id: 9, branch: 'auto' }), [option(5)], values)).toMatchObject({
      next: 9,
      reason: 'goto',
    });
  });

  it('shows only the options whose condition holds', () => {
    const options = [option(5, low), option(6, high), option(7)];
    expect(nextStep(logic(), options, values)).toMatchObject({ kind: 'choose', options: [6, 7] });
    expect(nextStep(logic(), options.slice(0, 2), values)).toEqual({
      kind: 'follow',
      next: 6,
      reason: 'only-option',
    });
    expect(nextStep(logic(), [option(5, low)], values)).toEqual({ kind: 'stuck' });
  });

  it('times a choice only while its default is shown', () => {
    const timed = logic({ decision_seconds: 10, default_option_id: 7 });
    expect(nextStep(timed, [option(5), option(7)], values)).toEqual({
      kind: 'choose',
      options: [5, 7],
      decision_seconds: 10,
      default_option_id: 7,
    });
    expect(nextStep(timed, [option(5), option(6), option(7, low)], values)).toEqual({
      kind: 'choose',
      options: [5, 6],
      decision_seconds: null,
      default_option_id: null,
    });
    expect(nextStep(logic({ decision_seconds: 10 }), [option(5), option(7)], values)).toMatchObject(
      { decision_seconds: null, default_option_id: null },
    );
  });

  it('takes the first holding option of an automatic branch, else its fallback', () => {
    const auto = logic({ branch: 'auto', default_option_id: 5 });
    // The fallback is skipped while looking, wherever it stands.
    expect(nextStep(auto, [option(5), option(6, low), option(7, high)], values)).toEqual({
      kind: 'follow',
      next: 7,
      reason: 'auto',
    });
    expect(nextStep(auto, [option(5), option(6, low)], values)).toEqual({
      kind: 'follow',
      next: 5,
      reason: 'fallback',
    });
    expect(nextStep(logic({ branch: 'auto' }), [option(6, low)], values)).toEqual({
      kind: 'stuck',
    });
    expect(nextStep(logic({ branch: 'auto' }), [option(6), option(7)], values)).toMatchObject({
      next: 6,
      reason: 'auto',
    });
  });
});

describe('formatCondition and formatEffect', () => {
  const french: LogicWords = { and: 'et', or: 'ou', is: 'est', yes: 'oui', no: 'non' };

  it('read as people write them', () => {
    const condition = when('score', 'ge', 3, 'and', {
      variable: 'met_alex',
      op: 'eq',
      value: true,
    });
    expect(formatCondition(condition)).toBe('score ≥ 3 and met_alex is yes');
    expect(formatCondition({ ...condition, join: 'or' }, french)).toBe(
      'score ≥ 3 ou met_alex est oui',
    );
    expect(formatCondition(when('met_alex', 'ne', true))).toBe('met_alex is no');
    expect(formatCondition(when('met_alex', 'eq', false))).toBe('met_alex is no');
    expect(
      ['eq', 'ne', 'lt', 'le', 'gt', 'ge'].map((op) => formatCondition(when('s', op as 'eq', -1))),
    ).toEqual(['s = -1', 's ≠ -1', 's < -1', 's ≤ -1', 's > -1', 's ≥ -1']);
  });

  it('write effects as sums and settings', () => {
    expect(formatEffect(add('score', 2))).toBe('score + 2');
    expect(formatEffect(add('score', -2))).toBe('score − 2');
    expect(formatEffect(setTo('score', 0))).toBe('score = 0');
    expect(formatEffect(setTo('met_alex', true))).toBe('met_alex = yes');
    expect(formatEffect(setTo('met_alex', false), french)).toBe('met_alex = non');
  });
});
