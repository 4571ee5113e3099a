import type { WatchData } from '@plotline/core';
import type { NodeLogic } from '@plotline/core/story-logic';

export type WatchItem = WatchData['items'][number];
export type WatchBanner = WatchData['plot'][number]['banners'][number];

/**
 * A plot node as the player walks it (docs/PLOT.md): what it plays, what follows it, and its
 * story logic (core `nextStep` says what happens when it has played, `story-walk.ts` asks). It is
 * also the engine's PlayerNode (`id`, `itemId`), so the engine hands the same object back.
 */
export interface StoryNode extends NodeLogic {
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
  for (const plotNode of data.plot) {
    const { id, movie_content_id, banners } = plotNode;
    const item = items.get(movie_content_id);
    if (!item) continue;
    nodes.set(id, {
      id,
      itemId: movie_content_id,
      item,
      banners,
      children: [],
      condition: plotNode.condition,
      effects: plotNode.effects,
      branch: plotNode.branch,
      decision_seconds: plotNode.decision_seconds,
      default_option_id: plotNode.default_option_id,
      // A link to a node that cannot play (its item missing) leads nowhere: the node ends.
      goto_id: plotNode.goto_id,
    });
  }
  let root: StoryNode | undefined;
  // The plot lists siblings in order: children keep it.
  for (const { id, parent_id } of data.plot) {
    const node = nodes.get(id);
    if (!node) continue;
    if (parent_id === null) root ??= node;
    else nodes.get(parent_id)?.children.push(node);
  }
  for (const node of nodes.values()) {
    if (node.goto_id !== null && !nodes.has(node.goto_id)) node.goto_id = null;
  }
  if (!root) return null;
  return { root, node: (id) => nodes.get(id), item: (itemId) => items.get(itemId) };
}

/**
 * How long before a node's end its choices appear: time to read and decide, and the engine needs
 * the choice a second or more ahead to follow on without a gap (PLAYER-NOTES.md).
 */
export const CHOICE_LEAD_SECONDS = 5;

/**
 * Seconds into a node of `duration` seconds from which its choices are shown. A timed choice
 * shows them `decision_seconds + 1` before the end, so that its default, taken when the timer
 * runs out, still has a second to follow on seamlessly; at the start when the node is shorter.
 */
export function choicesShownFrom(duration: number, decisionSeconds: number | null = null): number {
  const lead = Math.max(CHOICE_LEAD_SECONDS, decisionSeconds === null ? 0 : decisionSeconds + 1);
  return Math.max(0, duration - lead);
}
