import { vi } from 'vitest';

/**
 * What jsdom lacks and the page uses: media playback, text tracks and their cues, media queries.
 * Imported by UI tests (which run in jsdom).
 */
class StubTextTrack {
  mode: TextTrackMode = 'disabled';
  list: { startTime: number; endTime: number; text: string }[] = [];
  get cues() {
    return this.mode === 'disabled' ? null : this.list;
  }
  addCue(cue: { startTime: number; endTime: number; text: string }) {
    this.list.push(cue);
  }
  removeCue(cue: unknown) {
    this.list = this.list.filter((kept) => kept !== cue);
  }
}

const tracks = new WeakMap<HTMLTrackElement, StubTextTrack>();
Object.defineProperty(HTMLTrackElement.prototype, 'track', {
  configurable: true,
  get(this: HTMLTrackElement) {
    let track = tracks.get(this);
    if (!track) tracks.set(this, (track = new StubTextTrack()));
    return track;
  },
});

globalThis.VTTCue = class {
  constructor(
    public startTime: number,
    public endTime: number,
    public text: string,
  ) {}
} as unknown as typeof VTTCue;

HTMLMediaElement.prototype.play = vi.fn(async function (this: HTMLMediaElement) {
  Object.defineProperty(this, 'paused', { configurable: true, value: false });
  this.dispatchEvent(new Event('play'));
});
HTMLMediaElement.prototype.pause = vi.fn(function (this: HTMLMediaElement) {
  Object.defineProperty(this, 'paused', { configurable: true, value: true });
  this.dispatchEvent(new Event('pause'));
});

// jsdom's says whether an element has the focus; a browser's, whether the page has it (the tests'
// page always has).
document.hasFocus = () => true;

window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as MediaQueryList;
