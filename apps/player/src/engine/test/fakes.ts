import type { JoinedItem } from '../joined-playlist.ts';
import type { MediaPlaylist, Variant } from '../m3u8.ts';

/** A rendition as our transcoder describes it in a master playlist. */
export function makeVariant(height: number, overrides: Partial<Variant> = {}): Variant {
  return {
    uri: `https://cdn.test/item/${height}p/index.m3u8`,
    bandwidth: height * 4000,
    width: Math.round((height * 16) / 9 / 2) * 2,
    height,
    codecs: 'avc1.64001f,mp4a.40.2',
    frameRate: 30,
    ...overrides,
  };
}

/** A complete media playlist of segments with these durations, under `base`. */
export function makePlaylist(base: string, durations: readonly number[]): MediaPlaylist {
  return {
    targetDurationSeconds: Math.ceil(Math.max(...durations)),
    segments: durations.map((durationSeconds, index) => ({
      uri: `${base}/segment-${String(index).padStart(4, '0')}.ts`,
      durationSeconds,
    })),
    complete: true,
  };
}

/** An item of the joined stream whose every level has the same cuts. */
export function makeJoinedItem(name: string, durations: readonly number[], levels = 2): JoinedItem {
  return {
    levels: Array.from({ length: levels }, (_, level) =>
      makePlaylist(`https://cdn.test/${name}/${level}`, durations),
    ),
  };
}
