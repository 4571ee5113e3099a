import dagre from '@dagrejs/dagre';
import type { PlotNode } from '@plotline/core';

export const GRAPH_NODE_WIDTH = 176;
export const GRAPH_NODE_HEIGHT = 132;

export interface PlacedPlot {
  node: PlotNode;
  x: number;
  y: number;
  /** No children: the story ends here. */
  ending: boolean;
}

/**
 * Places a plot for the graph view: dagre's layered layout, the story reading from top to bottom,
 * siblings side by side. Positions are the nodes' top-left corners, as React Flow takes them.
 */
export function layoutPlot(plot: readonly PlotNode[]): PlacedPlot[] {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 32, ranksep: 56, marginx: 16, marginy: 16 });
  graph.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(plot.map((node) => node.movie_plot_id));
  const parents = new Set<number>();
  for (const node of plot) {
    graph.setNode(String(node.movie_plot_id), {
      width: GRAPH_NODE_WIDTH,
      height: GRAPH_NODE_HEIGHT,
    });
  }
  for (const node of plot) {
    if (node.parent_id !== null && ids.has(node.parent_id)) {
      parents.add(node.parent_id);
      graph.setEdge(String(node.parent_id), String(node.movie_plot_id));
    }
  }
  dagre.layout(graph);
  return plot.map((node) => {
    const { x, y } = graph.node(String(node.movie_plot_id));
    return {
      node,
      x: x - GRAPH_NODE_WIDTH / 2,
      y: y - GRAPH_NODE_HEIGHT / 2,
      ending: !parents.has(node.movie_plot_id),
    };
  });
}
