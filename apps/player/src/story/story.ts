import type { WatchData } from '@plotline/core';

export type WatchItem = WatchData['items'][number];
export type WatchBanner = WatchData['plot'][number]['banners'][number];

/**
 * A plot node as the player walks it (docs/PLOT.md): what it plays and what follows it (core's
 * `whenNodeEnds(node.children)` says what happens when it has played). It is also the engine's
 * PlayerNode (`id`, `itemId`), so the engine hands the same object back.
 */
export interface StoryNode {
  id: number;
  itemId: number;
  item: WatchItem;
  banners: readonly WatchBanner[];
  /** In sibling order: the options of a choice. */
  children: StoryNode[];
}

export interface Story {
  root: StoryNode;
  node(id: number): StoryNode | undefined;
  item(itemId: number): WatchItem | undefined;
}

/** The plot as a tree; null when there is nothing to play (a preview with no playable root). */
export function buildStory(data: Pick<WatchData, 'plot' | 'items'>): Story | null {
  const items = new Map(data.items.map((item) => [item.movie_content_id, item]));
  const nodes = new Map<number, StoryNode>();
  for (const { id, movie_content_id, banners } of data.plot) {
    const item = items.get(movie_content_id);
    if (item) nodes.set(id, { id, itemId: movie_content_id, item, banners, children: [] });
  }
  let root: StoryNode | undefined;
  // The plot lists siblings in order: children keep it.
  for (const { id, parent_id } of data.plot) {
    const node = nodes.get(id);
    if (!node) continue;
    if (parent_id === null) root ??= node;
    else nodes.get(parent_id)?.children.push(node);
  }
  if (!root) return null;
  return { root, node: (id) => nodes.get(id), item: (itemId) => items.get(itemId) };
}

/**
 * How long before a node's end its choices appear: time to read and decide, and the engine needs
 * the choice a second or more ahead to follow on without a gap (PLAYER-NOTES.md).
 */
export const CHOICE_LEAD_SECONDS = 5;

/** Seconds into a node of `duration` seconds from which its choices are shown. */
export function choicesShownFrom(duration: number): number {
  return Math.max(0, duration - CHOICE_LEAD_SECONDS);
}
