import path from 'node:path';
import { videoInput } from '../../adapters/ffmpeg/media-input.ts';
import type { LadderPlan } from './ladder.ts';

/** Where the media playlist of a rendition lives, relative to the output directory. */
export const renditionPlaylist = (rungName: string) => `${rungName}/index.m3u8`;

/**
 * The folder ffmpeg writes rung `index` into: `%v` stands for the variant's index, because the 2018
 * ffmpeg of the npm fallback refuses `name:` in -var_stream_map. The transcoder renames each folder
 * after its rung once ffmpeg is done; ffmpeg 5.1 writes the same bytes either way.
 */
export const variantFolder = (index: number) => String(index);

export interface HlsLadderOptions {
  /**
   * Drops each rendition's first AAC packet, the encoder's priming (1024 samples of silence,
   * 21.3 ms at 48 kHz), so the sound starts with the picture and a switch to this item is not
   * 21 ms of silence. Needs ffmpeg 5's `noise` bitstream filter with expressions.
   */
  trimAudioPriming?: boolean;
}

/** Samples in one AAC frame. */
const AAC_FRAME_SAMPLES = 1024;

/**
 * The sound every rendition gets, split into one `[audioN]` per rung: the source's first track,
 * resampled to the plan's rate and layout, starting at 0, or silence for a silent source. Either
 * lasts the video's length rounded up to whole AAC frames: the player lays one item's sound right
 * after the previous item's last frame, so the encoder's zeros padding a last frame would be heard
 * as silence at every switch. The rounding is filled with the sound's last samples mirrored (a
 * few milliseconds past the last picture), the picture's length with the source's sound or silence.
 */
function audioGraph(plan: LadderPlan): string {
  const { audio, videoSeconds, rungs } = plan;
  const layout = audio.channels === 1 ? 'mono' : 'stereo';
  const videoSamples = Math.max(1, Math.round(videoSeconds * audio.sampleRate));
  const frames = Math.ceil(videoSamples / AAC_FRAME_SAMPLES);
  const outputs = rungs.map((_, index) => `[audio${index}]`).join('');
  const split = `asplit=${rungs.length}${outputs}`;
  if (audio.from === 'silence') {
    const silence = `anullsrc=channel_layout=${layout}:sample_rate=${audio.sampleRate}`;
    return `${silence},atrim=end_sample=${frames * AAC_FRAME_SAMPLES},${split}`;
  }
  const mirrorFrom = Math.max(0, videoSamples - AAC_FRAME_SAMPLES);
  return [
    `[0:a:0]aresample=${audio.sampleRate}:async=1:first_pts=0,aformat=channel_layouts=${layout},` +
      `apad,atrim=end_sample=${videoSamples},asplit=2[sound][soundtail]`,
    `[soundtail]atrim=start_sample=${mirrorFrom},areverse[mirror]`,
    `[sound][mirror]concat=n=2:v=0:a=1,atrim=end_sample=${frames * AAC_FRAME_SAMPLES},${split}`,
  ].join(';');
}

/**
 * ffmpeg arguments that decode the source once and encode every rung of the plan in the same run:
 * one `split` feeding a scaler per rung, the HLS muxer writing one variant per rung into
 * `variantFolder(index)`, and no master playlist (the transcoder writes its own). Keyframes are
 * forced on the segment grid by time, so every rendition cuts at the same instants whatever the
 * source's frame rate.
 */
export function buildHlsLadderArgs(
  plan: LadderPlan,
  input: string,
  outputDir: string,
  { trimAudioPriming = false }: HlsLadderOptions = {},
): string[] {
  const { rungs } = plan;
  const splitOutputs = rungs.map((_, index) => `[split${index}]`).join('');
  const filterGraph = [
    // 8-bit 4:2:0 is what H.264 players decode; 10-bit and 4:2:2 sources are converted once here.
    `[0:v]fps=${plan.frameRate},format=yuv420p,split=${rungs.length}${splitOutputs}`,
    ...rungs.map((rung, index) => `[split${index}]${rung.scaleFilter}[video${index}]`),
    audioGraph(plan),
  ].join(';');

  const maps = rungs.flatMap((_, index) => [
    ...['-map', `[video${index}]`],
    ...['-map', `[audio${index}]`],
  ]);
  // Per-rendition options are addressed as `:v:N` / `:a:N`: a bare `:N` means output stream N,
  // which is an audio stream, and x264 would silently keep its default.
  const perRendition = rungs.flatMap((rung, index) => [
    ...[`-preset:v:${index}`, plan.preset],
    ...[`-b:v:${index}`, `${rung.videoBitrateKbps}k`],
    ...[`-maxrate:v:${index}`, `${Math.round(rung.videoBitrateKbps * 1.1)}k`],
    ...[`-bufsize:v:${index}`, `${rung.videoBitrateKbps * 2}k`],
    ...[`-b:a:${index}`, `${rung.audioBitrateKbps}k`],
  ]);
  const streamMap = rungs.map((_, index) => `v:${index},a:${index}`).join(' ');

  return [
    ...videoInput(input),
    ...['-filter_complex', filterGraph],
    ...maps,
    ...['-c:v', 'libx264'],
    ...perRendition,
    ...['-force_key_frames:v', `expr:gte(t,n_forced*${plan.segmentSeconds})`],
    ...['-c:a', 'aac'],
    // `not(n)`: the first packet of each audio stream.
    ...(trimAudioPriming ? ['-bsf:a', 'noise=drop=not(n)'] : []),
    ...['-f', 'hls'],
    ...['-hls_time', String(plan.segmentSeconds)],
    ...['-hls_playlist_type', 'vod'],
    ...['-hls_flags', 'independent_segments'],
    ...['-hls_segment_type', 'mpegts'],
    ...['-hls_segment_filename', path.join(outputDir, '%v', 'segment-%04d.ts')],
    ...['-var_stream_map', streamMap],
    path.join(outputDir, '%v', 'index.m3u8'),
  ];
}

/** ffmpeg arguments for the poster: one JPEG frame, seeking before decoding so it stays cheap. */
export function buildPosterArgs(plan: LadderPlan, input: string, file: string): string[] {
  const { atSeconds, width, height } = plan.poster;
  return [
    ...['-ss', atSeconds.toFixed(3)],
    ...videoInput(input),
    ...['-frames:v', '1'],
    ...['-vf', `scale=${width}:${height},setsar=1`],
    ...['-q:v', '3'],
    '-an',
    ...['-f', 'image2'],
    file,
  ];
}
