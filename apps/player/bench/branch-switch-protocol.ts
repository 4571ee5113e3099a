// What bench/branch-switch.ts asks of the page branch-switch.html and what the page answers. No DOM
// and no Node here: both sides import it.

/** `joined`: the player engine (one hls.js over a joined playlist); `naive`: `hls.loadSource(next)`. */
export type Approach = 'joined' | 'naive';

/**
 * How the node after a switch was taken, as the story player takes it: the viewer's click
 * `choiceLeadSeconds` before the end; an automatic branch (or a link), queued when the node starts;
 * a timed choice's default, taken by the player's own countdown (`ChoiceCountdown`) run from when
 * its choices show (`choicesShownFrom`), so at about 1 s before the end.
 */
export type SwitchDecision = 'viewer' | 'auto' | 'timer';

export interface BenchNode {
  id: string;
  /** The item's master playlist; unique per node, so no node is played from the HTTP cache. */
  masterUrl: string;
  /** Index in `RunConfig.markers` of the colour the item's pictures carry in their corner. */
  marker: number;
}

/** An RGB colour. */
export type Rgb = readonly [number, number, number];

export interface RunConfig {
  approach: Approach;
  /** The path played: every node after the first is a switch. */
  path: BenchNode[];
  /** The options offered at the end of each node but the last (the next node among them). */
  options: BenchNode[][];
  /** The choice is made this long before the node's end, as a viewer would from its last seconds. */
  choiceLeadSeconds: number;
  /** How each switch's next node is taken: `decisions[i]` leads from `path[i]` to `path[i + 1]`. */
  decisions: SwitchDecision[];
  /** A timed choice's decision time, in seconds. */
  decisionSeconds: number;
  /**
   * The colour of each item's corner mark: a frame is known by its pixels, whatever the player
   * says about the timeline. The mark fills the top-left eighth of the picture (in width and height).
   */
  markers: Rgb[];
}

export interface FrameRecord {
  /** Seconds on the video's timeline. */
  mediaTime: number;
  /** ms, performance.now() clock, when the frame was handed to the compositor. */
  presentationTime: number;
  /** Index in `RunConfig.markers` of the colour read from the frame's corner, -1 if none matched. */
  marker: number;
}

export interface RunResult {
  frames: FrameRecord[];
  /** `waiting` events: ms on the performance.now() clock, and where playback was. */
  waits: { at: number; currentTime: number }[];
  /**
   * Lengths (ms) of the runs of silence heard once the sound had started (the clips carry a steady
   * tone), not counting the silence after the last node.
   */
  silencesMs: number[];
  /** When the page learned that each node started: the player's `nodestart` (joined), the first frame after loading the node (naive). ms, performance.now() clock. */
  nodeStarts: { index: number; wall: number }[];
  /** ms from asking to play the first node to its first frame. */
  firstFrameMs: number;
  droppedFrames: number;
  errors: string[];
}
