// How bench/branch-switch.ts reads what a run recorded: per switch, the gap between the last frame
// of a node and the first frame of the next, how long the boundary was held beyond the pictures'
// own durations, and the stalls around it.
import type {
  BenchNode,
  FrameRecord,
  RunResult,
} from '../apps/player/bench/branch-switch-protocol.ts';

export interface SwitchFigures {
  /** From the presentation of the node's last frame to that of the next node's first frame. */
  gapMs: number;
  /**
   * How much later the next node's pictures came than continuous playback would have shown them:
   * the median lag of its first frames behind the node's last frames, each frame placed by its
   * own media time (so cadence jitter of one vsync cancels out). A held frame, a stall or a
   * missing stretch of media at the boundary all show here; 0 is seamless.
   */
  heldMs: number;
  /** `waiting` events from half a second before the node's last frame to half a second after the next's first. */
  stalls: number;
}

/** Frames on each side of a boundary whose timing is compared. */
const WINDOW_FRAMES = 15;
const STALL_MARGIN_MS = 500;

const median = (values: readonly number[]) => percentile(values, 50);

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], rank: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1)]!;
}

export interface NodeFrame extends FrameRecord {
  node: number;
}

/**
 * The node each frame belongs to, from its colour mark alone: consecutive nodes play different
 * items, so the path moves on at the first frame carrying the next node's colour. Frames whose
 * mark could not be read stay with the node before them.
 */
export function attributeFrames(frames: readonly FrameRecord[], path: readonly BenchNode[]) {
  let node = 0;
  return frames.map((frame): NodeFrame => {
    if (node + 1 < path.length && frame.marker === path[node + 1]!.marker) node += 1;
    return { ...frame, node };
  });
}

export function switchFigures(
  result: RunResult,
  path: readonly BenchNode[],
  frameDurationSeconds: number,
): SwitchFigures[] {
  const frames = attributeFrames(result.frames, path);
  const nodes = path.length;
  const figures: SwitchFigures[] = [];
  for (let node = 0; node + 1 < nodes; node += 1) {
    const before = frames.filter((frame) => frame.node === node);
    const after = frames.filter((frame) => frame.node === node + 1);
    const last = before.at(-1);
    const first = after[0];
    if (!last || !first) throw new Error(`No frame recorded on one side of switch ${node + 1}`);
    // Continuous playback would show the next node's first frame one frame after the last one.
    const contentTime = (frame: NodeFrame, side: 'before' | 'after') =>
      side === 'before'
        ? frame.mediaTime
        : last.mediaTime + frameDurationSeconds + (frame.mediaTime - first.mediaTime);
    const lag = (frame: NodeFrame, side: 'before' | 'after') =>
      frame.presentationTime - contentTime(frame, side) * 1000;
    const lagBefore = median(before.slice(-WINDOW_FRAMES).map((frame) => lag(frame, 'before')));
    const lagAfter = median(after.slice(0, WINDOW_FRAMES).map((frame) => lag(frame, 'after')));
    figures.push({
      gapMs: first.presentationTime - last.presentationTime,
      heldMs: Math.max(0, lagAfter - lagBefore),
      stalls: result.waits.filter(
        ({ at }) =>
          at >= last.presentationTime - STALL_MARGIN_MS &&
          at <= first.presentationTime + STALL_MARGIN_MS,
      ).length,
    });
  }
  return figures;
}

/**
 * How far from each node's first frame the page learned that the node started (the player's
 * `nodestart`, which a UI times its choices and banners by), in ms; one value per node after the
 * first.
 */
export function nodeStartOffsets(result: RunResult, path: readonly BenchNode[]): number[] {
  const frames = attributeFrames(result.frames, path);
  return result.nodeStarts
    .filter(({ index }) => index > 0)
    .map(({ index, wall }) => {
      const first = frames.find((frame) => frame.node === index);
      return first ? wall - first.presentationTime : Number.NaN;
    });
}
