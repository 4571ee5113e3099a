import type Hls from 'hls.js/light';
import type { HlsConfig } from 'hls.js/light';
import { vi } from 'vitest';
import { JOINED_MASTER_URL, levelUri } from '../joined-stream.ts';

/**
 * hls.js as the engine drives it, without Media Source Extensions: what it was configured and
 * told (`startLoad`…), the levels and load level the test sets, and events the test fires.
 */
export class FakeHls {
  /** hls.js's levels, lowest first as it sorts them, each a joined level's playlist. */
  levels: { uri: string }[] = [];
  loadLevel = -1;
  nextAutoLevel = 0;
  bandwidthEstimate = Number.NaN;
  readonly startLoad = vi.fn<(startPosition?: number) => void>();
  readonly loadSource = vi.fn<(url: string) => void>();
  readonly attachMedia = vi.fn<(media: HTMLMediaElement) => void>();
  readonly recoverMediaError = vi.fn();
  readonly destroy = vi.fn();
  private readonly listeners = new Map<string, ((event: string, data: unknown) => void)[]>();

  constructor(readonly config: Partial<HlsConfig>) {}

  /** The joined levels, given lowest first by their index in the first item's master. */
  useLevels(joinedLevels: readonly number[]) {
    this.levels = joinedLevels.map((level) => ({
      uri: new URL(levelUri(level), JOINED_MASTER_URL).href,
    }));
  }

  on(event: string, listener: (event: string, data: unknown) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  emit(event: string, data: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(event, data);
  }

  /** hls.js parsed the segment `sn` of item `cc`, whose picture starts at `startPTS`. */
  parsed(cc: number, sn: number, startPTS: number, endPTS = startPTS + 2) {
    this.emit('hlsFragParsed', {
      frag: { cc, sn, elementaryStreams: { video: { startPTS, endPTS } } },
    });
  }

  asHls() {
    return this as unknown as Hls;
  }
}
