import {
  formatCount,
  type MovieContentStatus,
  type PlotNode,
  type ProjectFigures,
} from '@plotline/core';
import { captionOf } from '../../../lib/caption-of.ts';

export interface OptionSplit {
  /** The option's plot node. */
  id: number;
  caption: string;
  count: number;
  /** Percent of the choice's viewings, 0 when nobody reached it. */
  percent: number;
}

export interface ChoiceSplit {
  /** The plot node whose end offers the choice. */
  id: number;
  caption: string;
  total: number;
  /** A timed choice (a decision time set): how often its timer took the default. */
  timed: boolean;
  defaults: number;
  /** Percent of the choice's viewings the timer decided, 0 when nobody reached it. */
  defaultPercent: number;
  /** How often the page embedding the player chose (its `choose` call), and its percent. */
  byHost: number;
  hostPercent: number;
  options: OptionSplit[];
}

const percentOf = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

/** How a node reads: its item's caption in the language, else the item's file name. */
export function nodeCaption(
  node: PlotNode | undefined,
  itemOf: ReadonlyMap<number, MovieContentStatus>,
  languageId: number | null,
): string {
  const item = node?.movie_content_id == null ? undefined : itemOf.get(node.movie_content_id);
  if (!item) return node ? `#${node.movie_plot_id}` : '';
  return captionOf(item, languageId) || item.file_name;
}

/**
 * Each choice node of the figures with how its viewings split between its options, named by the
 * captions a viewer sees in the project's primary language.
 */
export function choiceSplits(
  choices: ProjectFigures['choices'],
  plot: readonly PlotNode[],
  items: readonly MovieContentStatus[],
  languageId: number | null,
): ChoiceSplit[] {
  const nodeOf = new Map(plot.map((node) => [node.movie_plot_id, node]));
  const itemOf = new Map(items.map((item) => [item.movie_content_id, item]));
  return choices.map((choice) => {
    const node = nodeOf.get(choice.node_id);
    return {
      id: choice.node_id,
      caption: nodeCaption(node, itemOf, languageId),
      total: choice.total,
      // A timer removed since still shows what it did in the range.
      timed: (node?.decision_seconds ?? null) !== null || choice.defaults > 0,
      defaults: choice.defaults,
      defaultPercent: percentOf(choice.defaults, choice.total),
      byHost: choice.by_host,
      hostPercent: percentOf(choice.by_host, choice.total),
      options: choice.options.map((option) => ({
        id: option.option_id,
        caption: nodeCaption(nodeOf.get(option.option_id), itemOf, languageId),
        count: option.count,
        percent: percentOf(option.count, choice.total),
      })),
    };
  });
}

/** §9 counter style for a share: "62,5%". */
export function formatPercent(percent: number): string {
  return `${formatCount(percent, 1)}%`;
}
