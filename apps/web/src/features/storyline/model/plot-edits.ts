import { childrenOf, removeSubtree, type PlotEdit, type PlotNode } from '@plotline/core';

/**
 * 'End Clip': the branch ends at plot `id`, so every plot that followed it goes, with what
 * followed those. Refused, with core's reason, when one of them is locked.
 */
export function endBranch(plot: readonly PlotNode[], id: number): PlotEdit {
  let result: PlotEdit = { ok: true, plot: [...plot] };
  for (const child of childrenOf(plot).get(id) ?? []) {
    if (!result.ok) break;
    result = removeSubtree(result.plot, child.movie_plot_id);
  }
  return result;
}

/** The plot an edit added, if it added one: the editor selects a plot as soon as it is added. */
export function addedPlotId(
  before: readonly PlotNode[],
  after: readonly PlotNode[],
): number | null {
  const known = new Set(before.map((node) => node.movie_plot_id));
  return after.find((node) => !known.has(node.movie_plot_id))?.movie_plot_id ?? null;
}
