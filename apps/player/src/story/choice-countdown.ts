import { DECISION_EXTEND_SECONDS } from '@plotline/core/story-logic';

/** The seconds left at which the countdown is read out as it passes them. */
export const ANNOUNCED_SECONDS = [10, 5] as const;
const TICK_MS = 250;

export interface CountdownHooks {
  /** Whether time passes for the viewer: the video plays, or waits on the node's last frame. */
  running: () => boolean;
  /** Every tick, and at each change (pause, more time). */
  change: (remaining: number) => void;
  /** The countdown went below one of `ANNOUNCED_SECONDS`. */
  passed: (seconds: number) => void;
  /** It reached 0: the default is taken. */
  end: () => void;
}

/**
 * A timed choice's countdown in wall-clock time, counted only while time passes for the viewer
 * (not while the video is paused) and while the viewer has not paused the timer; the viewer may
 * add time (WCAG 2.2.1).
 */
export class ChoiceCountdown {
  remaining: number;
  paused = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private last = Date.now();
  private stopped = false;

  constructor(
    seconds: number,
    private readonly hooks: CountdownHooks,
  ) {
    this.remaining = seconds;
    this.schedule();
  }

  /** Whole seconds left, as shown and read out. */
  get seconds(): number {
    return Math.max(0, Math.ceil(this.remaining - 1e-9));
  }

  setPaused(paused: boolean): void {
    this.advance();
    this.paused = paused;
    this.hooks.change(this.remaining);
  }

  extend(): void {
    this.advance();
    this.remaining += DECISION_EXTEND_SECONDS;
    this.hooks.change(this.remaining);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule() {
    this.timer = setTimeout(() => this.tick(), TICK_MS);
  }

  private tick() {
    if (this.stopped) return;
    this.advance();
    if (this.remaining <= 0) {
      this.stop();
      this.hooks.end();
      return;
    }
    this.hooks.change(this.remaining);
    this.schedule();
  }

  /** Counts the time since the last look, if it passed for the viewer. */
  private advance() {
    const now = Date.now();
    const elapsed = (now - this.last) / 1000;
    this.last = now;
    if (this.paused || !this.hooks.running()) return;
    const before = this.remaining;
    this.remaining = Math.max(0, before - elapsed);
    for (const seconds of ANNOUNCED_SECONDS) {
      if (before > seconds && this.remaining <= seconds && this.remaining > 0) {
        this.hooks.passed(seconds);
      }
    }
  }
}
