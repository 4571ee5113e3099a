import type { MovieContentStatus, PlotNode, ProjectFigures } from '@plotline/core';
import { nodeCaption } from './choice-splits.ts';

export interface PlotFigure {
  /** The plot node. */
  id: number;
  caption: string;
  /** How many viewings reached it. */
  reached: number;
  /** How many viewings ended there without an ending (the drop-off). */
  left: number;
  /** `left` as a percent of `reached`, 0 when nobody reached it. */
  leftPercent: number;
}

/**
 * Per plot, in the reading order the figures come in, how many viewings reached it and how many
 * left there, named by the caption a viewer sees in the project's primary language.
 */
export function plotFigures(
  nodes: ProjectFigures['nodes'],
  plot: readonly PlotNode[],
  items: readonly MovieContentStatus[],
  languageId: number | null,
): PlotFigure[] {
  const nodeOf = new Map(plot.map((node) => [node.movie_plot_id, node]));
  const itemOf = new Map(items.map((item) => [item.movie_content_id, item]));
  return nodes.map((node) => ({
    id: node.node_id,
    caption: nodeCaption(nodeOf.get(node.node_id), itemOf, languageId),
    reached: node.reached,
    left: node.left,
    leftPercent: node.reached > 0 ? (node.left / node.reached) * 100 : 0,
  }));
}
