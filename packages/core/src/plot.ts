import { z } from 'zod';
import { boundedInt, idSchema, INT4_MAX } from './ids.ts';
import { CONTENT_TYPE, type ContentType } from './media.ts';
import { formatMessage, MESSAGES } from './messages.ts';
import type { Project } from './projects.ts';

/**
 * The storyline (wizard step 3): a plot is a tree of nodes, each playing one clip or bridge of the
 * project. What it means for the player and the editor is written in docs/PLOT.md. Every rule here
 * serves the server's save, the editor and the player alike; operations are pure and return a new
 * list, never changing the one they are given.
 */

/** §2 step 3: the storyline's banner options. */
export const BANNER_COMPONENT_TYPES = ['vertical', 'horizontal'] as const;
export type BannerComponentType = (typeof BANNER_COMPONENT_TYPES)[number];

/** §5, §9: banner components per node, by the node's item type; a bridge takes horizontal only. */
export const BANNER_COMPONENTS_MAX: Record<ContentType, number> = {
  [CONTENT_TYPE.clip]: 2,
  [CONTENT_TYPE.bridge]: 1,
};
export const BRIDGE_BANNER_TYPES: readonly BannerComponentType[] = ['horizontal'];

/** §3 plot banner entry: a component type and its start in whole seconds. */
export interface PlotBanner {
  type: BannerComponentType;
  time_start: number;
}

/** §3 plot node, as the API and the editor carry it. */
export interface PlotNode {
  /** Stored id; a negative number is the temporary id of a node not saved yet. */
  movie_plot_id: number;
  /** Null while an 'Add Bridge' child waits for its clip or bridge to be chosen. */
  movie_content_id: number | null;
  /** Null for the root. */
  parent_id: number | null;
  locked: '1' | '0';
  /** The item's duration in seconds. */
  duration: number;
  banner: PlotBanner[];
}

/** What the rules need to know of a project's clips and bridges. */
export interface PlotItem {
  movie_content_id: number;
  type: ContentType;
  /** Seconds; null while the item is not transcoded yet. */
  duration: number | null;
}

export type PlotProblemKind =
  | 'empty'
  | 'duplicate-id'
  | 'no-root'
  | 'several-roots'
  | 'root-not-clip'
  | 'unknown-parent'
  | 'cycle'
  | 'no-item'
  | 'foreign-item'
  | 'alternation'
  | 'banner';

/** One thing wrong with a plot, with the node it is about when there is one. */
export interface PlotProblem {
  kind: PlotProblemKind;
  message: string;
  movie_plot_id?: number;
}

/** §5: mm:ss, two digits, a colon, two digits; the minutes' first digit 0–6, the seconds' 0–5. */
export const MM_SS_PATTERN = /^([0-6]\d):([0-5]\d)$/;

