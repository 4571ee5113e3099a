import { addChild, addSibling, MESSAGES, startPlot, type PlotNode } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { makePlotNode } from '../../../test/fixtures.ts';
import { addedPlotId, endBranch } from './plot-edits.ts';

const node = makePlotNode;

const ids = (plot: readonly PlotNode[]) => plot.map((entry) => entry.movie_plot_id);

// 1 → 2 → (3 → 5, 4), and 1 → 6 beside 2.
const story = [node(1, null), node(2, 1), node(3, 2), node(4, 2), node(5, 3), node(6, 1)];

describe('endBranch', () => {
  it('removes every plot after the one that ends, and only those', () => {
    const result = endBranch(story, 2);
    expect(result.ok && ids(result.plot)).toEqual([1, 2, 6]);
  });

  it('changes nothing at a plot that already ends', () => {
    const result = endBranch(story, 5);
    expect(result.ok && result.plot).toEqual(story);
  });

  it('leaves the plot it was given as it was', () => {
    const before = structuredClone(story);
    endBranch(story, 1);
    expect(story).toEqual(before);
  });

  it('refuses when a plot that would go is locked', () => {
    const locked = story.map((entry) =>
      entry.movie_plot_id === 5 ? node(5, 3, { locked: '1' }) : entry,
    );
    expect(endBranch(locked, 2)).toMatchObject({ ok: false, message: MESSAGES.plotLocked });
  });
});

describe('addedPlotId', () => {
  const applied = (edit: ReturnType<typeof startPlot>) => (edit.ok ? edit.plot : []);

  it('names the plot a core operation added', () => {
    const first = applied(startPlot([]));
    expect(addedPlotId([], first)).toBe(first[0]!.movie_plot_id);
    const withChild = applied(addChild(story, 3));
    expect(addedPlotId(story, withChild)).toBe(withChild.at(-1)!.movie_plot_id);
    const withSibling = applied(addSibling(story, 4));
    expect(
      withSibling.find((entry) => entry.movie_plot_id === addedPlotId(story, withSibling)),
    ).toMatchObject({ parent_id: 2, movie_content_id: null });
  });

  it('is null when the edit added no plot', () => {
    expect(addedPlotId(story, story.slice(0, 3))).toBeNull();
    expect(addedPlotId(story, story)).toBeNull();
  });
});
