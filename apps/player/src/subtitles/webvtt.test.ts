import { describe, expect, it } from 'vitest';
import { parseWebVtt, shiftCues } from './webvtt.ts';

const FILE = [
  '\uFEFFWEBVTT',
  '',
  'NOTE made from SRT',
  '',
  '1',
  '00:00:00.500 --> 00:00:02.000 align:center',
  'The forest at dawn',
  '',
  '00:02.250 --> 00:03.750',
  'Two lines,',
  'both kept',
  '',
  '',
  'broken',
  '00:00:05 --> 00:00:06',
  'no milliseconds: skipped',
  '',
  '01:00:00.000 --> 01:00:01.000',
  'an hour in',
  '',
].join('\r\n');

describe('parseWebVtt', () => {
  it('reads cues with or without identifiers, hours optional, skipping what is not a cue', () => {
    expect(parseWebVtt(FILE)).toEqual([
      { start: 0.5, end: 2, text: 'The forest at dawn' },
      { start: 2.25, end: 3.75, text: 'Two lines,\nboth kept' },
      { start: 3600, end: 3601, text: 'an hour in' },
    ]);
  });

  it('reads nothing from an empty file', () => {
    expect(parseWebVtt('WEBVTT\n')).toEqual([]);
  });
});

describe('shiftCues', () => {
  it('moves a node’s cues to where the node starts in the joined stream', () => {
    const cues = parseWebVtt(FILE).slice(0, 2);
    expect(shiftCues(cues, 11)).toEqual([
      { start: 11.5, end: 13, text: 'The forest at dawn' },
      { start: 13.25, end: 14.75, text: 'Two lines,\nboth kept' },
    ]);
    expect(shiftCues(cues, 0)).toEqual(cues);
  });
});
