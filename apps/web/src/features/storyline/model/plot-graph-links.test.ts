import { describe, expect, it } from 'vitest';
import { makePlotNode as node } from '../../../test/fixtures.ts';
import { nodeNext, storyLinks } from './plot-graph-links.ts';

const scoreAtLeast = (value: number) => ({
  join: 'and' as const,
  clauses: [{ variable: 'score', op: 'ge' as const, value }],
});

describe('storyLinks', () => {
  it("draws an edge to each option with its condition, and marks a timer's default", () => {
    const plot = [
      node(1, null),
      node(2, 1, { decision_seconds: 10, default_option_id: 4 }),
      node(3, 2, { condition: scoreAtLeast(2) }),
      node(4, 2),
    ];
    expect(storyLinks(plot)).toEqual([
      { from: 1, to: 2, kind: 'option', mark: null, condition: null },
      { from: 2, to: 3, kind: 'option', mark: null, condition: scoreAtLeast(2) },
      { from: 2, to: 4, kind: 'option', mark: 'default', condition: null },
    ]);
  });

  it("marks an automatic branch's fallback, and no default without a timer", () => {
    const auto = [node(1, null, { branch: 'auto', default_option_id: 3 }), node(2, 1), node(3, 1)];
    expect(storyLinks(auto).map((link) => link.mark)).toEqual([null, 'fallback']);
    const untimed = [node(1, null, { default_option_id: 3 }), node(2, 1), node(3, 1)];
    expect(storyLinks(untimed).map((link) => link.mark)).toEqual([null, null]);
  });

  it('draws a link from a plot that continues at another, unless that plot is gone', () => {
    const plot = [node(1, null), node(2, 1, { goto_id: 1 }), node(3, 1, { goto_id: 9 })];
    expect(storyLinks(plot).filter((link) => link.kind === 'goto')).toEqual([
      { from: 2, to: 1, kind: 'goto', mark: null, condition: null },
    ]);
  });
});

describe('nodeNext', () => {
  it('marks a link, an automatic branch and a timer; a plain choice or single option not', () => {
    expect(nodeNext(node(1, null, { goto_id: 4 }), 0)).toEqual({ kind: 'goto' });
    expect(nodeNext(node(1, null, { branch: 'auto' }), 2)).toEqual({ kind: 'auto' });
    expect(nodeNext(node(1, null, { decision_seconds: 8 }), 3)).toEqual({
      kind: 'timer',
      seconds: 8,
    });
    expect(nodeNext(node(1, null, { decision_seconds: 8 }), 1)).toBeNull();
    expect(nodeNext(node(1, null), 3)).toBeNull();
  });
});
