import { ItemLibrary } from './item-library.ts';
import type { Variant } from './m3u8.ts';
import { leadingSegments, SegmentPrefetcher } from './segment-prefetcher.ts';

/** The level with the lowest bandwidth: where the first session starts (hls.js's level 0). */
export function lowestLevel(levels: readonly Variant[]): number {
  return levels.reduce(
    (lowest, level, index) => (level.bandwidth < levels[lowest]!.bandwidth ? index : lowest),
    0,
  );
}

/**
 * The engine's playlists and prefetched segments, made by the page before the engine's code has
 * loaded, so the opening can be fetched while it loads (`fetchOpening`), then handed to the engine.
 */
export interface OpeningFetch {
  library: ItemLibrary;
  prefetcher: SegmentPrefetcher;
}

export function createOpeningFetch(): OpeningFetch {
  return {
    library: new ItemLibrary(new AbortController().signal),
    prefetcher: new SegmentPrefetcher(),
  };
}

/**
 * All an item loads before Play: its master, its media playlists, and the first segment of its
 * lowest level, held under the master's address for hls.js's first request.
 */
export async function fetchOpening(
  { library, prefetcher }: OpeningFetch,
  masterUrl: string,
): Promise<void> {
  const levels = await library.variants(masterUrl);
  const item = await library.joinedItem(masterUrl, levels);
  prefetcher.prefetch(masterUrl, leadingSegments(item.levels[lowestLevel(levels)]!.segments, 0));
}
