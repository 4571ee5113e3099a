import { plotInTreeOrder } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { makePlotNode } from '../../../test/fixtures.ts';
import { builderRows, maskMmSs } from './storyline.ts';

const node = makePlotNode;

describe('builderRows', () => {
  it('lists the plot in reading order with each plot’s depth', () => {
    // Listed out of order: the rows follow the tree, siblings in list order.
    const plot = [node(4, 2), node(1, null), node(2, 1), node(3, 2), node(5, 4), node(6, 2)];
    expect(
      builderRows(plot).map(({ node: { movie_plot_id }, depth }) => [movie_plot_id, depth]),
    ).toEqual([
      [1, 0],
      [2, 1],
      [4, 2],
      [5, 3],
      [3, 2],
      [6, 2],
    ]);
    expect(builderRows(plot).map((row) => row.node)).toEqual(plotInTreeOrder(plot));
  });

  it('walks a deep storyline without recursion', () => {
    const chain = Array.from({ length: 20_000 }, (_, index) => node(index + 1, index || null));
    const rows = builderRows(chain);
    expect(rows).toHaveLength(20_000);
    expect(rows.at(-1)?.depth).toBe(19_999);
  });
});

describe('maskMmSs', () => {
  it('keeps four digits and puts the colon after two', () => {
    expect(maskMmSs('1')).toBe('1');
    expect(maskMmSs('012')).toBe('01:2');
    expect(maskMmSs('0a1:3 45')).toBe('01:34');
  });
});
