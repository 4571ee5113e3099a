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
