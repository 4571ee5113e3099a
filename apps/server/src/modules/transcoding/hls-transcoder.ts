import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Ffmpeg } from '../../adapters/ffmpeg/ffmpeg.ts';
import { UnsupportedMediaError } from '../../adapters/ffmpeg/unsupported-media-error.ts';
import {
  codecsAttribute,
  measureBandwidth,
  parseMediaPlaylist,
  renderMasterPlaylist,
  type MediaPlaylist,
  type VariantStream,
} from './hls-playlists.ts';
import type { LadderPlan, Rung } from './ladder.ts';
import {
  buildHlsLadderArgs,
  buildPosterArgs,
  renditionPlaylist,
  variantFolder,
} from './transcode-commands.ts';

export const MASTER_PLAYLIST = 'master.m3u8';
export const POSTER = 'poster.jpg';

/** Renditions whose segments differ by more than this could not be switched between cleanly. */
const ALIGNMENT_TOLERANCE_SECONDS = 0.1;

export interface HlsRendition {
  name: string;
  width: number;
  height: number;
  /** Measured peak segment bitrate, bits per second, as written in the master playlist. */
  bandwidth: number;
  averageBandwidth: number;
  /** Relative to the output directory, like every path of the result. */
  playlist: string;
  segmentCount: number;
}

export interface HlsTranscodeResult {
  outputDir: string;
  /** Length of the encoded video. */
  durationSeconds: number;
  /** Highest first, as in the master playlist. */
  renditions: HlsRendition[];
  master: string;
  thumbnail: string;
}

export interface HlsTranscodeOptions {
  input: string;
  plan: LadderPlan;
  /**
   * Receives the finished result, or nothing: the work happens in `<outputDir>.partial`, which
   * replaces `outputDir` only once everything is written and checked, so a run can be repeated.
   * One run per output directory at a time: the job queue sees to that.
   */
  outputDir: string;
  /** Whole percents; 100 once the result is in place. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Default: 20 s per second of source, at least 2 minutes, room for a loaded 2-core machine. */
  timeoutMs?: number;
}

export class HlsValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HlsValidationError';
  }
}

interface WrittenRendition {
  rung: Rung;
  playlist: MediaPlaylist;
}

/**
 * Encodes the plan's rungs in one ffmpeg run (decoding the source once), writes a poster, checks
 * the renditions against each other and the source, and writes the master playlist from what was
 * measured. Run it with `planQuickRendition(plan)` first to have something playable early.
 */
