import type { BannerComponentType, WatchData } from '@plotline/core';
import { bannerImageKinds } from '@plotline/core/banner-kinds';
import type { WatchBanner } from '../story/story.ts';

/**
 * The banner components of the node playing that are due `time` seconds into it (PLOT.md: shown
 * from `time_start`), but for those the viewer closed.
 */
export function dueBanners(
  banners: readonly WatchBanner[],
  time: number,
  closed: ReadonlySet<BannerComponentType>,
): WatchBanner[] {
  return banners.filter((banner) => time >= banner.time_start && !closed.has(banner.type));
}

/** The banner image a component of `type` shows in a project of `viewMode`; null when none. */
export function bannerImageUrl(
  banner: WatchData['banner'],
  type: BannerComponentType,
  viewMode: WatchData['view_mode'],
): string | null {
  for (const kind of bannerImageKinds(type, viewMode)) {
    const url = banner.images[kind];
    if (url) return url;
  }
  return null;
}

/** A banner is shown when it has something to show: its image, or a button leading somewhere. */
export function hasBannerContent(banner: WatchData['banner'], image: string | null): boolean {
  return image !== null || (banner.url.trim() !== '' && banner.button_text.trim() !== '');
}
