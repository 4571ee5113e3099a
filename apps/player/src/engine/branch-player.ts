/**
 * The branch player: plays a path through the plot node by node in one `<video>`, lets the caller
 * append the node chosen next while the current one plays, and prefetches the options of the coming
 * choice. It knows items and their order, not the plot: the UI decides what follows (PLOT.md) and
 * tells the player.
 */

export interface PlayerNode {
  /** The plot node: the same item may appear at several nodes. */
  id: string | number;
  /** The item (clip or bridge) the node plays. */
  itemId: string | number;
}

export interface BranchPlayerEvents {
  /** The first frame of `path[index]` is on screen; `at` is its start on the video's timeline. */
  nodestart: { index: number; node: PlayerNode; at: number };
  /**
   * `path[index]` played to its end: the next node starts, or the story ends, or the player waits
   * on its last frame for `choose`.
   */
  nodeend: { index: number; node: PlayerNode };
  /** Position within the node on screen, about four times a second while playing. */
  timeupdate: { index: number; node: PlayerNode; time: number; duration: number };
  /** The last node of a path that `end()` closed has played out. */
  ended: { index: number; node: PlayerNode };
  /** Something could not load or play; when fatal the player stopped. */
  error: { message: string; fatal: boolean };
}

export interface BranchPlayerOptions {
  video: HTMLVideoElement;
  /** The URL of an item's master playlist. */
  masterUrl: (itemId: PlayerNode['itemId']) => string;
  /** How much of each option is fetched ahead, rounded up to whole segments. Default 4 s. */
  prefetchSeconds?: number;
  /**
   * How long before the end of the node that leads to a choice its options' segments are fetched.
   * Default `OPTIONS_LEAD_SECONDS`.
   */
  optionsLeadSeconds?: number;
}

export interface BranchPlayer {
  /** The nodes played and appended, in order: the path so far. */
  readonly path: readonly PlayerNode[];
  /** Index in `path` of the node on screen; -1 before its first frame. */
  readonly currentIndex: number;
  /**
   * Starts a new path at `node` (the plot's root, or any node) and resolves once its source is
   * attached. Playing is the caller's: `video.play()`, after a gesture where the browser needs one.
   * Until the video first plays, only playlists and the lowest rendition's first segment load:
   * a visit that never plays costs next to nothing.
   */
  start(node: PlayerNode): Promise<void>;
  /**
   * The options of the coming choice, which follow the last node of the path (call it when a node
   * with several children starts). Their playlists are fetched now; the first seconds of their
   * segments once that node plays its last `optionsLeadSeconds`, so the one chosen starts from
   * memory. Replaces the previous options.
   */
  prefetch(options: readonly PlayerNode[]): void;
  /**
   * Appends `node` after the last node of the path: it follows in the same stream with no gap.
   * Call it before the current node ends (≥ 1 s ahead to be seamless); called later, the video
   * waits on the last frame and goes on as soon as the node is loaded. A node with one child is
   * chosen at once.
   */
  choose(node: PlayerNode): void;
  /** The last node of the path is an ending: `ended` fires when it has played out. */
  end(): void;
  /** Plays again from `path[index]`, forgetting the nodes after it (going back to a choice). */
  restartFrom(index: number): Promise<void>;
  on<K extends keyof BranchPlayerEvents>(
    type: K,
    listener: (event: BranchPlayerEvents[K]) => void,
  ): () => void;
  /** Stops everything and lets the video element go. */
  destroy(): void;
}

export const DEFAULT_PREFETCH_SECONDS = 4;

/**
 * The options' segments are fetched when the node before them has this long left, not at its
 * start: a viewer who leaves or goes back early has not paid for options never shown. The choices
 * appear in the node's last 5 s (story.ts, CHOICE_LEAD_SECONDS) and a choice is seamless from
 * about 1 s before the end, so 8 s leaves 3 s to fetch each option's first segments before the
 * earliest click, and 7 s before the last seamless one. A shorter node fetches them at its start.
 */
export const OPTIONS_LEAD_SECONDS = 8;
