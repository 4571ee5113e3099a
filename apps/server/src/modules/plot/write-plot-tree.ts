import { plotInTreeOrder, type PlotNode } from '@plotline/core';
import type { Executor } from '../../db/database.ts';
import type { PlotRepository } from './plot.repository.ts';

/**
 * Writes a storyline's nodes, checked beforehand, for a save and for an imported story alike:
 * parents before children, so a new node's parent has its real id when it is written, each at its
 * place among its siblings; a node of `storedIds` is updated, any other inserted. A default or a
 * link may name a node written later: it is written once every node has its real id. Answers
 * the real id of every node.
 */
export async function writePlotTree(
  plots: Pick<PlotRepository, 'insertPlot' | 'updatePlot'>,
  movieId: number,
  nodes: readonly PlotNode[],
  storedIds: ReadonlySet<number>,
  at: Date,
  tx: Executor,
): Promise<Map<number, number>> {
  const realId = new Map([...storedIds].map((id) => [id, id]));
  const linkOf = (id: number | null) => (id === null ? null : (realId.get(id) ?? null));
  const linkedLater: PlotNode[] = [];
  const positions = new Map<number | null, number>();
  for (const node of plotInTreeOrder(nodes)) {
    const position = positions.get(node.parent_id) ?? 0;
    positions.set(node.parent_id, position + 1);
    const values = {
      movieContentId: node.movie_content_id!,
      parentId: node.parent_id === null ? null : realId.get(node.parent_id)!,
      locked: node.locked === '1',
      duration: node.duration,
      position,
      banner: node.banner,
      condition: node.condition,
      effects: node.effects,
      branch: node.branch,
      decisionSeconds: node.decision_seconds,
      defaultOptionId: linkOf(node.default_option_id),
      gotoId: linkOf(node.goto_id),
    };
    if (
      (node.default_option_id !== null && values.defaultOptionId === null) ||
      (node.goto_id !== null && values.gotoId === null)
    ) {
      linkedLater.push(node);
    }
    if (storedIds.has(node.movie_plot_id)) {
      await plots.updatePlot(movieId, node.movie_plot_id, values, at, tx);
    } else {
      realId.set(node.movie_plot_id, await plots.insertPlot(movieId, values, at, tx));
    }
  }
  for (const node of linkedLater) {
    await plots.updatePlot(
      movieId,
      realId.get(node.movie_plot_id)!,
      { defaultOptionId: linkOf(node.default_option_id), gotoId: linkOf(node.goto_id) },
      at,
      tx,
    );
  }
  return realId;
}
