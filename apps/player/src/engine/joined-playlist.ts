import type { MediaPlaylist, Segment, Variant } from './m3u8.ts';

/**
 * The playlists hls.js plays: every item of the path so far, one after another, each after an
 * `#EXT-X-DISCONTINUITY` (its timestamps start again), in ONE stream, so the chosen item is fed
 * into the same media pipeline as the one playing. The master lists the levels of the first item
 * of the path; each later item stands in for every level with its best matching rendition
 * (`matchRendition`). The media playlists are an EVENT playlist that only grows: without
 * `#EXT-X-ENDLIST` until the path reaches an ending, and with `CAN-BLOCK-RELOAD` so hls.js asks
 * for the next segment at once and the player answers as soon as an item is appended.
 */

/** An item of the path: one media playlist per level of the joined stream, in level order. */
export interface JoinedItem {
  levels: MediaPlaylist[];
}

/**
 * The item's segments for a level. Durations come from the first level whenever the cuts match
 * (our transcoder cuts every rendition at the same instants), so every level shares one timeline
 * and a node starts at the same time whatever level plays.
 */
function segmentsOf(item: JoinedItem, level: number): Segment[] {
  const reference = item.levels[0]!.segments;
  const own = item.levels[level]!.segments;
  if (own.length !== reference.length) return own;
  return own.map((segment, index) => ({
    uri: segment.uri,
    durationSeconds: reference[index]!.durationSeconds,
  }));
}

/** Length of an item on the joined timeline. */
export const itemDuration = (item: JoinedItem) =>
  segmentsOf(item, 0).reduce((sum, segment) => sum + segment.durationSeconds, 0);

/** Where an item plays on the video's timeline, in seconds. */
export interface PlacedItem {
  start: number;
  end: number;
}

/**
 * Where the items really play. Not where the playlist puts them: after a discontinuity hls.js
 * places an item by its timestamps, right after the media before it, so an item whose sound
 * starts before its picture (AAC priming) or a previous item a little longer than its playlist
 * says moves the picture by a few tens of milliseconds. The player follows the first video
 * timestamp hls.js found for each item; an item not parsed yet has not started (Infinity).
 */
export function placeItems(
  durations: readonly number[],
  videoStarts: ReadonlyMap<number, number>,
): PlacedItem[] {
  return durations.map((duration, index) => {
    const start = videoStarts.get(index) ?? Number.POSITIVE_INFINITY;
    return { start, end: start + duration };
  });
}

/**
 * The item on screen at `time`: the last one started. A frame a hair before an item's start (the
 * remuxer rounds timestamps) already belongs to it.
 */
export function itemIndexAt(items: readonly PlacedItem[], time: number): number {
  const EPSILON_SECONDS = 0.002;
  let index = 0;
  while (index + 1 < items.length && items[index + 1]!.start <= time + EPSILON_SECONDS) index += 1;
  return index;
}

/** Media sequence number of the last segment (the first is 0), -1 when there is none. */
export const lastSequenceNumber = (items: readonly JoinedItem[]) =>
  items.reduce((count, item) => count + item.levels[0]!.segments.length, 0) - 1;

export function renderJoinedMaster(
  levels: readonly Variant[],
  levelUri: (level: number) => string,
) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  levels.forEach((level, index) => {
    const attributes = [`BANDWIDTH=${level.bandwidth}`];
    if (level.averageBandwidth !== undefined) {
      attributes.push(`AVERAGE-BANDWIDTH=${level.averageBandwidth}`);
    }
    if (level.width !== undefined && level.height !== undefined) {
      attributes.push(`RESOLUTION=${level.width}x${level.height}`);
    }
    if (level.codecs !== undefined) attributes.push(`CODECS="${level.codecs}"`);
    if (level.frameRate !== undefined) attributes.push(`FRAME-RATE=${level.frameRate.toFixed(3)}`);
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, levelUri(index));
  });
  return `${lines.join('\n')}\n`;
}

export function renderJoinedMedia(
  items: readonly JoinedItem[],
  level: number,
  complete: boolean,
): string {
  const perItem = items.map((item) => segmentsOf(item, level));
  const longest = Math.max(
    1,
    ...perItem.flat().map((segment) => segment.durationSeconds),
    ...items.map((item) => item.levels[level]!.targetDurationSeconds),
  );
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${Math.ceil(longest)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  perItem.forEach((segments, index) => {
    if (index > 0) lines.push('#EXT-X-DISCONTINUITY');
    for (const { uri, durationSeconds } of segments) {
      lines.push(`#EXTINF:${durationSeconds.toFixed(6)},`, uri);
    }
  });
  if (complete) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
