import type { PlotNode } from '@plotline/core';
import { stratify, tree } from 'd3-hierarchy';

export const GRAPH_NODE_WIDTH = 176;
export const GRAPH_NODE_HEIGHT = 132;
const SIBLING_GAP = 32;
/** The space between a node and its options, where the options' conditions are written. */
export const GRAPH_RANK_GAP = 56;

export interface PlacedPlot {
  node: PlotNode;
  x: number;
  y: number;
  /** 0 for the opening, 1 for what follows it, and so on. */
  depth: number;
  /** No children: the story ends here. */
  ending: boolean;
}

/**
 * Places a plot for the graph view: a tidy tree (Reingold–Tilford, d3-hierarchy), the story reading
 * from top to bottom, options side by side in the order of the plot, from the left or, `mirrored`
 * (a right-to-left page), from the right. A plot is a tree, which this layout keeps in order and
 * places in linear time, unlike a general graph layout. Positions are the nodes' top-left corners,
 * as React Flow takes them, level by level from the opening.
 */
export function layoutPlot(plot: readonly PlotNode[], mirrored = false): PlacedPlot[] {
  if (plot.length === 0) return [];
  const root = stratify<PlotNode>()
    .id((node) => String(node.movie_plot_id))
    .parentId((node) => (node.parent_id === null ? null : String(node.parent_id)))([...plot]);
  tree<PlotNode>()
    .nodeSize([GRAPH_NODE_WIDTH + SIBLING_GAP, GRAPH_NODE_HEIGHT + GRAPH_RANK_GAP])
    .separation(() => 1)(root);
  const direction = mirrored ? -1 : 1;
  return root.descendants().map((placed) => ({
    node: placed.data,
    x: direction * (placed.x ?? 0) - GRAPH_NODE_WIDTH / 2,
    y: placed.y ?? 0,
    depth: placed.depth,
    ending: placed.children === undefined,
  }));
}

/**
 * The story's first levels, as many whole levels as hold at most `most` nodes, and the opening at
 * least: where the graph of a long story opens, its beginning readable, instead of the whole tree
 * fitted into a few hundred specks. A short story is all of it. `placed` is level by level, as
 * `layoutPlot` answers.
 */
export function openingLevels(placed: readonly PlacedPlot[], most: number): PlacedPlot[] {
  let end = 0;
  for (let depth = 0; end < placed.length; depth += 1) {
    let next = end;
    while (next < placed.length && placed[next]!.depth === depth) next += 1;
    if (depth > 0 && next > most) break;
    end = next;
  }
  return placed.slice(0, end);
}

/** The rectangle that `placed` nodes cover, in the graph's coordinates; null for none. */
export function boundsOf(
  placed: readonly PlacedPlot[],
): { x: number; y: number; width: number; height: number } | null {
  if (placed.length === 0) return null;
  const xs = placed.map((entry) => entry.x);
  const ys = placed.map((entry) => entry.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return {
    x,
    y,
    width: Math.max(...xs) + GRAPH_NODE_WIDTH - x,
    height: Math.max(...ys) + GRAPH_NODE_HEIGHT - y,
  };
}

/**
 * The graph opens on the story's first levels, up to this many nodes, at this zoom or closer: the
 * beginning of a long story readable, and only the nodes in view drawn, so it opens fast.
 */
export const OPENING_NODES = 30;
export const OPENING_MIN_ZOOM = 0.4;
/** Of the pane's size, left free around the opening levels. */
const OPENING_PADDING = 0.1;

/**
 * Where the graph opens in a pane of `width` × `height` pixels: its first levels (`openingLevels`)
 * fitted, or, when they would be smaller than OPENING_MIN_ZOOM, at that zoom with the opening node
 * at the top centre (the middle of wide levels is mostly the space between subtrees). `reserved`
 * pixels on either side stay clear (the zoom buttons' strip). Null for an empty story.
 */
export function openingViewport(
  placed: readonly PlacedPlot[],
  paneWidth: number,
  height: number,
  reserved: { left: number; right: number } = { left: 0, right: 0 },
): { x: number; y: number; zoom: number } | null {
  const bounds = boundsOf(openingLevels(placed, OPENING_NODES));
  const opening = placed[0];
  if (bounds === null || opening === undefined) return null;
  const width = paneWidth - reserved.left - reserved.right;
  const free = 1 - 2 * OPENING_PADDING;
  const fitted = Math.min(1, (width * free) / bounds.width, (height * free) / bounds.height);
  if (fitted >= OPENING_MIN_ZOOM) {
    return {
      x: reserved.left + width / 2 - (bounds.x + bounds.width / 2) * fitted,
      y: height / 2 - (bounds.y + bounds.height / 2) * fitted,
      zoom: fitted,
    };
  }
  return {
    x: reserved.left + width / 2 - (opening.x + GRAPH_NODE_WIDTH / 2) * OPENING_MIN_ZOOM,
    y: height * OPENING_PADDING - opening.y * OPENING_MIN_ZOOM,
    zoom: OPENING_MIN_ZOOM,
  };
}
