import { describe, expect, it } from 'vitest';
import { makePlotNode } from '../../../test/fixtures.ts';
import {
  boundsOf,
  GRAPH_NODE_HEIGHT,
  GRAPH_NODE_WIDTH,
  layoutPlot,
  OPENING_MIN_ZOOM,
  openingLevels,
  openingViewport,
} from './plot-graph-layout.ts';

const node = makePlotNode;

/** A clip, its bridge, three options after the bridge, and a bridge after the middle one. */
const STORY = [node(1, null), node(2, 1), node(3, 2), node(4, 2), node(5, 2), node(6, 4)];

const placedById = (mirrored: boolean) =>
  new Map(layoutPlot(STORY, mirrored).map((placed) => [placed.node.movie_plot_id, placed]));

describe('layoutPlot', () => {
  it('reads from top to bottom, and marks the nodes without children as endings', () => {
    const placed = placedById(false);
    expect(placed.get(2)!.y - placed.get(1)!.y).toBeGreaterThanOrEqual(GRAPH_NODE_HEIGHT);
    expect(placed.get(3)!.y).toBe(placed.get(4)!.y);
    expect(
      [...placed.values()].filter((entry) => entry.ending).map((entry) => entry.node.movie_plot_id),
    ).toEqual([3, 5, 6]);
  });

  it('puts options side by side in plot order from the left, or from the right when mirrored', () => {
    const ltr = placedById(false);
    expect(ltr.get(3)!.x).toBeLessThan(ltr.get(4)!.x);
    expect(ltr.get(4)!.x).toBeLessThan(ltr.get(5)!.x);

    const rtl = placedById(true);
    expect(rtl.get(3)!.x).toBeGreaterThan(rtl.get(4)!.x);
    expect(rtl.get(4)!.x).toBeGreaterThan(rtl.get(5)!.x);
    // Mirrored about the first clip, which stays where it was.
    expect(rtl.get(1)!.x).toBeCloseTo(ltr.get(1)!.x);
  });
});

describe('openingLevels', () => {
  const ids = (most: number) =>
    openingLevels(layoutPlot(STORY), most).map((placed) => placed.node.movie_plot_id);

  it('keeps whole levels from the opening while they hold at most the number given', () => {
    // Levels: [1], [2], [3, 4, 5], [6].
    expect(ids(6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(5)).toEqual([1, 2, 3, 4, 5]);
    expect(ids(4)).toEqual([1, 2]);
    expect(ids(2)).toEqual([1, 2]);
  });

  it('keeps the opening even when nothing more fits', () => {
    expect(ids(0)).toEqual([1]);
    expect(openingLevels([], 10)).toEqual([]);
  });
});

describe('boundsOf', () => {
  it('covers every node whole, from the top-left corner of the first to the far corner of the last', () => {
    const placed = layoutPlot(STORY);
    const bounds = boundsOf(placed)!;
    for (const { x, y } of placed) {
      expect(x).toBeGreaterThanOrEqual(bounds.x);
      expect(y).toBeGreaterThanOrEqual(bounds.y);
      expect(x + GRAPH_NODE_WIDTH).toBeLessThanOrEqual(bounds.x + bounds.width);
      expect(y + GRAPH_NODE_HEIGHT).toBeLessThanOrEqual(bounds.y + bounds.height);
    }
    // Four levels deep, three options wide.
    expect(bounds.height).toBe(3 * (placed[1]!.y - placed[0]!.y) + GRAPH_NODE_HEIGHT);
    expect(bounds.width).toBe(
      Math.max(...placed.map((entry) => entry.x)) - bounds.x + GRAPH_NODE_WIDTH,
    );
    expect(boundsOf([])).toBeNull();
  });
});

describe('openingViewport', () => {
  /** Where a node's centre lands on the screen. */
  const onScreen = (
    view: { x: number; y: number; zoom: number },
    placed: { x: number; y: number },
  ) => ({
    x: view.x + (placed.x + GRAPH_NODE_WIDTH / 2) * view.zoom,
    y: view.y + (placed.y + GRAPH_NODE_HEIGHT / 2) * view.zoom,
  });

  it('fits a short story whole, centred, never closer than 100 %', () => {
    const placed = layoutPlot(STORY);
    const view = openingViewport(placed, 800, 420)!;
    expect(view.zoom).toBeGreaterThanOrEqual(OPENING_MIN_ZOOM);
    expect(view.zoom).toBeLessThanOrEqual(1);
    for (const entry of placed) {
      const { x, y } = onScreen(view, entry);
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(800);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(420);
    }
  });

  it('keeps the reserved strip clear: on a phone, no node under the zoom buttons', () => {
    const placed = layoutPlot(STORY);
    for (const reserved of [
      { left: 48, right: 0 },
      { left: 0, right: 48 },
    ]) {
      const view = openingViewport(placed, 390, 420, reserved)!;
      for (const entry of placed) {
        const left = view.x + entry.x * view.zoom;
        const right = left + GRAPH_NODE_WIDTH * view.zoom;
        expect(left).toBeGreaterThanOrEqual(reserved.left);
        expect(right).toBeLessThanOrEqual(390 - reserved.right);
      }
    }
  });

  it('opens a wide story at the least zoom with its opening at the top centre', () => {
    // An opening with 24 options: fitted, they would be specks.
    const wide = [node(1, null), ...Array.from({ length: 24 }, (_, index) => node(index + 2, 1))];
    const placed = layoutPlot(wide);
    const view = openingViewport(placed, 800, 420)!;
    expect(view.zoom).toBe(OPENING_MIN_ZOOM);
    const opening = onScreen(view, placed[0]!);
    expect(opening.x).toBeCloseTo(400);
    expect(opening.y).toBeLessThan(210);
    expect(opening.y).toBeGreaterThan(0);
  });

  it('has no view for an empty story', () => {
    expect(openingViewport([], 800, 420)).toBeNull();
  });
});
