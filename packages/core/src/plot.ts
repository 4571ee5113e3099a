import type { ContentType } from './media.ts';
import type { NodeLogic } from './story-logic.ts';

/**
 * The storyline (wizard step 3): a plot is a tree of nodes, each playing one clip or bridge of the
 * project. What it means for the player and the editor is written in docs/PLOT.md. This module holds
 * the plot's shapes; its rules sit beside it, zod-free, serving the server's save, the editor and
 * the player alike: `plot-tree.ts` (walking the tree, locks, what follows a node),
 * `plot-banner.ts` (banner components), `plot-validation.ts` (what stops a save), `plot-edits.ts`
 * (the editor's operations, pure: each returns a new list, never changing the one it is given) and
 * `mm-ss.ts` (the editor's times). The wire schemas are `plot.schema.ts`'s.
 */

/** §2 step 3: the storyline's banner options. */
export const BANNER_COMPONENT_TYPES = ['vertical', 'horizontal'] as const;
export type BannerComponentType = (typeof BANNER_COMPONENT_TYPES)[number];

/** §3 plot banner entry: a component type and its start in whole seconds. */
export interface PlotBanner {
  type: BannerComponentType;
  time_start: number;
}

/** §3 plot node, as the API and the editor carry it, with its story logic (`story-logic.ts`). */
export interface PlotNode extends NodeLogic {
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
