import { CONTENT_LANGUAGES, LINEAR_CUT_FRAME_RATE } from '@plotline/core';
import { videoInput, webVttInput } from '../../adapters/ffmpeg/media-input.ts';
import { cuesToWebVtt, parseSrt, type SubtitleCue } from '../transcoding/subtitles.ts';

/**
 * The ffmpeg command of a linear cut (pure, so its shape is tested without ffmpeg): every part's
 * source scaled into the project's frame (letterboxed, never stretched), brought to one frame rate,
 * its sound to 48 kHz stereo (silence for a part without sound), each part cut to its own length,
 * then joined by the concat filter; H.264 and AAC in an MP4 whose index sits at its start.
 */

/** One part of a cut as the command needs it: its source file, length and whether it has sound. */
export interface RenderPart {
  input: string;
  /** The part's length in seconds, whole frames at the cut's rate (see `partSeconds`). */
  seconds: number;
  hasAudio: boolean;
}

export interface RenderPlan {
  parts: RenderPart[];
  width: number;
  height: number;
  /** The merged subtitles (WebVTT file) and their ISO 639-2 code, or null for none. */
  subtitles: { file: string; language: string } | null;
  output: string;
}

/** A part lasts whole frames, so the next one starts on a frame and the subtitles' shifts match. */
export function partSeconds(sourceSeconds: number): number {
  return Math.max(1, Math.round(sourceSeconds * LINEAR_CUT_FRAME_RATE)) / LINEAR_CUT_FRAME_RATE;
}

/** The cut's audio: AAC's usual rate and layout, as the ladder's. */
const SAMPLE_RATE = 48_000;

export function linearCutArgs(plan: RenderPlan): string[] {
  const { width, height, parts } = plan;
  const filters = parts.flatMap((part, index) => {
    const seconds = part.seconds.toFixed(6);
    const video =
      `[${index}:v:0]scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
      `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,` +
      `fps=${LINEAR_CUT_FRAME_RATE},format=yuv420p,` +
      `trim=duration=${seconds},setpts=PTS-STARTPTS[v${index}]`;
    // apad then atrim: a sound track shorter than the picture ends in silence, a longer one is cut.
    const audio = part.hasAudio
      ? `[${index}:a:0]aresample=${SAMPLE_RATE},` +
        `aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=stereo,` +
        `apad,atrim=duration=${seconds},asetpts=PTS-STARTPTS[a${index}]`
      : `anullsrc=r=${SAMPLE_RATE}:cl=stereo,atrim=duration=${seconds},` +
        `aformat=sample_fmts=fltp[a${index}]`;
    return [video, audio];
  });
  const joined = parts.map((_, index) => `[v${index}][a${index}]`).join('');
  filters.push(`${joined}concat=n=${parts.length}:v=1:a=1[v][a]`);
  const subtitleInput = parts.length;
  return [
    ...parts.flatMap((part) => videoInput(part.input)),
    ...(plan.subtitles ? webVttInput(plan.subtitles.file) : []),
    '-filter_complex',
    filters.join(';'),
    ...['-map', '[v]', '-map', '[a]'],
    ...(plan.subtitles
      ? [
          ...['-map', `${subtitleInput}:0`, '-c:s', 'mov_text'],
          ...['-metadata:s:s:0', `language=${plan.subtitles.language}`],
        ]
      : []),
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', String(SAMPLE_RATE), '-ac', '2'],
    ...['-movflags', '+faststart'],
    plan.output,
  ];
}

/**
 * The subtitles of every part in one WebVTT file: each part's cues (SRT as uploaded) shifted by
 * the part's start, and cut at its end (a cue running past its part would cover the next one). A
 * part without subtitles adds none; null when no part has any.
 */
export function mergedSubtitles(
  parts: readonly { seconds: number; srt: string | null }[],
): string | null {
  const cues: SubtitleCue[] = [];
  let startMs = 0;
  for (const part of parts) {
    const endMs = startMs + Math.round(part.seconds * 1000);
    for (const cue of part.srt === null ? [] : parseSrt(part.srt)) {
      const start = startMs + cue.startMs;
      const end = Math.min(endMs, startMs + cue.endMs);
      if (start < end) cues.push({ id: null, startMs: start, endMs: end, text: cue.text });
    }
    startMs = endMs;
  }
  return cues.length === 0 ? null : cuesToWebVtt(cues);
}

/**
 * The ISO 639-2 (bibliographic) code an MP4 track's language takes, by language id; "und" for
 * one it cannot name.
 */
const ISO_639_2: Record<string, string> = {
  en: 'eng',
  id: 'ind',
  de: 'ger',
  es: 'spa',
  zh: 'chi',
  ar: 'ara',
  fr: 'fre',
  pt: 'por',
  ja: 'jpn',
  ko: 'kor',
};

export function trackLanguage(languageId: number): string {
  const code = CONTENT_LANGUAGES.find((language) => language.language_id === languageId)?.code;
  return (code && ISO_639_2[code]) ?? 'und';
}