export async function transcodeToHls(
  ffmpeg: Ffmpeg,
  { input, plan, outputDir, onProgress, signal, timeoutMs }: HlsTranscodeOptions,
): Promise<HlsTranscodeResult> {
  const staging = `${outputDir}.partial`;
  const runTimeoutMs = timeoutMs ?? Math.max(120_000, plan.durationSeconds * 20_000);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const trimAudioPriming = (await ffmpeg.canDropPackets?.()) ?? false;
    await ffmpeg.run(buildHlsLadderArgs(plan, input, staging, { trimAudioPriming }), {
      timeoutMs: runTimeoutMs,
      signal,
      durationSeconds: plan.durationSeconds,
      onProgress: onProgress && ((percent) => onProgress(Math.min(99, percent))),
    });
    for (const [index, rung] of plan.rungs.entries()) {
      await rename(path.join(staging, variantFolder(index)), path.join(staging, rung.name));
    }
    await ffmpeg.run(buildPosterArgs(plan, input, path.join(staging, POSTER)), {
      timeoutMs: 60_000,
      signal,
    });
    const written = await Promise.all(
      plan.rungs.map(async (rung) => ({
        rung,
        playlist: parseMediaPlaylist(
          await readFile(path.join(staging, renditionPlaylist(rung.name)), 'utf8'),
        ),
      })),
    );
    const durationSeconds = checkRenditions(written, plan);
    const renditions = await Promise.all(
      written.map((rendition) => describeRendition(ffmpeg, staging, rendition, plan, signal)),
    );
    await writeFile(
      path.join(staging, MASTER_PLAYLIST),
      renderMasterPlaylist(renditions.map(({ variant }) => variant)),
    );
    await rm(outputDir, { recursive: true, force: true });
    await rename(staging, outputDir);
    onProgress?.(100);
    return {
      outputDir,
      durationSeconds,
      renditions: renditions.map(({ rendition }) => rendition),
      master: MASTER_PLAYLIST,
      thumbnail: POSTER,
    };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

const totalSeconds = (playlist: MediaPlaylist) =>
  playlist.segments.reduce((sum, segment) => sum + segment.durationSeconds, 0);

/**
 * Every rendition must be complete and cut at the same instants as the first, and together they
 * must reach the end of the source's video: a damaged file can decode without an error and stop
 * early. Returns the encoded length.
 */
function checkRenditions(written: WrittenRendition[], plan: LadderPlan): number {
  const [reference, ...others] = written;
  if (!reference) throw new HlsValidationError('The plan has no rendition');
  for (const { rung, playlist } of written) {
    if (!playlist.complete || playlist.segments.length === 0) {
      throw new HlsValidationError(`Rendition ${rung.name} was not finished by ffmpeg`);
    }
  }
  for (const { rung, playlist } of others) {
    if (playlist.segments.length !== reference.playlist.segments.length) {
      throw new HlsValidationError(
        `Rendition ${rung.name} has ${playlist.segments.length} segments, ` +
          `${reference.rung.name} has ${reference.playlist.segments.length}`,
      );
    }
    playlist.segments.forEach((segment, index) => {
      const expected = reference.playlist.segments[index]!.durationSeconds;
      if (Math.abs(segment.durationSeconds - expected) > ALIGNMENT_TOLERANCE_SECONDS) {
        throw new HlsValidationError(
          `Segment ${index} of ${rung.name} lasts ${segment.durationSeconds} s, ` +
            `${expected} s in ${reference.rung.name}`,
        );
      }
    });
    const difference = Math.abs(totalSeconds(playlist) - totalSeconds(reference.playlist));
    if (difference > ALIGNMENT_TOLERANCE_SECONDS) {
      throw new HlsValidationError(
        `Rendition ${rung.name} differs in length from ${reference.rung.name} by ${difference.toFixed(2)} s`,
      );
    }
  }
  const encodedSeconds = totalSeconds(reference.playlist);
  const allowedShortfall = Math.max(0.5, plan.videoSeconds * 0.01);
  if (encodedSeconds < plan.videoSeconds - allowedShortfall) {
    throw new UnsupportedMediaError(
      'truncated',
      `This video stops after ${encodedSeconds.toFixed(1)} s of ${plan.videoSeconds.toFixed(1)} s: ` +
        'the file is incomplete or damaged.',
    );
  }
  return encodedSeconds;
}

/** Measures a written rendition: bitrates from segment sizes, codec and size from its first segment. */
async function describeRendition(
  ffmpeg: Ffmpeg,
  dir: string,
  { rung, playlist }: WrittenRendition,
  plan: LadderPlan,
  signal: AbortSignal | undefined,
): Promise<{ rendition: HlsRendition; variant: VariantStream }> {
  const playlistFile = renditionPlaylist(rung.name);
  const segmentFile = (uri: string) => path.join(dir, path.dirname(playlistFile), uri);
  const sized = await Promise.all(
    playlist.segments.map(async ({ uri, durationSeconds }) => ({
      bytes: (await stat(segmentFile(uri))).size,
      durationSeconds,
    })),
  );
  const { peak, average } = measureBandwidth(sized);
  const { video, audio } = await ffmpeg.probe(segmentFile(playlist.segments[0]!.uri), { signal });
  if (video.profile === null || video.level === null) {
    throw new HlsValidationError(`Rendition ${rung.name} does not say its H.264 profile and level`);
  }
  if (!audio) throw new HlsValidationError(`Rendition ${rung.name} has no sound track`);
  return {
    rendition: {
      name: rung.name,
      width: video.width,
      height: video.height,
      bandwidth: peak,
      averageBandwidth: average,
      playlist: playlistFile,
      segmentCount: playlist.segments.length,
    },
    variant: {
      uri: playlistFile,
      bandwidth: peak,
      averageBandwidth: average,
      width: video.width,
      height: video.height,
      codecs: codecsAttribute(video.profile, video.level, true),
      frameRate: video.frameRate,
    },
  };
}
