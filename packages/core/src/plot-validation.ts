import { CONTENT_TYPE, type ContentType } from './media.ts';
import { MESSAGES } from './messages.ts';
import type { PlotItem, PlotNode } from './plot.ts';
import { bannerProblems } from './plot-banner.ts';
import { childrenOf, nodesById } from './plot-tree.ts';
import { logicProblems } from './logic-problems.ts';
import type { StoryVariable } from './story-logic.ts';
import type { Project } from './projects.schema.ts';

/** What stops a storyline's save: the plot's problems, and the project's pieces §5 asks for. */

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
  | 'banner'
  // Story logic (logic-problems.ts).
  | 'variable'
  | 'logic-on-root'
  | 'default'
  | 'goto'
  | 'auto-loop';

/** One thing wrong with a plot, with the node it is about when there is one. */
export interface PlotProblem {
  kind: PlotProblemKind;
  message: string;
  movie_plot_id?: number;
}

/**
 * Everything wrong with a plot, in the order a person would fix it: the shape of the tree first,
 * then each node's item and banner components, then its story logic with the storyline's
 * `variables`. A plot is saved only when the list is empty.
 */
export function validatePlot(
  nodes: readonly PlotNode[],
  items: readonly PlotItem[],
  variables: readonly StoryVariable[] = [],
): PlotProblem[] {
  if (nodes.length === 0) return [{ kind: 'empty', message: MESSAGES.plotEmpty }];
  const problems: PlotProblem[] = [];
  const nodeOf = nodesById(nodes);
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
  problems.push(...logicProblems(nodes, variables));
  return problems;
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
