import { describe, expect, it } from 'vitest';
import { videoInput, webVttInput } from '../../adapters/ffmpeg/media-input.ts';
import { linearCutArgs, mergedSubtitles, partSeconds, trackLanguage } from './linear-cut-render.ts';

const srt = (...cues: [string, string, string][]) =>
  cues
    .map(([start, end, text], index) => `${index + 1}\n${start} --> ${end}\n${text}\n`)
    .join('\n');

describe('partSeconds', () => {
  it('rounds a part to whole frames at 30 fps, one frame at least', () => {
    expect(partSeconds(1.52)).toBeCloseTo(46 / 30, 9);
    expect(partSeconds(2)).toBe(2);
    expect(partSeconds(0)).toBeCloseTo(1 / 30, 9);
  });
});

describe('mergedSubtitles', () => {
  it("shifts each part's cues by its start and cuts those that run past its end", () => {
    const vtt = mergedSubtitles([
      {
        seconds: 2,
        srt: srt(['00:00:00,500', '00:00:01,500', 'One'], ['00:00:01,800', '00:00:03,000', 'Long']),
      },
      { seconds: 1, srt: null },
      {
        seconds: 3,
        srt: srt(
          ['00:00:00,000', '00:00:01,000', 'Three & more'],
          ['00:00:04,000', '00:00:05,000', 'Gone'],
        ),
      },
    ]);
    expect(vtt).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.500 --> 00:00:01.500',
        'One',
        '',
        '00:00:01.800 --> 00:00:02.000',
        'Long',
        '',
        '00:00:03.000 --> 00:00:04.000',
        'Three &amp; more',
        '',
      ].join('\n'),
    );
  });

  it('answers null when no part has a cue', () => {
    expect(mergedSubtitles([{ seconds: 1, srt: null }])).toBeNull();
  });
});

describe('linearCutArgs', () => {
  it('joins every part with sound, silence for a silent one, and the subtitles as mov_text', () => {
    const args = linearCutArgs({
      parts: [
        { input: 'a.mp4', seconds: 1, hasAudio: true },
        { input: 'b.mov', seconds: 1.5, hasAudio: false },
      ],
      width: 720,
      height: 1280,
      subtitles: { file: 'subs.vtt', language: 'ger' },
      output: 'out.mp4',
    });
    expect(args.filter((_, index) => args[index - 1] === '-i')).toEqual([
      'a.mp4',
      'b.mov',
      'subs.vtt',
    ]);
    // The stored sources are users' files; the subtitles are WebVTT the server wrote.
    expect(args.slice(0, 20)).toEqual([
      ...videoInput('a.mp4'),
      ...videoInput('b.mov'),
      ...webVttInput('subs.vtt'),
    ]);
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain(
      '[0:v:0]scale=720:1280:force_original_aspect_ratio=decrease,pad=720:1280',
    );
    expect(graph).toContain('[0:a:0]aresample=48000');
    expect(graph).toContain('anullsrc=r=48000:cl=stereo,atrim=duration=1.500000');
    expect(graph).not.toContain('[1:a:0]');
    expect(graph.endsWith('[v0][a0][v1][a1]concat=n=2:v=1:a=1[v][a]')).toBe(true);
    expect(args.join(' ')).toContain('-map 2:0 -c:s mov_text -metadata:s:s:0 language=ger');
    expect(args.join(' ')).toContain('-c:v libx264 -preset veryfast -crf 23');
    expect(args.slice(-3)).toEqual(['-movflags', '+faststart', 'out.mp4']);
  });

  it('leaves the subtitle track out when there is none', () => {
    const args = linearCutArgs({
      parts: [{ input: 'a.mp4', seconds: 1, hasAudio: true }],
      width: 1280,
      height: 720,
      subtitles: null,
      output: 'out.mp4',
    });
    expect(args).not.toContain('-c:s');
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
  });
});

describe('trackLanguage', () => {
  it('names the language in ISO 639-2 as MP4 tracks do', () => {
    expect(trackLanguage(1)).toBe('eng');
    expect(trackLanguage(6)).toBe('ara');
    expect(trackLanguage(999)).toBe('und');
  });
});
