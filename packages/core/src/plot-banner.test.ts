import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGES } from './messages.ts';
import { bannerProblems } from './plot-banner.ts';
import type { PlotBanner } from './plot.ts';
import { bridge, clip } from './test/plot.ts';

describe('bannerProblems', () => {
  it('allows two components of different types on a clip', () => {
    const banner: PlotBanner[] = [
      { type: 'horizontal', time_start: 5 },
      { type: 'vertical', time_start: 0 },
    ];
    expect(bannerProblems(banner, clip(1))).toEqual([]);
  });

  it('allows at most 2 on a clip and no repeated type', () => {
    expect(
      bannerProblems(
        [
          { type: 'horizontal', time_start: 0 },
          { type: 'vertical', time_start: 0 },
          { type: 'vertical', time_start: 1 },
        ],
        clip(1),
      ),
    ).toEqual([MESSAGES.plotBannerTooManyClip, MESSAGES.plotBannerRepeated]);
    expect(
      bannerProblems(
        [
          { type: 'vertical', time_start: 0 },
          { type: 'vertical', time_start: 3 },
        ],
        clip(1),
      ),
    ).toEqual([MESSAGES.plotBannerRepeated]);
  });

  it('allows one horizontal component on a bridge and nothing else', () => {
    expect(bannerProblems([{ type: 'horizontal', time_start: 10 }], bridge(11))).toEqual([]);
    expect(bannerProblems([{ type: 'vertical', time_start: 0 }], bridge(11))).toEqual([
      MESSAGES.plotBannerBridgeType,
    ]);
    expect(
      bannerProblems(
        [
          { type: 'horizontal', time_start: 0 },
          { type: 'horizontal', time_start: 1 },
        ],
        bridge(11),
      ),
    ).toEqual([MESSAGES.plotBannerTooManyBridge, MESSAGES.plotBannerRepeated]);
  });

  it('keeps the start within the duration, in whole seconds', () => {
    const problem = formatMessage(MESSAGES.plotBannerTime, { duration: 10 });
    expect(bannerProblems([{ type: 'horizontal', time_start: 11 }], bridge(11))).toEqual([problem]);
    expect(bannerProblems([{ type: 'horizontal', time_start: -1 }], bridge(11))).toEqual([problem]);
    expect(bannerProblems([{ type: 'horizontal', time_start: 1.5 }], bridge(11))).toEqual([
      problem,
    ]);
  });

  it('allows only a start at 0 while the duration is unknown', () => {
    expect(bannerProblems([{ type: 'vertical', time_start: 0 }], clip(3, null))).toEqual([]);
    expect(bannerProblems([{ type: 'vertical', time_start: 1 }], clip(3, null))).toEqual([
      MESSAGES.plotBannerNoDuration,
    ]);
  });

  it('refuses an unknown type', () => {
    expect(bannerProblems([{ type: 'square' as 'vertical', time_start: 0 }], clip(1))).toContain(
      MESSAGES.plotBannerType,
    );
  });
});
