import { CONTENT_TYPE, type ContentType } from './media.ts';
import type { PlotNode } from './plot.ts';
import type { Condition } from './story-logic.ts';

/** Walking the plot's tree (docs/PLOT.md): parents and children, depths, locked subtrees. */

/** The id → node map of a plot; the first node wins when two share an id. */
export function nodesById(nodes: readonly PlotNode[]): Map<number, PlotNode> {
  const map = new Map<number, PlotNode>();
  for (const node of nodes) if (!map.has(node.movie_plot_id)) map.set(node.movie_plot_id, node);
  return map;
}

/** The children of every node id, in list order. */
export function childrenOf<N extends { parent_id: number | null }>(
  nodes: readonly N[],
): Map<number | null, N[]> {
  const map = new Map<number | null, N[]>();
  for (const node of nodes) {
    const siblings = map.get(node.parent_id) ?? [];
    siblings.push(node);
    map.set(node.parent_id, siblings);
  }
  return map;
}

/** The item type a node at this place must play: clips at even depths, bridges at odd ones. */
export function expectedContentType(nodes: readonly PlotNode[], id: number): ContentType | null {
  const nodeOf = nodesById(nodes);
  let depth = 0;
  let current = nodeOf.get(id);
  if (!current) return null;
  while (current.parent_id !== null) {
    current = nodeOf.get(current.parent_id);
    depth += 1;
    if (!current || depth > nodes.length) return null;
  }
  return depth % 2 === 0 ? CONTENT_TYPE.clip : CONTENT_TYPE.bridge;
}

/** A node and everything that follows it: its ids, the node first. */
export function subtreeIds(nodes: readonly PlotNode[], id: number): Set<number> {
  const children = childrenOf(nodes);
  const ids = new Set<number>();
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (ids.has(current)) continue;
    ids.add(current);
    for (const child of children.get(current) ?? []) stack.push(child.movie_plot_id);
  }
  return ids;
}

/** Whether a node lies in a locked subtree: it, or a node before it, is locked. */
export function isInLockedSubtree(nodes: readonly PlotNode[], id: number): boolean {
  const nodeOf = nodesById(nodes);
  let current = nodeOf.get(id);
  for (let steps = 0; current && steps <= nodes.length; steps += 1) {
    if (current.locked === '1') return true;
    current = current.parent_id === null ? undefined : nodeOf.get(current.parent_id);
  }
  return false;
}

/** The nodes of a plot in reading order: each node before its children, siblings in list order. */
export function plotInTreeOrder(nodes: readonly PlotNode[]): PlotNode[] {
  const children = childrenOf(nodes);
  const ordered: PlotNode[] = [];
  const seen = new Set<number>();
  const visit = (node: PlotNode) => {
    if (seen.has(node.movie_plot_id)) return;
    seen.add(node.movie_plot_id);
    ordered.push(node);
    for (const child of children.get(node.movie_plot_id) ?? []) visit(child);
  };
  for (const root of children.get(null) ?? []) visit(root);
  return ordered;
}

/** The ids of the locked nodes and of every node that follows one. */
function lockedIds(nodes: readonly PlotNode[]): Set<number> {
  const ids = new Set<number>();
  for (const node of nodes) {
    if (node.locked === '1') for (const id of subtreeIds(nodes, node.movie_plot_id)) ids.add(id);
  }
  return ids;
}

/** Whether two lists hold equal entries, field by field (`fields`), in the same order. */
function sameEntries<T>(a: readonly T[], b: readonly T[], fields: readonly (keyof T)[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, index) => fields.every((field) => entry[field] === b[index]![field]))
  );
}

const sameCondition = (a: Condition | null, b: Condition | null) =>
  a === null || b === null
    ? a === b
    : a.join === b.join && sameEntries(a.clauses, b.clauses, ['variable', 'op', 'value']);

const sameNode = (a: PlotNode, b: PlotNode) =>
  a.movie_content_id === b.movie_content_id &&
  a.parent_id === b.parent_id &&
  a.locked === b.locked &&
  sameEntries(a.banner, b.banner, ['type', 'time_start']) &&
  sameCondition(a.condition, b.condition) &&
  sameEntries(a.effects, b.effects, ['variable', 'op', 'value']) &&
  a.branch === b.branch &&
  a.decision_seconds === b.decision_seconds &&
  a.default_option_id === b.default_option_id &&
  a.goto_id === b.goto_id;

/**
 * Whether `next` leaves every locked subtree of `stored` as it was: each of its nodes still there,
 * unchanged (item, parent, lock, banner, story logic), and no node added under one of them.
 */
export function keepsLockedSubtrees(
  stored: readonly PlotNode[],
  next: readonly PlotNode[],
): boolean {
  const locked = lockedIds(stored);
  const storedOf = nodesById(stored);
  const nextOf = nodesById(next);
  for (const id of locked) {
    const after = nextOf.get(id);
    if (!after || !sameNode(storedOf.get(id)!, after)) return false;
  }
  return next.every(
    (node) =>
      node.parent_id === null || !locked.has(node.parent_id) || locked.has(node.movie_plot_id),
  );
}

/** What happens when a node has played, from its children (in sibling order). */
export type NodeEnd<N> =
  { kind: 'ending' } | { kind: 'follow'; node: N } | { kind: 'choose'; options: readonly N[] };

/** PLOT.md: no children → an ending; one → it follows by itself; several → the viewer chooses. */
export function whenNodeEnds<N>(children: readonly N[]): NodeEnd<N> {
  if (children.length === 0) return { kind: 'ending' };
  if (children.length === 1) return { kind: 'follow', node: children[0]! };
  return { kind: 'choose', options: children };
}
