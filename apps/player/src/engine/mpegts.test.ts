import { describe, expect, it } from 'vitest';
import { audioLead, firstTimestamps } from './mpegts.ts';
import { makeTsSegment } from './test/ts-segment.ts';

describe('firstTimestamps', () => {
  it('reads the first picture and sound timestamps, in seconds', () => {
    // As ffmpeg writes an item's first segment: picture at 1.4667 s, AAC priming 21.3 ms before.
    const segment = makeTsSegment({ videoPts: 132_000, audioPts: 130_080 });
    expect(firstTimestamps(segment)).toEqual({ video: 132_000 / 90_000, audio: 130_080 / 90_000 });
  });

  it('reads timestamps above 32 bits', () => {
    const pts = 2 ** 33 - 90_000;
    expect(firstTimestamps(makeTsSegment({ videoPts: pts })).video).toBe(pts / 90_000);
  });

  it('leaves out a stream the segment does not carry', () => {
    expect(firstTimestamps(makeTsSegment({ videoPts: 90_000 }))).toEqual({ video: 1 });
    expect(firstTimestamps(makeTsSegment({ audioPts: 90_000, audioType: 0x81 }))).toEqual({
      audio: 1,
    });
  });

  it('finds nothing in what is not MPEG-TS', () => {
    expect(firstTimestamps(new Uint8Array(1000))).toEqual({});
    expect(firstTimestamps(new TextEncoder().encode('#EXTM3U'))).toEqual({});
  });
});

describe('audioLead', () => {
  it('is how long the sound starts before the picture', () => {
    expect(audioLead({ video: 1.466667, audio: 1.445333 })).toBeCloseTo(0.021334, 6);
  });

  it('is 0 when the sound starts with or after the picture, or either is missing', () => {
    expect(audioLead({ video: 1.4, audio: 1.45 })).toBe(0);
    expect(audioLead({ video: 1.4 })).toBe(0);
    expect(audioLead({ audio: 1.4 })).toBe(0);
  });

  it('sees through the 33-bit clock wrapping between the two', () => {
    const wrap = 2 ** 33 / 90_000;
    expect(audioLead({ video: 0.01, audio: wrap - 0.01 })).toBeCloseTo(0.02, 6);
  });
});
