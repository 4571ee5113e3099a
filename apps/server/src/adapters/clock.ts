import { readFileSync, statSync } from 'node:fs';

/** Time as the rules see it; tests pass a clock they can move. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move. */
export class ManualClock implements Clock {
  #time: number;

  constructor(start: Date = new Date()) {
    this.#time = start.getTime();
  }

  now(): Date {
    return new Date(this.#time);
  }

  advance(milliseconds: number): void {
    this.#time += milliseconds;
  }
}

/**
 * For tests and demos (`CLOCK_OFFSET_FILE`): the system's time plus the milliseconds written in
 * `file` (negative: behind), so an end-to-end test can move a running server's clock by writing
 * a file. The file is read again when its size or modification time changes; a missing, empty or
 * unreadable file, or one that holds no whole number, is an offset of 0.
 */
export function offsetClock(file: string): Clock {
  let seen: string | null = null;
  let offset = 0;
  return {
    now(): Date {
      let stamp: string | null = null;
      try {
        const stats = statSync(file, { bigint: true });
        stamp = `${stats.mtimeNs}:${stats.size}:${stats.ino}`;
      } catch {
        stamp = null;
      }
      if (stamp !== seen) {
        seen = stamp;
        offset = stamp === null ? 0 : readOffset(file);
      }
      return new Date(Date.now() + offset);
    },
  };
}

function readOffset(file: string): number {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return /^-?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : 0;
  } catch {
    return 0;
  }
}
