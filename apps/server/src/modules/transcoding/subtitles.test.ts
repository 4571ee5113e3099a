import { describe, expect, it } from 'vitest';
import { parseSrt, srtToWebVtt, SubtitleParseError } from './subtitles.ts';

const SRT = `1
00:00:01,000 --> 00:00:04,500
Hello, <i>world</i>.

2
00:01:02,003 --> 01:00:00,000
Two lines
of text.
`;

describe('converting SRT to WebVTT', () => {
  it('writes the header, dotted timestamps, cue numbers as identifiers and the text', () => {
    expect(srtToWebVtt(SRT)).toBe(
      [
        'WEBVTT',
        '',
        '1',
        '00:00:01.000 --> 00:00:04.500',
        'Hello, <i>world</i>.',
        '',
        '2',
        '00:01:02.003 --> 01:00:00.000',
        'Two lines',
        'of text.',
        '',
      ].join('\n'),
    );
  });

  it('accepts a byte-order mark, CRLF, extra blank lines and no final newline', () => {
    const messy = `\uFEFF\r\n${SRT.trimEnd().replace(/\n\n/, '\n\n\n  \n').replace(/\n/g, '\r\n')}`;
    expect(srtToWebVtt(messy)).toBe(srtToWebVtt(SRT));
    expect(srtToWebVtt(`${SRT}\n\n\n`)).toBe(srtToWebVtt(SRT));
  });

  it('accepts old Mac line ends', () => {
    expect(srtToWebVtt(SRT.replace(/\n/g, '\r'))).toBe(srtToWebVtt(SRT));
  });

  it('does without cue numbers, and does not trust them', () => {
    const cues = parseSrt(
      '00:00:01,000 --> 00:00:02,000\nno number\n\n7\n00:00:03,000 --> 00:00:04,000\n42\n',
    );
    expect(cues).toEqual([
      { id: null, startMs: 1000, endMs: 2000, text: 'no number' },
      { id: '7', startMs: 3000, endMs: 4000, text: '42' },
    ]);
  });

  it('reads fractions as decimals, dots as commas, long hours and ignores positions', () => {
    const [cue] = parseSrt('1\n100:00:00.5 --> 100:00:01,25  X1:10 X2:20 Y1:5 Y2:30\ntext');
    expect(cue).toMatchObject({ startMs: 360_000_500, endMs: 360_001_250 });
  });

  it('keeps a cue without text, and a zero-length one', () => {
    expect(parseSrt('1\n00:00:01,000 --> 00:00:01,000\n')).toEqual([
      { id: '1', startMs: 1000, endMs: 1000, text: '' },
    ]);
  });

  it('drops <font> tags and escapes what would break WebVTT', () => {
    const vtt = srtToWebVtt(
      '1\n00:00:01,000 --> 00:00:02,000\n<font color="#ff0000">Tom & Jerry --> away</font> &amp;',
    );
    expect(vtt).toContain('\nTom &amp; Jerry --&gt; away &amp;\n');
  });
});

describe('refusing bad SRT', () => {
  const failure = (srt: string) => {
    try {
      parseSrt(srt);
    } catch (error) {
      expect(error).toBeInstanceOf(SubtitleParseError);
      return (error as Error).message;
    }
    throw new Error('parsed without complaint');
  };

  it('names the cue and line of a timestamp that is not a time', () => {
    expect(failure(`${SRT}\n3\n00:00:05,000 --> 00:00:0x,000\nbad\n`)).toBe(
      'Cue 3 (line 11): the end time "00:00:0x,000" is not a time such as 00:00:01,000.',
    );
    expect(failure('1\n00:61:00,000 --> 00:62:00,000\nx')).toMatch(
      /^Cue 1 \(line 2\): the start time "00:61:00,000"/,
    );
  });

  it('names a cue that ends before it starts', () => {
    expect(failure('00:00:05,000 --> 00:00:04,000\nbackwards')).toBe(
      'Cue 1 (line 1): it ends (00:00:04,000) before it starts (00:00:05,000).',
    );
  });

  it('names a cue without a timing line', () => {
    expect(failure(`${SRT}\n3\njust text\n`)).toBe(
      'Cue 3 (line 11): expected a timing line such as "00:00:01,000 --> 00:00:04,000", found "just text".',
    );
    expect(failure('1\n')).toBe(
      'Cue 1 (line 2): expected a timing line such as "00:00:01,000 --> 00:00:04,000", found "".',
    );
    expect(failure('only text')).toMatch(
      /^Cue 1 \(line 1\): expected a timing line.*found "only text"/,
    );
  });

  it('refuses a file without cues', () => {
    expect(failure('\uFEFF\r\n\r\n')).toBe('The subtitle file has no cues.');
  });
});
