import { MESSAGES } from './messages.ts';
import { parseMmSs } from './mm-ss.ts';
import type { BannerComponentType, PlotBanner, PlotItem, PlotNode } from './plot.ts';
import { bannerProblems } from './plot-banner.ts';
import { expectedContentType, isInLockedSubtree, subtreeIds } from './plot-tree.ts';
import { NO_NODE_LOGIC, type NodeLogic } from './story-logic.ts';

/**
 * The storyline editor's operations (docs/PLOT.md): pure functions over the plot that return the
 * new list or a refusal, never changing the list they are given.
 */

/** The outcome of an edit: the new plot, or why it was refused. */
export type PlotEdit =
  | { ok: true; plot: PlotNode[] }
  | { ok: false; reason: 'not-found' | 'locked' | 'invalid'; message: string };

const refuse = (reason: 'not-found' | 'locked' | 'invalid', message: string): PlotEdit => ({
  ok: false,
  reason,
  message,
});

/** Finds the node, refusing a missing one and, with `change`, one in a locked subtree. */
function editable(nodes: readonly PlotNode[], id: number): PlotEdit | PlotNode {
  const node = nodes.find((candidate) => candidate.movie_plot_id === id);
  if (!node) return refuse('not-found', MESSAGES.plotNotFound);
  if (isInLockedSubtree(nodes, id)) return refuse('locked', MESSAGES.plotLocked);
  return node;
}

const isEdit = (value: PlotEdit | PlotNode): value is PlotEdit => 'ok' in value;

/** A temporary id for a new node: negative, below every id in use. */
export function nextTemporaryId(nodes: readonly PlotNode[]): number {
  return Math.min(0, ...nodes.map((node) => node.movie_plot_id)) - 1;
}

const emptyNode = (id: number, parentId: number | null): PlotNode => ({
  movie_plot_id: id,
  movie_content_id: null,
  parent_id: parentId,
  locked: '0',
  duration: 0,
  banner: [],
  ...NO_NODE_LOGIC,
});

/** The first node of an empty storyline, waiting for its clip. */
export function startPlot(nodes: readonly PlotNode[]): PlotEdit {
  if (nodes.length > 0) return refuse('invalid', MESSAGES.plotSeveralRoots);
  return { ok: true, plot: [emptyNode(nextTemporaryId(nodes), null)] };
}

/** 'Add Bridge': an empty child of a node, waiting for its item. */
export function addChild(nodes: readonly PlotNode[], parentId: number): PlotEdit {
  const parent = editable(nodes, parentId);
  if (isEdit(parent)) return parent;
  return { ok: true, plot: [...nodes, emptyNode(nextTemporaryId(nodes), parentId)] };
}

/** 'Add More Options': an empty alternative beside a node, under the same parent. */
export function addSibling(nodes: readonly PlotNode[], id: number): PlotEdit {
  const node = nodes.find((candidate) => candidate.movie_plot_id === id);
  if (!node) return refuse('not-found', MESSAGES.plotNotFound);
  if (node.parent_id === null) return refuse('invalid', MESSAGES.plotRootSibling);
  return addChild(nodes, node.parent_id);
}

/**
 * Deletes a node and everything that follows it, none of which may be locked. Links and defaults
 * that named a removed node are cleared (as the database's ON DELETE SET NULL does), which is
 * refused when it would change a locked node: a locked plot that continues at this branch.
 */
export function removeSubtree(nodes: readonly PlotNode[], id: number): PlotEdit {
  const node = editable(nodes, id);
  if (isEdit(node)) return node;
  const removed = subtreeIds(nodes, id);
  if (nodes.some((candidate) => removed.has(candidate.movie_plot_id) && candidate.locked === '1')) {
    return refuse('locked', MESSAGES.plotLocked);
  }
  const namesRemoved = (target: number | null) => target !== null && removed.has(target);
  const plot: PlotNode[] = [];
  for (const candidate of nodes) {
    if (removed.has(candidate.movie_plot_id)) continue;
    const gotoGone = namesRemoved(candidate.goto_id);
    const defaultGone = namesRemoved(candidate.default_option_id);
    if (!gotoGone && !defaultGone) {
      plot.push(candidate);
      continue;
    }
    if (isInLockedSubtree(nodes, candidate.movie_plot_id)) {
      return refuse('locked', MESSAGES.plotLocked);
    }
    plot.push({
      ...candidate,
      goto_id: gotoGone ? null : candidate.goto_id,
      default_option_id: defaultGone ? null : candidate.default_option_id,
    });
  }
  return { ok: true, plot };
}

/** Replaces one node, refusing a node in a locked subtree. */
function update(
  nodes: readonly PlotNode[],
  id: number,
  change: (node: PlotNode) => PlotNode | PlotEdit,
): PlotEdit {
  const node = editable(nodes, id);
  if (isEdit(node)) return node;
  const changed = change(node);
  if ('ok' in changed) return changed;
  return {
    ok: true,
    plot: nodes.map((candidate) => (candidate.movie_plot_id === id ? changed : candidate)),
  };
}

/**
 * Locks or unlocks a node (§4: true sets '1'). A node inside another's locked subtree cannot be
 * locked or unlocked on its own: unlock the one above it first.
 */
export function setLock(nodes: readonly PlotNode[], id: number, locked: boolean): PlotEdit {
  const node = nodes.find((candidate) => candidate.movie_plot_id === id);
  if (!node) return refuse('not-found', MESSAGES.plotNotFound);
  if (node.parent_id !== null && isInLockedSubtree(nodes, node.parent_id)) {
    return refuse('locked', MESSAGES.plotLocked);
  }
  const value = locked ? '1' : '0';
  return {
    ok: true,
    plot: nodes.map((candidate) =>
      candidate.movie_plot_id === id ? { ...candidate, locked: value } : candidate,
    ),
  };
}

