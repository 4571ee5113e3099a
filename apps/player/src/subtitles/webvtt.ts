/** A subtitle cue, in seconds from the start of its node's item. */
export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
}

/** `01:02:03.456` or `02:03.456`. */
const TIMESTAMP = /^(?:(\d+):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)/;

function seconds(text: string): number | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const [, hours = '0', minutes, secs, millis] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}

/**
 * The cues of a WebVTT file (hls.js's light build reads no subtitles). Blocks without a timing
 * line (the header, NOTE, STYLE, REGION) are skipped, as are cues whose timing cannot be read.
 */
export function parseWebVtt(text: string): SubtitleCue[] {
  const cues: SubtitleCue[] = [];
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n').filter((line, index) => index > 0 || line.trim() !== '');
    const timingLine = lines.findIndex((line) => line.includes('-->'));
    // The timing is the first line, or the second after a cue identifier.
    if (timingLine < 0 || timingLine > 1) continue;
    const timing = TIMING.exec(lines[timingLine]!.trim());
    const start = timing && seconds(timing[1]!);
    const end = timing && seconds(timing[2]!);
    if (start === null || end === null || end <= start) continue;
    const cueText = lines
      .slice(timingLine + 1)
      .join('\n')
      .trim();
    if (cueText) cues.push({ start, end, text: cueText });
  }
  return cues;
}

/**
 * Places a node's cues on the video's timeline: the path plays as one stream, and the node starts
 * `offset` seconds into it (the engine's `nodestart.at`).
 */
export function shiftCues(cues: readonly SubtitleCue[], offset: number): SubtitleCue[] {
  return cues.map(({ start, end, text }) => ({ start: start + offset, end: end + offset, text }));
}
