import { describe, expect, it } from 'vitest';
import {
  LINEAR_CUT_MESSAGES,
  LINEAR_CUT_PATH_MAX,
  linearCutPath,
  walkWithPicks,
} from './linear-cut.ts';
import { formatMessage } from './messages.ts';
import { add, node, numberVariable, story, when } from './test/plot.ts';

const SCORE = [numberVariable('score')];

/**
 * Opening 1 → choice of 2 or 3; 2 adds a point and links on to 4; 4 is an automatic branch to
 * 5 (score ≥ 1) or its fallback 6; 3 has one option, 7, an ending.
 */
const branching = () => [
  node(1, null, 1),
  node(2, 1, 11, { effects: [add('score', 1)], goto_id: 4 }),
  node(3, 1, 12),
  node(4, 3, 1, { branch: 'auto', default_option_id: 6 }),
  node(5, 4, 2, { condition: when('score', 'ge', 1) }),
  node(6, 4, 2),
  node(7, 3, 1),
];

describe('linearCutPath', () => {
  it('takes one pick per choice and follows single options by themselves', () => {
    expect(linearCutPath(story(), [], [4])).toEqual({ path: [1, 2, 4] });
    expect(linearCutPath(story(), [], [3])).toEqual({ path: [1, 2, 3] });
  });

  it('follows links and automatic branches with the values the path gave', () => {
    // 2 links to 4, whose branch sees the point 2 added: 5.
    expect(linearCutPath(branching(), SCORE, [2])).toEqual({ path: [1, 2, 4, 5] });
    // 3's two options make a choice: 4 here, whose branch falls back to 6 without the point.
    expect(linearCutPath(branching(), SCORE, [3, 4])).toEqual({ path: [1, 3, 4, 6] });
    expect(linearCutPath(branching(), SCORE, [3, 7])).toEqual({ path: [1, 3, 7] });
  });

  it('refuses a pick that is not offered, naming the node and its options', () => {
    expect(linearCutPath(story(), [], [1])).toEqual({
      refused: formatMessage(LINEAR_CUT_MESSAGES.notOffered, {
        option: 1,
        node: 2,
        options: '3, 4',
      }),
    });
  });

  it('asks for a choice where the picks run out', () => {
    expect(linearCutPath(branching(), SCORE, [3])).toEqual({
      refused: formatMessage(LINEAR_CUT_MESSAGES.chooseAt, { node: 3, options: '4, 7' }),
    });
  });

  it('refuses picks left over once the story ends', () => {
    expect(linearCutPath(story(), [], [4, 3])).toEqual({
      refused: formatMessage(LINEAR_CUT_MESSAGES.extraChoices, { node: 4, index: 2 }),
    });
  });

  it('refuses a storyline without nodes, and a path past the longest a cut plays', () => {
    expect(linearCutPath([], [], [])).toEqual({ refused: LINEAR_CUT_MESSAGES.noStoryline });
    // 2 links back to 1: each round asks the same choice again.
    const loop = [node(1, null, 1), node(2, 1, 11, { goto_id: 1 }), node(3, 1, 12)];
    const picks = Array.from({ length: LINEAR_CUT_PATH_MAX }, () => 2);
    expect(linearCutPath(loop, [], picks)).toEqual({
      refused: formatMessage(LINEAR_CUT_MESSAGES.tooLong, { max: LINEAR_CUT_PATH_MAX }),
    });
    // 99 rounds and the way out: 199 nodes, within the bound.
    const within = linearCutPath(loop, [], [...picks.slice(0, 99), 3]);
    expect(within).toEqual({ path: [...Array.from({ length: 99 }, () => [1, 2]).flat(), 1, 3] });
  });
});

describe('walkWithPicks', () => {
  it('answers the path so far and the options of the next choice, for the studio', () => {
    expect(walkWithPicks(branching(), SCORE, [])).toEqual({
      kind: 'choose',
      path: [1],
      at: 1,
      options: [2, 3],
    });
    expect(walkWithPicks(branching(), SCORE, [2])).toEqual({ kind: 'end', path: [1, 2, 4, 5] });
  });

  it('hides options whose condition does not hold, as the player does', () => {
    const nodes = [
      node(1, null, 1, { effects: [add('score', 1)] }),
      node(2, 1, 2),
      node(3, 1, 2, { condition: when('score', 'ge', 5) }),
      node(4, 1, 2),
    ];
    expect(walkWithPicks(nodes, SCORE, [])).toMatchObject({ kind: 'choose', options: [2, 4] });
    expect(walkWithPicks(nodes, SCORE, [3])).toMatchObject({ kind: 'refused', path: [1] });
  });
});
