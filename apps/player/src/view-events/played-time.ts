/** Longer steps than this between two readings are a jump (a seek, a stream opened again). */
const MAX_STEP_SECONDS = 2;

/** Seconds of video played, from the playback position read as it plays. */
export class PlayedTime {
  private last: number | null = null;

  /** The seconds played since the last reading at `position`; 0 across a jump or a pause. */
  advance(position: number, playing: boolean): number {
    const step = this.last === null ? 0 : position - this.last;
    this.last = position;
    return playing && step > 0 && step <= MAX_STEP_SECONDS ? step : 0;
  }
}
