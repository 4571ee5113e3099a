export interface SubtitleCue {
  /** The SRT cue number when the file had one; kept as the WebVTT cue identifier. */
  id: string | null;
  startMs: number;
  endMs: number;
  text: string;
}

/** What the uploader is told: which cue, on which line, and what is wrong with it. */
export class SubtitleParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SubtitleParseError';
  }
}

/** `00:01:02,345`; a dot instead of the comma and any number of hour digits are accepted. */
const TIMESTAMP = /^(\d+):([0-5]\d):([0-5]\d)[,.](\d{1,3})$/;
/** Two timestamps around an arrow; SRT's optional position (`X1:... Y2:...`) after them is ignored. */
const TIMING_LINE = /^(\S+)\s*-->\s*(\S+)(?:\s.*)?$/;

function readTime(text: string, what: string): number {
  const match = TIMESTAMP.exec(text);
  if (!match) {
    throw new SubtitleParseError(`${what} "${text}" is not a time such as 00:00:01,000.`);
  }
  const [hours, minutes, seconds] = match.slice(1, 4).map(Number) as [number, number, number];
  // The fraction is a decimal: ",5" is half a second.
  const milliseconds = Math.round(Number(`0.${match[4]}`) * 1000);
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + milliseconds;
}

interface Block {
  lines: string[];
  /** 1-based line number of the block's first line in the file. */
  firstLine: number;
}

/** Blocks of non-blank lines; any run of blank (or whitespace-only) lines separates them. */
function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') {
      current = null;
      return;
    }
    if (!current) {
      current = { lines: [], firstLine: index + 1 };
      blocks.push(current);
    }
    current.lines.push(line.trimEnd());
  });
  return blocks;
}

/**
 * Reads SubRip text: a byte-order mark, CRLF or CR line ends, extra blank lines and a missing final
 * newline are all fine, and cue numbers may be missing or out of order (they are not trusted).
 * A cue whose timing cannot be read, or ends before it starts, fails with the cue and line named.
 */
export function parseSrt(text: string): SubtitleCue[] {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const cues = splitBlocks(normalized).map(({ lines, firstLine }, index): SubtitleCue => {
    // The timing is the first line, or the second after a cue number (or other identifier).
    const timingIndex =
      TIMING_LINE.test(lines[0]!) || !(TIMING_LINE.test(lines[1] ?? '') || /^\d+$/.test(lines[0]!))
        ? 0
        : 1;
    const id = timingIndex === 1 ? lines[0]!.trim() : null;
    const name = `Cue ${id ?? index + 1} (line ${firstLine + timingIndex})`;
    const timing = TIMING_LINE.exec(lines[timingIndex] ?? '');
    if (!timing) {
      throw new SubtitleParseError(
        `${name}: expected a timing line such as "00:00:01,000 --> 00:00:04,000", ` +
          `found "${lines[timingIndex] ?? ''}".`,
      );
    }
    const startText = timing[1]!;
    const endText = timing[2]!;
    const startMs = readTime(startText, `${name}: the start time`);
    const endMs = readTime(endText, `${name}: the end time`);
    if (endMs < startMs) {
      throw new SubtitleParseError(
        `${name}: it ends (${endText}) before it starts (${startText}).`,
      );
    }
    return {
      id,
      startMs,
      endMs,
      text: lines.slice(timingIndex + 1).join('\n'),
    };
  });
  if (cues.length === 0) throw new SubtitleParseError('The subtitle file has no cues.');
  return cues;
}

function formatTimestamp(totalMs: number): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = Math.floor(totalMs / 3_600_000);
  const minutes = Math.floor(totalMs / 60_000) % 60;
  const seconds = Math.floor(totalMs / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(totalMs % 1000, 3)}`;
}

/**
 * Cue text as WebVTT allows it: SRT's <i>, <b> and <u> carry over, its <font> tags do not exist in
 * WebVTT and are dropped, and an arrow inside the text would end the cue early.
 */
function webVttText(text: string): string {
  return text
    .replace(/<\/?font\b[^>]*>/gi, '')
    .replace(/&(?![a-z]+;|#\d+;|#x[0-9a-f]+;)/gi, '&amp;')
    .replaceAll('-->', '--&gt;');
}

export function cuesToWebVtt(cues: SubtitleCue[]): string {
  const blocks = cues.map((cue) =>
    [
      ...(cue.id ? [cue.id] : []),
      `${formatTimestamp(cue.startMs)} --> ${formatTimestamp(cue.endMs)}`,
      ...(cue.text ? [webVttText(cue.text)] : []),
    ].join('\n'),
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** SRT as uploaded → WebVTT for browsers' <track>. */
export function srtToWebVtt(srt: string): string {
  return cuesToWebVtt(parseSrt(srt));
}
