import { describe, expect, it } from 'vitest';
import type { PlotNode } from './plot.ts';
import { setLock, setNodeLogic } from './plot-edits.ts';
import { childrenOf, keepsLockedSubtrees, whenNodeEnds } from './plot-tree.ts';
import { add, node, plotOf, story, when } from './test/plot.ts';

describe('keepsLockedSubtrees', () => {
  const withLogic = () =>
    plotOf(
      setNodeLogic(story(), 4, { condition: when('score', 'ge', 1), effects: [add('score', 1)] }),
    );
  const locked = () => plotOf(setLock(withLogic(), 2, true));

  it('accepts a locked node’s logic as it was, in new objects', () => {
    const logic = {
      condition: when('score', 'ge', 1),
      effects: [add('score', 1)],
      default_option_id: 4,
    };
    const stored = plotOf(setLock(plotOf(setNodeLogic(withLogic(), 2, logic)), 2, true));
    expect(keepsLockedSubtrees(stored, structuredClone(stored))).toBe(true);
  });

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
      'a condition set',
      (plot: PlotNode[]) =>
        plot.map((n) => (n.movie_plot_id === 3 ? { ...n, condition: when('score', 'ge', 1) } : n)),
    ],
    [
      'a clause changed',
      (plot: PlotNode[]) =>
        plot.map((n) => (n.movie_plot_id === 4 ? { ...n, condition: when('score', 'ge', 2) } : n)),
    ],
    [
      'a join changed',
      (plot: PlotNode[]) =>
        plot.map((n) =>
          n.movie_plot_id === 4 ? { ...n, condition: when('score', 'ge', 1, 'or') } : n,
        ),
    ],
    [
      'a condition removed',
      (plot: PlotNode[]) =>
        plot.map((n) => (n.movie_plot_id === 4 ? { ...n, condition: null } : n)),
    ],
    [
      'an effect changed',
      (plot: PlotNode[]) =>
        plot.map((n) => (n.movie_plot_id === 4 ? { ...n, effects: [add('score', 2)] } : n)),
    ],
    [
      'the branch mode changed',
      (plot: PlotNode[]) =>
        plot.map((n) => (n.movie_plot_id === 2 ? { ...n, branch: 'auto' as const } : n)),
    ],
    [
      'a timer set',
      (plot: PlotNode[]) =>
        plot.map((n) => (n.movie_plot_id === 2 ? { ...n, decision_seconds: 10 } : n)),
    ],
    [
      'a default changed',
      (plot: PlotNode[]) =>
        plot.map((n) => (n.movie_plot_id === 2 ? { ...n, default_option_id: 3 } : n)),
    ],
    [
      'a link set',
      (plot: PlotNode[]) => plot.map((n) => (n.movie_plot_id === 3 ? { ...n, goto_id: 2 } : n)),
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
