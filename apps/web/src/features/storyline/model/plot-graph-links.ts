import type { Condition, PlotNode } from '@plotline/core';

/**
 * What the story graph draws besides its nodes (docs/PLOT.md, "Story logic"): the edges to each
 * node's options, with their conditions and the option a timer or an automatic branch takes, the
 * "continue at" links, and how each node goes on when it does not simply wait for the viewer.
 */

export interface StoryLink {
  from: number;
  to: number;
  /** `option`: to one of `from`'s options; `goto`: a "continue at" link. */
  kind: 'option' | 'goto';
  /** The option a timer takes (`default`) or an automatic branch falls back to (`fallback`). */
  mark: 'default' | 'fallback' | null;
  /** The option's condition; null when it is always shown (and for a link). */
  condition: Condition | null;
}

/** The graph's edges, node by node in plot order: to its options, then its link. */
export function storyLinks(plot: readonly PlotNode[]): StoryLink[] {
  const nodeOf = new Map(plot.map((node) => [node.movie_plot_id, node]));
  return plot.flatMap((node): StoryLink[] => {
    const links: StoryLink[] = [];
    const parent = node.parent_id === null ? undefined : nodeOf.get(node.parent_id);
    if (parent) {
      // A default without a timer takes nothing: only a timed choice or an automatic branch marks it.
      const taken =
        parent.default_option_id === node.movie_plot_id &&
        (parent.branch === 'auto' || parent.decision_seconds !== null);
      links.push({
        from: parent.movie_plot_id,
        to: node.movie_plot_id,
        kind: 'option',
        mark: taken ? (parent.branch === 'auto' ? 'fallback' : 'default') : null,
        condition: node.condition,
      });
    }
    if (node.goto_id !== null && nodeOf.has(node.goto_id)) {
      links.push({
        from: node.movie_plot_id,
        to: node.goto_id,
        kind: 'goto',
        mark: null,
        condition: null,
      });
    }
    return links;
  });
}

/** A timed choice, an automatic branch, a "continue at" link, or nothing to show. */
export type NodeNext =
  { kind: 'timer'; seconds: number } | { kind: 'auto' } | { kind: 'goto' } | null;

/** How the story goes on from a node with `options` options, as the graph marks it. */
export function nodeNext(node: PlotNode, options: number): NodeNext {
  if (node.goto_id !== null) return { kind: 'goto' };
  if (options < 2) return null;
  if (node.branch === 'auto') return { kind: 'auto' };
  return node.decision_seconds === null ? null : { kind: 'timer', seconds: node.decision_seconds };
}
