import {
  CONTENT_TYPE,
  expectedContentType,
  type MovieContentStatus,
  type PlotNode,
} from '@plotline/core';
import { captionOf } from '../../../lib/caption-of.ts';

/** How the panel names a plot: its item, that item's caption (or file name) and its kind. */
export interface PlotLabel {
  item: MovieContentStatus | undefined;
  /** Empty while the plot has no clip or bridge chosen. */
  caption: string;
  kind: 'clip' | 'bridge';
}

/** The labels of every plot, by id, in the language the storyline is read in. */
export function plotLabels(
  plot: readonly PlotNode[],
  items: readonly MovieContentStatus[],
  languageId: number | null,
): Map<number, PlotLabel> {
  const itemOf = new Map(items.map((item) => [item.movie_content_id, item]));
  return new Map(
    plot.map((node) => {
      const item = node.movie_content_id === null ? undefined : itemOf.get(node.movie_content_id);
      const caption = item ? captionOf(item, languageId) || item.file_name : '';
      // A plot waiting for its item plays what its place in the tree asks for.
      const type = item?.type ?? expectedContentType(plot, node.movie_plot_id);
      const kind = type === CONTENT_TYPE.bridge ? 'bridge' : 'clip';
      return [node.movie_plot_id, { item, caption, kind }];
    }),
  );
}
