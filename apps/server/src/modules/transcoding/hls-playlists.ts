export interface MediaSegment {
  uri: string;
  durationSeconds: number;
}

export interface MediaPlaylist {
  segments: MediaSegment[];
  /** `#EXT-X-ENDLIST` seen: ffmpeg finished the rendition. */
  complete: boolean;
}

/** Reads the segments of an HLS media playlist: each `#EXTINF:<seconds>,` names the next URI. */
export function parseMediaPlaylist(text: string): MediaPlaylist {
  const segments: MediaSegment[] = [];
  let pendingDuration: number | null = null;
  let complete = false;
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (line.startsWith('#EXTINF:')) {
      pendingDuration = Number.parseFloat(line.slice('#EXTINF:'.length));
    } else if (line === '#EXT-X-ENDLIST') {
      complete = true;
    } else if (line && !line.startsWith('#')) {
      if (pendingDuration === null || !Number.isFinite(pendingDuration)) {
        throw new Error(`Segment ${line} has no #EXTINF duration`);
      }
      segments.push({ uri: line, durationSeconds: pendingDuration });
      pendingDuration = null;
    }
  }
  return { segments, complete };
}

/**
 * Bits per second of a rendition from its segments as written: the peak over single segments
 * (what HLS's BANDWIDTH means) and the average over the whole (AVERAGE-BANDWIDTH).
 */
export function measureBandwidth(segments: { bytes: number; durationSeconds: number }[]): {
  peak: number;
  average: number;
} {
  let peak = 0;
  let totalBits = 0;
  let totalSeconds = 0;
  for (const { bytes, durationSeconds } of segments) {
    if (durationSeconds <= 0) continue;
    peak = Math.max(peak, (bytes * 8) / durationSeconds);
    totalBits += bytes * 8;
    totalSeconds += durationSeconds;
  }
  return {
    peak: Math.ceil(peak),
    average: totalSeconds > 0 ? Math.ceil(totalBits / totalSeconds) : 0,
  };
}

/** profile_idc and constraint flags of the H.264 profiles x264 writes for 8-bit 4:2:0. */
const AVC_PROFILES: Record<string, string> = {
  'Constrained Baseline': '42e0',
  Baseline: '4200',
  Main: '4d40',
  High: '6400',
};

/** The RFC 6381 CODECS value, e.g. `avc1.64001f,mp4a.40.2` for High 3.1 with AAC-LC. */
export function codecsAttribute(profile: string, level: number, hasAudio: boolean): string {
  const profileHex = AVC_PROFILES[profile];
  if (!profileHex) throw new Error(`No CODECS value for the H.264 profile "${profile}"`);
  const video = `avc1.${profileHex}${level.toString(16).padStart(2, '0')}`;
  return hasAudio ? `${video},mp4a.40.2` : video;
}

export interface VariantStream {
  /** Relative to the master playlist. */
  uri: string;
  bandwidth: number;
  averageBandwidth: number;
  width: number;
  height: number;
  codecs: string;
  frameRate: number;
}

/** The master playlist, variants in the order given. */
export function renderMasterPlaylist(variants: VariantStream[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const variant of variants) {
    const attributes = [
      `BANDWIDTH=${variant.bandwidth}`,
      `AVERAGE-BANDWIDTH=${variant.averageBandwidth}`,
      `RESOLUTION=${variant.width}x${variant.height}`,
      `CODECS="${variant.codecs}"`,
      `FRAME-RATE=${variant.frameRate.toFixed(3)}`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, variant.uri);
  }
  return `${lines.join('\n')}\n`;
}
