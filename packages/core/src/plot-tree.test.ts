import { describe, expect, it } from 'vitest';
import type { PlotNode } from './plot.ts';
import { setLock } from './plot-edits.ts';
import { childrenOf, keepsLockedSubtrees, whenNodeEnds } from './plot-tree.ts';
import { node, plotOf, story } from './test/plot.ts';

describe('keepsLockedSubtrees', () => {
  const locked = () => plotOf(setLock(story(), 2, true));

  it('accepts changes outside every locked subtree', () => {
    const next = locked().map((n) =>
      n.movie_plot_id === 1 ? { ...n, banner: [{ type: 'vertical' as const, time_start: 1 }] } : n,
    );
    expect(keepsLockedSubtrees(locked(), next)).toBe(true);
    expect(keepsLockedSubtrees(story(), [])).toBe(true);
  });

  it.each([
    ['a node removed', (plot: PlotNode[]) => plot.filter((n) => n.movie_plot_id !== 4)],
    ['a node added', (plot: PlotNode[]) => [...plot, node(-1, 3, null)]],
    [
      'an item changed',
      (plot: PlotNode[]) =>
        plot.map((n) => (n.movie_plot_id === 3 ? { ...n, movie_content_id: 2 } : n)),
    ],
    ['a lock lifted', (plot: PlotNode[]) => plot.map((n) => ({ ...n, locked: '0' as const }))],
    [
      'a banner set',
      (plot: PlotNode[]) =>
        plot.map((n) =>
          n.movie_plot_id === 2
            ? { ...n, banner: [{ type: 'horizontal' as const, time_start: 1 }] }
            : n,
        ),
    ],
    [
      'a node moved',
      (plot: PlotNode[]) => plot.map((n) => (n.movie_plot_id === 4 ? { ...n, parent_id: 1 } : n)),
    ],
  ])('refuses %s', (_case, change) => {
    expect(keepsLockedSubtrees(locked(), change(locked()))).toBe(false);
  });
});

describe('childrenOf', () => {
  it('groups nodes under their parent, roots under null, in list order', () => {
    const children = childrenOf(story());
    expect(children.get(null)?.map((n) => n.movie_plot_id)).toEqual([1]);
    expect(children.get(2)?.map((n) => n.movie_plot_id)).toEqual([3, 4]);
    expect(children.get(3)).toBeUndefined();
  });

  it('takes any node that names its parent, as the player’s plot does', () => {
    const plot = [
      { id: 2, parent_id: 1 },
      { id: 1, parent_id: null },
      { id: 3, parent_id: 1 },
    ];
    expect(childrenOf(plot).get(1)).toEqual([plot[0], plot[2]]);
  });
});

describe('whenNodeEnds', () => {
  it('ends the story at a node without children', () => {
    expect(whenNodeEnds([])).toEqual({ kind: 'ending' });
  });

  it('follows a single child by itself', () => {
    expect(whenNodeEnds(['next'])).toEqual({ kind: 'follow', node: 'next' });
  });

  it('lets the viewer choose among several, in sibling order', () => {
    expect(whenNodeEnds(['left', 'right'])).toEqual({ kind: 'choose', options: ['left', 'right'] });
  });
});
