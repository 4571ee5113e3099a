import type { MediaProbe } from '../../adapters/ffmpeg/media-probe.ts';

export type X264Preset = 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';

/** One rendition of the HLS ladder. */
export interface Rung {
  /** The short side with a "p", e.g. "720p" (for portrait too); names the rendition's folder. */
  name: string;
  width: number;
  height: number;
  /**
   * Scales to the rung's size, computed from the source's display aspect, and marks the pixels
   * square: left to itself, ffmpeg's scaler keeps the shape by giving the pixels the aspect its
   * rounding lost (SAR 1280:1281 for 854x480 from 1920x1080), which browsers show as 853x480.
   */
  scaleFilter: string;
  videoBitrateKbps: number;
  audioBitrateKbps: number;
}

export interface LadderPlan {
  /** The file's length, which ffmpeg's progress time is measured against. */
  durationSeconds: number;
  /** The video track's length, which the encoded renditions must reach. */
  videoSeconds: number;
  /** Constant output rate: the source's mean, at most 60, so variable-rate clips segment evenly. */
  frameRate: number;
  preset: X264Preset;
  /** Segment length; keyframes are forced at the same interval so all rungs cut together. */
  segmentSeconds: number;
  /** Highest first. */
  rungs: Rung[];
  /**
   * Every rendition has sound in one layout, whatever the source, so that one stream can play
   * every item of a story in a row: the source's track, or silence made up for a silent source.
   */
  audio: { from: 'source' | 'silence'; channels: number; sampleRate: number };
  poster: { atSeconds: number; width: number; height: number };
}

/** Short side → bitrates; the video figures are for 30 fps synthetic-to-typical content. */
const RUNGS = [
  { shortSide: 1080, videoBitrateKbps: 5000, audioBitrateKbps: 128 },
  { shortSide: 720, videoBitrateKbps: 2800, audioBitrateKbps: 128 },
  { shortSide: 480, videoBitrateKbps: 1400, audioBitrateKbps: 96 },
  { shortSide: 360, videoBitrateKbps: 800, audioBitrateKbps: 96 },
] as const;

/** AAC's usual rate and layout; a mono source plays on both sides. */
const AUDIO_CHANNELS = 2;
const AUDIO_SAMPLE_RATE = 48_000;

const SMALLEST_RUNG = RUNGS[RUNGS.length - 1]!;
const MAX_FRAME_RATE = 60;
const POSTER_LONG_SIDE = 1280;

/**
 * The other side for a fixed short side: the nearest multiple of 2 (halves rounded up, as ffmpeg's
 * `scale=...:-2` would) to the display aspect's.
 */
function evenLongSide(shortSide: number, sourceShort: number, sourceLong: number): number {
  return Math.floor((shortSide * sourceLong + sourceShort) / (2 * sourceShort)) * 2;
}

function makeRung(
  shortSide: number,
  bitrates: { videoBitrateKbps: number; audioBitrateKbps: number },
  source: { width: number; height: number },
): Rung {
  const portrait = source.height > source.width;
  const sourceShort = Math.min(source.width, source.height);
  const sourceLong = Math.max(source.width, source.height);
  const longSide = evenLongSide(shortSide, sourceShort, sourceLong);
  return {
    name: `${shortSide}p`,
    width: portrait ? shortSide : longSide,
    height: portrait ? longSide : shortSide,
    scaleFilter: portrait
      ? `scale=${shortSide}:${longSide},setsar=1`
      : `scale=${longSide}:${shortSide},setsar=1`,
    ...bitrates,
  };
}

/**
 * The renditions for a source: the standard short sides no larger than the source's, or, for a
 * source smaller than the smallest, one rendition at its own (even) size.
 */
function planRungs(source: { width: number; height: number }): Rung[] {
  const sourceShort = Math.min(source.width, source.height);
  const fitting = RUNGS.filter((rung) => rung.shortSide <= sourceShort);
  if (fitting.length > 0) {
    return fitting.map(({ shortSide, ...bitrates }) => makeRung(shortSide, bitrates, source));
  }
  const ownShortSide = Math.max(2, Math.floor(sourceShort / 2) * 2);
  const areaRatio =
    (ownShortSide * ownShortSide) / (SMALLEST_RUNG.shortSide * SMALLEST_RUNG.shortSide);
  const videoBitrateKbps = Math.max(
    200,
    Math.round((SMALLEST_RUNG.videoBitrateKbps * areaRatio) / 10) * 10,
  );
  return [
    makeRung(
      ownShortSide,
      { videoBitrateKbps, audioBitrateKbps: SMALLEST_RUNG.audioBitrateKbps },
      source,
    ),
  ];
}

function planPoster(top: Rung, durationSeconds: number): LadderPlan['poster'] {
  const atSeconds = Math.min(1, durationSeconds * 0.1);
  const longSide = Math.max(top.width, top.height);
  if (longSide <= POSTER_LONG_SIDE) return { atSeconds, width: top.width, height: top.height };
  const shortSide =
    Math.round((Math.min(top.width, top.height) * POSTER_LONG_SIDE) / longSide / 2) * 2;
  return top.height > top.width
    ? { atSeconds, width: shortSide, height: POSTER_LONG_SIDE }
    : { atSeconds, width: POSTER_LONG_SIDE, height: shortSide };
}

export interface LadderOptions {
  preset?: X264Preset;
  segmentSeconds?: number;
}

/** Plans the full HLS ladder for a probed source. */
export function planLadder(
  probe: MediaProbe,
  { preset = 'veryfast', segmentSeconds = 4 }: LadderOptions = {},
): LadderPlan {
  // The display size: the sample aspect ratio and the rotation applied, so rungs have square pixels.
  const source = { width: probe.video.displayWidth, height: probe.video.displayHeight };
  const rungs = planRungs(source);
  const sourceRate = probe.video.frameRate > 0 ? probe.video.frameRate : 30;
  const videoSeconds = probe.video.durationSeconds ?? probe.durationSeconds;
  return {
    durationSeconds: probe.durationSeconds,
    videoSeconds,
    frameRate: Math.min(MAX_FRAME_RATE, Math.round(sourceRate * 1e6) / 1e6),
    preset,
    segmentSeconds,
    rungs,
    audio: {
      from: probe.audio ? 'source' : 'silence',
      channels: AUDIO_CHANNELS,
      sampleRate: AUDIO_SAMPLE_RATE,
    },
    // Timed on the video track: with a longer sound track, 10% of the file could miss the picture.
    poster: planPoster(rungs[0]!, videoSeconds),
  };
}

/**
 * The quick first pass that makes an item playable early: the lowest rung alone, at x264's
 * fastest preset (about 1 CPU-second per second of video on the measured machine).
 */
export function planQuickRendition(plan: LadderPlan): LadderPlan {
  return { ...plan, preset: 'ultrafast', rungs: [plan.rungs[plan.rungs.length - 1]!] };
}