/**
 * Chooses the clip or bridge a node plays. It must be of the type its place takes (clips, then
 * bridges, alternating from the root); banner components that no longer fit the item are dropped.
 */
export function setContent(nodes: readonly PlotNode[], id: number, item: PlotItem): PlotEdit {
  return update(nodes, id, (node) => {
    if (expectedContentType(nodes, id) !== item.type) {
      return refuse(
        'invalid',
        node.parent_id === null ? MESSAGES.plotRootNotClip : MESSAGES.plotAlternation,
      );
    }
    const banner: PlotBanner[] = [];
    for (const entry of node.banner) {
      if (bannerProblems([...banner, entry], item).length === 0) banner.push(entry);
    }
    return {
      ...node,
      movie_content_id: item.movie_content_id,
      duration: item.duration ?? 0,
      banner,
    };
  });
}

/** Sets a node's whole banner, refused unless it fits the node's item (`bannerProblems`). */
export function setBanner(
  nodes: readonly PlotNode[],
  id: number,
  banner: readonly PlotBanner[],
  items: readonly PlotItem[],
): PlotEdit {
  return update(nodes, id, (node) => {
    const item = items.find((candidate) => candidate.movie_content_id === node.movie_content_id);
    if (!item) return refuse('invalid', MESSAGES.plotNoItem);
    const [problem] = bannerProblems(banner, item);
    if (problem) return refuse('invalid', problem);
    return { ...node, banner: banner.map((entry) => ({ ...entry })) };
  });
}

const bannerOf = (nodes: readonly PlotNode[], id: number) =>
  nodes.find((node) => node.movie_plot_id === id)?.banner ?? [];

/** §4: adding a banner component appends one of the chosen type starting at 0. */
export function addBannerComponent(
  nodes: readonly PlotNode[],
  id: number,
  type: BannerComponentType,
  items: readonly PlotItem[],
): PlotEdit {
  return setBanner(nodes, id, [...bannerOf(nodes, id), { type, time_start: 0 }], items);
}

/** §4: a banner component's start, edited as mm:ss and stored in seconds. */
export function setBannerTime(
  nodes: readonly PlotNode[],
  id: number,
  index: number,
  mmSs: string,
  items: readonly PlotItem[],
): PlotEdit {
  const seconds = parseMmSs(mmSs);
  if (seconds === null) return refuse('invalid', MESSAGES.plotTimeFormat);
  const banner = bannerOf(nodes, id).map((entry, at) =>
    at === index ? { ...entry, time_start: seconds } : entry,
  );
  return setBanner(nodes, id, banner, items);
}

/** §4: changing a banner component's type; the empty type removes the component. */
export function setBannerType(
  nodes: readonly PlotNode[],
  id: number,
  index: number,
  type: BannerComponentType | '',
  items: readonly PlotItem[],
): PlotEdit {
  const current = bannerOf(nodes, id);
  const banner =
    type === ''
      ? current.filter((_entry, at) => at !== index)
      : current.map((entry, at) => (at === index ? { ...entry, type } : entry));
  return setBanner(nodes, id, banner, items);
}

/**
 * Sets some of a node's story logic (its condition and effects, its branch mode, timer, default
 * and link), refused in a locked subtree. Whether the logic holds together is `validatePlot`'s
 * (and the story check's) to say, as for the rest of the plot.
 */
export function setNodeLogic(
  nodes: readonly PlotNode[],
  id: number,
  patch: Partial<NodeLogic>,
): PlotEdit {
  return update(nodes, id, (node) => {
    const changed = { ...node };
    // Only the logic fields: a whole node passed as the patch changes nothing else.
    for (const key of Object.keys(NO_NODE_LOGIC) as (keyof NodeLogic)[]) {
      if (patch[key] !== undefined) Object.assign(changed, { [key]: patch[key] });
    }
    return {
      ...changed,
      condition: changed.condition && {
        join: changed.condition.join,
        clauses: changed.condition.clauses.map((clause) => ({ ...clause })),
      },
      effects: changed.effects.map((effect) => ({ ...effect })),
    };
  });
}

/** Whether a node's condition or effects name the variable. */
const usesVariable = (node: PlotNode, name: string) =>
  (node.condition?.clauses ?? []).some((clause) => clause.variable === name) ||
  node.effects.some((effect) => effect.variable === name);

/** The ids of the nodes whose condition or effects name a variable, in list order. */
export function variableUses(nodes: readonly PlotNode[], name: string): number[] {
  return nodes.filter((node) => usesVariable(node, name)).map((node) => node.movie_plot_id);
}

/**
 * A variable renamed in every condition and effect that names it. Locked nodes are renamed too,
 * and a save refuses a changed locked node: the editor offers renaming only when no node of
 * `variableUses` is in a locked subtree.
 */
export function renameVariable(nodes: readonly PlotNode[], from: string, to: string): PlotNode[] {
  const rename = <T extends { variable: string }>(use: T): T =>
    use.variable === from ? { ...use, variable: to } : use;
  return nodes.map((node) =>
    usesVariable(node, from)
      ? {
          ...node,
          condition: node.condition && {
            ...node.condition,
            clauses: node.condition.clauses.map(rename),
          },
          effects: node.effects.map(rename),
        }
      : node,
  );
}
