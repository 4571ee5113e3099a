/**
 * The few HLS playlist facts the branch player needs, read from our transcoder's output (MPEG-TS
 * segments, one master per item). Relative URIs are made absolute against the playlist's URL, so
 * the playlists the player generates can point at any item's segments.
 */

export interface Variant {
  /** Absolute URL of the variant's media playlist. */
  uri: string;
  /** Peak bits per second (BANDWIDTH). */
  bandwidth: number;
  averageBandwidth?: number;
  width?: number;
  height?: number;
  codecs?: string;
  frameRate?: number;
}

export interface Segment {
  /** Absolute URL. */
  uri: string;
  durationSeconds: number;
}

export interface MediaPlaylist {
  targetDurationSeconds: number;
  segments: Segment[];
  /** `#EXT-X-ENDLIST` seen: the item is complete. */
  complete: boolean;
}

/**
 * Tags that would change what a segment means (init sections, encryption, byte ranges): the player
 * joins playlists segment by segment, so it refuses them rather than play the wrong bytes.
 */
const UNSUPPORTED_TAGS = ['#EXT-X-MAP', '#EXT-X-KEY', '#EXT-X-BYTERANGE', '#EXT-X-PART'];

/** `KEY=value,KEY="quoted, value"` as a record; quotes removed. */
export function parseAttributes(list: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = /([A-Z0-9-]+)=("[^"]*"|[^,]*)/g;
  for (const [, key, raw] of list.matchAll(pattern)) {
    attributes[key!] = raw!.startsWith('"') ? raw!.slice(1, -1) : raw!;
  }
  return attributes;
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

const optionalNumber = (value: string | undefined) => {
  if (value === undefined) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
};

function assertHeader(all: string[], url: string) {
  if (all[0] !== '#EXTM3U') throw new Error(`${url} is not an HLS playlist`);
}

/** The variants of a master playlist, in its order (ours lists the highest first). */
export function parseMasterPlaylist(text: string, url: string): Variant[] {
  const all = lines(text);
  assertHeader(all, url);
  const variants: Variant[] = [];
  let pending: Record<string, string> | null = null;
  for (const line of all) {
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      pending = parseAttributes(line.slice('#EXT-X-STREAM-INF:'.length));
    } else if (pending && !line.startsWith('#')) {
      const [, width, height] = /^(\d+)x(\d+)$/.exec(pending.RESOLUTION ?? '') ?? [];
      variants.push({
        uri: new URL(line, url).href,
        bandwidth: optionalNumber(pending.BANDWIDTH) ?? 0,
        averageBandwidth: optionalNumber(pending['AVERAGE-BANDWIDTH']),
        width: optionalNumber(width),
        height: optionalNumber(height),
        codecs: pending.CODECS,
        frameRate: optionalNumber(pending['FRAME-RATE']),
      });
      pending = null;
    }
  }
  if (variants.length === 0) throw new Error(`${url} lists no variant stream`);
  return variants;
}

export function parseMediaPlaylist(text: string, url: string): MediaPlaylist {
  const all = lines(text);
  assertHeader(all, url);
  const segments: Segment[] = [];
  let targetDurationSeconds = 0;
  let complete = false;
  let pendingDuration: number | null = null;
  for (const line of all) {
    const unsupported = UNSUPPORTED_TAGS.find((tag) => line.startsWith(tag));
    if (unsupported) throw new Error(`${url} uses ${unsupported}, which the player does not join`);
    if (line.startsWith('#EXT-X-TARGETDURATION:')) {
      targetDurationSeconds = Number(line.slice('#EXT-X-TARGETDURATION:'.length));
    } else if (line.startsWith('#EXTINF:')) {
      pendingDuration = Number.parseFloat(line.slice('#EXTINF:'.length));
    } else if (line === '#EXT-X-ENDLIST') {
      complete = true;
    } else if (!line.startsWith('#')) {
      if (pendingDuration === null || !Number.isFinite(pendingDuration)) {
        throw new Error(`${url}: segment ${line} has no #EXTINF duration`);
      }
      segments.push({ uri: new URL(line, url).href, durationSeconds: pendingDuration });
      pendingDuration = null;
    }
  }
  if (segments.length === 0) throw new Error(`${url} has no segment`);
  return { targetDurationSeconds, segments, complete };
}
