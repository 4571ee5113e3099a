import { CONTENT_TYPE, type ContentType } from './media.ts';
import { formatMessage, MESSAGES } from './messages.ts';
import {
  BANNER_COMPONENT_TYPES,
  type BannerComponentType,
  type PlotBanner,
  type PlotItem,
} from './plot.ts';

/** A plot node's banner components (docs/PLOT.md): how many, which types, when they start. */

/** §5, §9: banner components per node, by the node's item type; a bridge takes horizontal only. */
export const BANNER_COMPONENTS_MAX: Record<ContentType, number> = {
  [CONTENT_TYPE.clip]: 2,
  [CONTENT_TYPE.bridge]: 1,
};
export const BRIDGE_BANNER_TYPES: readonly BannerComponentType[] = ['horizontal'];

/**
 * The problems of one node's banner components against its item: count and types by the item's type,
 * no repeated type, every start within the item's duration. An empty list is a valid banner.
 */
export function bannerProblems(banner: readonly PlotBanner[], item: PlotItem): string[] {
  const problems: string[] = [];
  if (banner.some((entry) => !(BANNER_COMPONENT_TYPES as readonly string[]).includes(entry.type))) {
    problems.push(MESSAGES.plotBannerType);
  }
  if (banner.length > BANNER_COMPONENTS_MAX[item.type]) {
    problems.push(
      item.type === CONTENT_TYPE.clip
        ? MESSAGES.plotBannerTooManyClip
        : MESSAGES.plotBannerTooManyBridge,
    );
  }
  if (
    item.type === CONTENT_TYPE.bridge &&
    banner.some((entry) => !BRIDGE_BANNER_TYPES.includes(entry.type))
  ) {
    problems.push(MESSAGES.plotBannerBridgeType);
  }
  if (new Set(banner.map((entry) => entry.type)).size !== banner.length) {
    problems.push(MESSAGES.plotBannerRepeated);
  }
  for (const entry of banner) {
    if (item.duration === null) {
      if (entry.time_start !== 0) problems.push(MESSAGES.plotBannerNoDuration);
    } else if (
      !Number.isInteger(entry.time_start) ||
      entry.time_start < 0 ||
      entry.time_start > item.duration
    ) {
      problems.push(
        formatMessage(MESSAGES.plotBannerTime, { duration: Math.floor(item.duration) }),
      );
    }
  }
  return [...new Set(problems)];
}