/** Seconds of a mm:ss time (minutes * 60 + seconds, §9), or null when it is not one. */
export function parseMmSs(text: string): number | null {
  const match = MM_SS_PATTERN.exec(text);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The mm:ss of whole seconds, clamped to what the mask can show (00:00 to 69:59). */
export function formatMmSs(seconds: number): string {
  const whole = Math.min(Math.max(Math.floor(seconds), 0), 69 * 60 + 59);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** §3/§7 wire shape of a banner entry as `POST /api/movie-plot` and `GET` carry it. */
export const plotBannerSchema = z.object({
  type: z.enum(BANNER_COMPONENT_TYPES, { error: MESSAGES.plotBannerType }),
  time_start: boundedInt(0),
});

/** A node's id in a save: a stored node's, or a new node's temporary negative one. */
const plotNodeRef = boundedInt(-INT4_MAX);

export const plotNodeSchema = z.object({
  movie_plot_id: plotNodeRef,
  movie_content_id: idSchema.nullable(),
  parent_id: plotNodeRef.nullable(),
  locked: z.enum(['1', '0']),
  duration: z.number(),
  banner: z.array(plotBannerSchema),
});

/**
 * The problems of one node's banner components against its item: count and types by the item's type,
 * no repeated type, every start within the item's duration. An empty list is a valid banner.
 */
export function bannerProblems(banner: readonly PlotBanner[], item: PlotItem): string[] {
  const problems: string[] = [];
  if (banner.some((entry) => !(BANNER_COMPONENT_TYPES as readonly string[]).includes(entry.type))) {
    problems.push(MESSAGES.plotBannerType);
  }
  if (banner.length > BANNER_COMPONENTS_MAX[item.type]) {
    problems.push(
      item.type === CONTENT_TYPE.clip
        ? MESSAGES.plotBannerTooManyClip
        : MESSAGES.plotBannerTooManyBridge,
    );
  }
  if (
    item.type === CONTENT_TYPE.bridge &&
    banner.some((entry) => !BRIDGE_BANNER_TYPES.includes(entry.type))
  ) {
    problems.push(MESSAGES.plotBannerBridgeType);
  }
  if (new Set(banner.map((entry) => entry.type)).size !== banner.length) {
    problems.push(MESSAGES.plotBannerRepeated);
  }
  for (const entry of banner) {
    if (item.duration === null) {
      if (entry.time_start !== 0) problems.push(MESSAGES.plotBannerNoDuration);
    } else if (
      !Number.isInteger(entry.time_start) ||
      entry.time_start < 0 ||
      entry.time_start > item.duration
    ) {
      problems.push(
        formatMessage(MESSAGES.plotBannerTime, { duration: Math.floor(item.duration) }),
      );
    }
  }
  return [...new Set(problems)];
}

/** The id → node map of a plot; the first node wins when two share an id. */
function byId(nodes: readonly PlotNode[]): Map<number, PlotNode> {
  const map = new Map<number, PlotNode>();
  for (const node of nodes) if (!map.has(node.movie_plot_id)) map.set(node.movie_plot_id, node);
  return map;
}

/** The children of every node id, in list order. */
export function childrenOf(nodes: readonly PlotNode[]): Map<number | null, PlotNode[]> {
  const map = new Map<number | null, PlotNode[]>();
  for (const node of nodes) {
    const siblings = map.get(node.parent_id) ?? [];
    siblings.push(node);
    map.set(node.parent_id, siblings);
  }
  return map;
}

/**
 * Everything wrong with a plot, in the order a person would fix it: the shape of the tree first,
 * then each node's item, then its banner components. A plot is saved only when the list is empty.
 */
export function validatePlot(
  nodes: readonly PlotNode[],
  items: readonly PlotItem[],
): PlotProblem[] {
  if (nodes.length === 0) return [{ kind: 'empty', message: MESSAGES.plotEmpty }];
  const problems: PlotProblem[] = [];
  const nodeOf = byId(nodes);
  if (nodeOf.size !== nodes.length) {
    problems.push({ kind: 'duplicate-id', message: MESSAGES.plotDuplicateId });
  }
  const roots = nodes.filter((node) => node.parent_id === null);
  if (roots.length === 0) problems.push({ kind: 'no-root', message: MESSAGES.plotNoRoot });
  if (roots.length > 1) {
    problems.push({ kind: 'several-roots', message: MESSAGES.plotSeveralRoots });
  }
  for (const node of nodes) {
    if (node.parent_id !== null && !nodeOf.has(node.parent_id)) {
      problems.push({
        kind: 'unknown-parent',
        message: MESSAGES.plotUnknownParent,
        movie_plot_id: node.movie_plot_id,
      });
    }
  }
  // Walking up from each node must reach a root within as many steps as there are nodes.
  for (const node of nodes) {
    let current: PlotNode | undefined = node;
    for (let steps = 0; current && current.parent_id !== null; steps += 1) {
      if (steps > nodes.length) {
        problems.push({
          kind: 'cycle',
          message: MESSAGES.plotCycle,
          movie_plot_id: node.movie_plot_id,
        });
        break;
      }
      current = nodeOf.get(current.parent_id);
    }
  }
  if (problems.length > 0) return problems;

  const itemOf = new Map(items.map((item) => [item.movie_content_id, item]));
  const children = childrenOf(nodes);
  const visit = (node: PlotNode, expected: ContentType) => {
    const item = node.movie_content_id === null ? undefined : itemOf.get(node.movie_content_id);
    const at = { movie_plot_id: node.movie_plot_id };
    if (node.movie_content_id === null) {
      problems.push({ kind: 'no-item', message: MESSAGES.plotNoItem, ...at });
    } else if (!item) {
      problems.push({ kind: 'foreign-item', message: MESSAGES.plotForeignItem, ...at });
    } else if (item.type !== expected) {
      problems.push(
        node.parent_id === null
          ? { kind: 'root-not-clip', message: MESSAGES.plotRootNotClip, ...at }
          : { kind: 'alternation', message: MESSAGES.plotAlternation, ...at },
      );
    }
    if (item) {
      for (const message of bannerProblems(node.banner, item)) {
        problems.push({ kind: 'banner', message, ...at });
      }
    } else if (node.banner.length > 0) {
      problems.push({ kind: 'banner', message: MESSAGES.plotNoItem, ...at });
    }
    const next = expected === CONTENT_TYPE.clip ? CONTENT_TYPE.bridge : CONTENT_TYPE.clip;
    for (const child of children.get(node.movie_plot_id) ?? []) visit(child, next);
  };
  visit(roots[0]!, CONTENT_TYPE.clip);
  return problems;
}

/** The item type a node at this place must play: clips at even depths, bridges at odd ones. */
export function expectedContentType(nodes: readonly PlotNode[], id: number): ContentType | null {
  const nodeOf = byId(nodes);
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
  const nodeOf = byId(nodes);
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

const sameNode = (a: PlotNode, b: PlotNode) =>
  a.movie_content_id === b.movie_content_id &&
  a.parent_id === b.parent_id &&
  a.locked === b.locked &&
  a.banner.length === b.banner.length &&
  a.banner.every(
    (entry, index) =>
      entry.type === b.banner[index]!.type && entry.time_start === b.banner[index]!.time_start,
  );

/**
 * Whether `next` leaves every locked subtree of `stored` as it was: each of its nodes still there,
 * unchanged (item, parent, lock, banner), and no node added under one of them.
 */
export function keepsLockedSubtrees(
  stored: readonly PlotNode[],
  next: readonly PlotNode[],
): boolean {
  const locked = lockedIds(stored);
  const storedOf = byId(stored);
  const nextOf = byId(next);
  for (const id of locked) {
    const after = nextOf.get(id);
    if (!after || !sameNode(storedOf.get(id)!, after)) return false;
  }
  return next.every(
    (node) =>
      node.parent_id === null || !locked.has(node.parent_id) || locked.has(node.movie_plot_id),
  );
}

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

/** Deletes a node and everything that follows it, none of which may be locked. */
export function removeSubtree(nodes: readonly PlotNode[], id: number): PlotEdit {
  const node = editable(nodes, id);
  if (isEdit(node)) return node;
  const removed = subtreeIds(nodes, id);
  if (nodes.some((candidate) => removed.has(candidate.movie_plot_id) && candidate.locked === '1')) {
    return refuse('locked', MESSAGES.plotLocked);
  }
  return { ok: true, plot: nodes.filter((candidate) => !removed.has(candidate.movie_plot_id)) };
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

export type StorylineSaveBlocker =
  'title' | 'thumbnailMobile' | 'thumbnailDesktop' | 'noContent' | 'noPlot' | 'plotWithoutItem';

/**
 * §5: the storyline's Save stays disabled while any of these holds: no title, a thumbnail missing,
 * no clip or bridge, no plot, or a plot without its item. Answers them all, so the editor can say
 * each; none means Save may be pressed.
 */
export function storylineSaveBlockers(
  project: Pick<Project, 'title' | 'thumbnailMobile' | 'thumbnailDesktop' | 'movieContent'>,
  plot: readonly PlotNode[],
): StorylineSaveBlocker[] {
  const blockers: StorylineSaveBlocker[] = [];
  if (!project.title.trim()) blockers.push('title');
  if (!project.thumbnailMobile) blockers.push('thumbnailMobile');
  if (!project.thumbnailDesktop) blockers.push('thumbnailDesktop');
  if (project.movieContent.length === 0) blockers.push('noContent');
  if (plot.length === 0) blockers.push('noPlot');
  if (plot.some((node) => node.movie_content_id === null)) blockers.push('plotWithoutItem');
  return blockers;
}

/** `GET /api/movie-plot/{movieId}` and every plot change answer the storyline and its version. */
export const storylineSchema = z.object({
  data: z.array(plotNodeSchema),
  version: z.number().int(),
});

/** `POST /api/movie-plot`: the whole tree, made from `version`. */
export const plotSaveSchema = z
  .strictObject({
    movie_id: idSchema,
    version: boundedInt(0),
    plots: z
      .array(
        plotNodeSchema
          .extend({
            /** Absent or negative for a new node; its children name a negative id as `parent_id`. */
            movie_plot_id: plotNodeRef.optional(),
            /** §3's node names its project: when sent, it must be the body's `movie_id`. */
            movie_id: idSchema.optional(),
            duration: z
              .number()
              .optional()
              .describe("Accepted and ignored: a node's duration is its clip's or bridge's."),
            changed: z
              .unknown()
              .optional()
              .describe("Accepted and ignored: the studio's mark of an unsaved node (§3)."),
            banner: z
              .array(plotBannerSchema.strict())
              .max(BANNER_COMPONENT_TYPES.length + 1)
              .default([]),
          })
          .strict(),
      )
      .max(5000),
  })
  .superRefine((save, context) => {
    save.plots.forEach((plot, index) => {
      if (plot.movie_id !== undefined && plot.movie_id !== save.movie_id) {
        context.addIssue({
          code: 'custom',
          path: ['plots', index, 'movie_id'],
          message: MESSAGES.plotOtherProject,
        });
      }
    });
  });

/** `PUT /api/movie-plot/lock` (§4: status true locks). */
export const plotLockSchema = z.strictObject({ movie_plot_id: idSchema, status: z.boolean() });

/** `POST /api/movie-plot/banner`: one node's banner components, in the spec's wire names. */
export const plotBannerSaveSchema = z.strictObject({
  movie_id: idSchema,
  movie_plot_id: idSchema,
  banner: z
    .array(
      z.strictObject({
        banner_type: z.enum(BANNER_COMPONENT_TYPES, { error: MESSAGES.plotBannerType }),
        banner_time_start: boundedInt(0),
      }),
    )
    .max(BANNER_COMPONENT_TYPES.length + 1),
});
