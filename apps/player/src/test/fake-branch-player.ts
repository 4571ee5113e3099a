import { vi } from 'vitest';
import type { BranchPlayer, BranchPlayerEvents, PlayerNode } from '../engine/branch-player.ts';
import { Emitter } from '../engine/emitter.ts';

/** The engine as the UI sees it: what it was told, and events the test fires. */
export class FakeBranchPlayer implements BranchPlayer {
  readonly events = new Emitter<BranchPlayerEvents>();
  path: PlayerNode[] = [];
  currentIndex = -1;
  ended = false;
  readonly start = vi.fn(async (node: PlayerNode) => {
    this.path = [node];
  });
  readonly prefetch = vi.fn<(options: readonly PlayerNode[]) => void>();
  readonly choose = vi.fn((node: PlayerNode) => {
    this.path.push(node);
  });
  readonly end = vi.fn(() => {
    this.ended = true;
  });
  readonly restartFrom = vi.fn(async (index: number) => {
    this.path = this.path.slice(0, index + 1);
    this.ended = false;
  });
  readonly destroy = vi.fn();

  on<K extends keyof BranchPlayerEvents>(
    type: K,
    listener: (event: BranchPlayerEvents[K]) => void,
  ) {
    return this.events.on(type, listener);
  }

  /** The node at `index` of the path is on screen, `at` seconds into the video. */
  show(index: number, at = index * 8) {
    this.currentIndex = index;
    this.events.emit('nodestart', { index, node: this.path[index]!, at });
  }

  playTo(index: number, time: number, duration = 8) {
    this.events.emit('timeupdate', { index, node: this.path[index]!, time, duration });
  }
}
