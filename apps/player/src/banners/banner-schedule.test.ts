import { describe, expect, it } from 'vitest';
import { makeWatchData } from '../test/watch-data.ts';
import { bannerImageUrl, dueBanners, hasBannerContent } from './banner-schedule.ts';

describe('dueBanners', () => {
  const banners = [
    { type: 'vertical' as const, time_start: 2 },
    { type: 'horizontal' as const, time_start: 5 },
  ];

  it('shows each component from its time_start into the node', () => {
    expect(dueBanners(banners, 0, new Set())).toEqual([]);
    expect(dueBanners(banners, 1.99, new Set())).toEqual([]);
    expect(dueBanners(banners, 2, new Set())).toEqual([banners[0]]);
    expect(dueBanners(banners, 7.5, new Set())).toEqual(banners);
  });

  it('no longer shows one the viewer closed', () => {
    expect(dueBanners(banners, 7.5, new Set(['vertical']))).toEqual([banners[1]]);
  });
});

describe('bannerImageUrl', () => {
  const { banner } = makeWatchData();

  it('shows the image of the kind core gives for the component and the orientation', () => {
    expect(bannerImageUrl(banner, 'horizontal', 'horizontal')).toBe('/media/banner/horizontal.png');
    expect(bannerImageUrl(banner, 'vertical', 'horizontal')).toBe('/media/banner/vertical.png');
    const long = {
      ...banner,
      images: { ...banner.images, vertical_long: '/media/banner/long.png' },
    };
    expect(bannerImageUrl(long, 'vertical', 'vertical')).toBe('/media/banner/long.png');
    expect(bannerImageUrl(long, 'vertical', 'horizontal')).toBe('/media/banner/vertical.png');
  });

  it('falls back to the other vertical image, and has none when no image of the kinds exists', () => {
    expect(bannerImageUrl(banner, 'vertical', 'vertical')).toBe('/media/banner/vertical.png');
    const none = {
      ...banner,
      images: { vertical_regular: null, vertical_long: null, horizontal: null },
    };
    expect(bannerImageUrl(none, 'horizontal', 'vertical')).toBeNull();
    expect(hasBannerContent(none, null)).toBe(true);
    expect(hasBannerContent({ ...none, url: '' }, null)).toBe(false);
  });
});
