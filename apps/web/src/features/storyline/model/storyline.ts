import {
  childrenOf,
  CONTENT_TYPE,
  type ContentType,
  type MovieContentStatus,
  type PlotItem,
  type PlotNode,
  type StoryVariable,
} from '@plotline/core';

/** What the plot rules of core need to know of the project's clips and bridges. */
export function plotItemsOf(items: readonly MovieContentStatus[]): PlotItem[] {
  return items
    .filter(
      (item): item is MovieContentStatus & { type: ContentType } =>
        item.type === CONTENT_TYPE.clip || item.type === CONTENT_TYPE.bridge,
    )
    .map(({ movie_content_id, type, duration }) => ({ movie_content_id, type, duration }));
}

/** Whether the edited plot differs from the stored one (order included: it is sibling order). */
export function plotChanged(stored: readonly PlotNode[], edited: readonly PlotNode[]): boolean {
  return JSON.stringify(stored) !== JSON.stringify(edited);
}

/** Whether the edited variables differ from the stored ones (their order is the panel's). */
export function variablesChanged(
  stored: readonly StoryVariable[],
  edited: readonly StoryVariable[],
): boolean {
  return JSON.stringify(stored) !== JSON.stringify(edited);
}

/**
 * §2 step 3: the primary language is one of the languages of the first item, the clip the story
 * begins with (the project's first item while no first clip is chosen).
 */
export function firstItemLanguages(
  plot: readonly PlotNode[],
  items: readonly MovieContentStatus[],
): number[] {
  const rootItemId = plot.find((node) => node.parent_id === null)?.movie_content_id;
  const first =
    items.find((item) => item.movie_content_id === rootItemId) ??
    items.find((item) => item.type === CONTENT_TYPE.clip);
  return first?.lang.map((language) => language.language_id) ?? [];
}

/**
 * The mm:ss mask of §5 while typing: digits only, at most four, the colon put in after two. Whether
 * the time is valid is core `parseMmSs`'s to say.
 */
export function maskMmSs(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

export interface BuilderRow {
  node: PlotNode;
  /** 0 for the first clip, one more for each plot before it. */
  depth: number;
}

/**
 * The plot builder's rows: the plot in reading order (each plot, then what follows it, then its
 * alternatives) with each plot's depth, so a long storyline is one flat list that can be windowed.
 */
export function builderRows(plot: readonly PlotNode[]): BuilderRow[] {
  const children = childrenOf(plot);
  const rows: BuilderRow[] = [];
  const stack: BuilderRow[] = (children.get(null) ?? [])
    .map((node) => ({ node, depth: 0 }))
    .reverse();
  const seen = new Set<number>();
  for (let row = stack.pop(); row; row = stack.pop()) {
    if (seen.has(row.node.movie_plot_id)) continue;
    seen.add(row.node.movie_plot_id);
    rows.push(row);
    const next = children.get(row.node.movie_plot_id) ?? [];
    for (let index = next.length - 1; index >= 0; index -= 1) {
      stack.push({ node: next[index]!, depth: row.depth + 1 });
    }
  }
  return rows;
}
