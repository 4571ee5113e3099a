import type { BannerKind, ViewMode } from './media.ts';
import type { BannerComponentType } from './plot.ts';

/**
 * Which banner image a node's banner component shows: a horizontal component the horizontal
 * image; a vertical one the regular vertical image, or the long one in a vertical project, whose
 * tall frame has room for it (falling back to the other vertical image when one is missing).
 *
 * Zod-free, like every rule of core: the player imports it as `@plotline/core/banner-kinds`.
 */
export function bannerImageKinds(
  type: BannerComponentType,
  viewMode: ViewMode | null,
): BannerKind[] {
  if (type === 'horizontal') return ['horizontal'];
  return viewMode === 'vertical'
    ? ['vertical_long', 'vertical_regular']
    : ['vertical_regular', 'vertical_long'];
}
