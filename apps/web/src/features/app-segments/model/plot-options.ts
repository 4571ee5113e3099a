import { CONTENT_LANGUAGES, DEFAULT_LANGUAGE_ID, childrenOf, type WatchData } from '@plotline/core';

/** An option of a published project: a node a viewer reaches by choosing it, as `chose` names it. */
export interface PlotOption {
  /** The node's id (`movie_plot_id`), the value a `chose` condition holds. */
  id: number;
  /** The option's caption: what the viewer's button said. Empty when the item has none. */
  label: string;
  /** The caption of the node it follows: the question the option answers. Empty when none. */
  question: string;
}

/**
 * Every option of a project's plot, the answers to one question together, questions in reading
 * order: a node is an option when its parent has two or more children (docs/PLOT.md). Captions are read in `languageCode` (a studio language), else in
 * English, else in the first language that has one, as the player falls back.
 */
export function plotOptionsOf(
  data: {
    plot: readonly Pick<WatchData['plot'][number], 'id' | 'movie_content_id' | 'parent_id'>[];
    items: readonly Pick<WatchData['items'][number], 'movie_content_id' | 'captions'>[];
  },
  languageCode: string,
): PlotOption[] {
  const languageId = CONTENT_LANGUAGES.find(
    (language) => language.code === languageCode,
  )?.language_id;
  const captionOf = (movieContentId: number | undefined) => {
    const captions = data.items.find((item) => item.movie_content_id === movieContentId)?.captions;
    if (!captions) return '';
    const text =
      (languageId !== undefined ? captions[String(languageId)] : undefined) ||
      captions[String(DEFAULT_LANGUAGE_ID)] ||
      Object.values(captions).find(Boolean);
    return text?.trim() ?? '';
  };
  const nodeById = new Map(data.plot.map((node) => [node.id, node]));
  const children = childrenOf(data.plot);
  const options: PlotOption[] = [];
  const seen = new Set<number>();
  const visit = (parentId: number | null) => {
    const siblings = (children.get(parentId) ?? []).filter((node) => !seen.has(node.id));
    for (const node of siblings) seen.add(node.id);
    if (siblings.length >= 2) {
      const parent = parentId === null ? undefined : nodeById.get(parentId);
      const question = captionOf(parent?.movie_content_id);
      for (const node of siblings) {
        options.push({ id: node.id, label: captionOf(node.movie_content_id), question });
      }
    }
    for (const node of siblings) visit(node.id);
  };
  visit(null);
  return options;
}
