import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchRendition } from './renditions.ts';
import { makeVariant } from './test/fakes.ts';

const ladder = (...heights: number[]) => heights.map((height) => makeVariant(height));

describe('matchRendition', () => {
  it('takes the same size when the item has it', () => {
    expect(matchRendition(makeVariant(720), ladder(1080, 720, 480, 360))).toBe(1);
  });

  it('takes the largest smaller picture when the size is missing', () => {
    // A 1080p level over an item made from a 720p source.
    expect(matchRendition(makeVariant(1080), ladder(720, 480, 360))).toBe(0);
    expect(matchRendition(makeVariant(600), ladder(1080, 720, 480, 360))).toBe(2);
  });

  it('takes the smallest picture when every one is larger', () => {
    expect(matchRendition(makeVariant(240), ladder(1080, 720, 480, 360))).toBe(3);
  });

  it('compares the short side, so portrait and landscape rungs of a name match', () => {
    const portraitLevel = makeVariant(720, { width: 720, height: 1280 });
    const landscape = [makeVariant(1080), makeVariant(720), makeVariant(360)];
    expect(matchRendition(portraitLevel, landscape)).toBe(1);
  });

  it('compares bitrates when a size is not known', () => {
    const level = { bandwidth: 2_000_000 };
    const candidates = [{ bandwidth: 5_000_000 }, { bandwidth: 1_500_000 }, { bandwidth: 800_000 }];
    expect(matchRendition(level, candidates)).toBe(1);
    expect(matchRendition({ bandwidth: 100 }, candidates)).toBe(2);
    // One candidate without a size: all are compared by bitrate.
    const mixed = [makeVariant(480, { bandwidth: 500 }), { bandwidth: 2_000_000 }];
    expect(matchRendition(makeVariant(720), mixed)).toBe(1);
  });

  it('breaks a tie of sizes by the bitrate nearest the level', () => {
    const level = makeVariant(720, { bandwidth: 3_000_000 });
    const candidates = [
      makeVariant(720, { bandwidth: 6_000_000 }),
      makeVariant(720, { bandwidth: 2_800_000 }),
    ];
    expect(matchRendition(level, candidates)).toBe(1);
  });

  it('refuses an empty ladder', () => {
    expect(() => matchRendition(makeVariant(720), [])).toThrow('No rendition');
  });

  it('never picks a larger picture than the level while a smaller one exists', () => {
    const height = fc.integer({ min: 100, max: 2160 });
    fc.assert(
      fc.property(height, fc.array(height, { minLength: 1, maxLength: 6 }), (level, heights) => {
        const chosen = heights[matchRendition(makeVariant(level), ladder(...heights))]!;
        if (heights.some((h) => h <= level)) {
          expect(chosen).toBe(Math.max(...heights.filter((h) => h <= level)));
        } else {
          expect(chosen).toBe(Math.min(...heights));
        }
      }),
    );
  });
});
