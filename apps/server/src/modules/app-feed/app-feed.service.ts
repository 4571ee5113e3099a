import {
  MESSAGES,
  type AppFeed,
  type AppFeedRow,
  type AppProjectCard,
  type WatchData,
} from '@plotline/core';
import type { BlobStore } from '../../adapters/blob-store.ts';
import type { Clock } from '../../adapters/clock.ts';
import { AppError } from '../../errors.ts';
import type { PromotedRecord, PromotedRepository } from '../promoted/promoted.repository.ts';
import type { WatchService } from '../watch/watch.service.ts';
import type { AppFeedRepository, FeedCardRecord } from './app-feed.repository.ts';

/** The viewer of an app call, as the `x-viewer-token` guard found it. */
export interface FeedViewer {
  id: number;
  /** The platform company whose app it is: whose promoted contents it is shown. */
  companyId: number;
}

/** Which of the segments hold the viewer now (modules/segments). */
export interface SegmentMembership {
  segmentsHolding(viewerId: number, segmentIds: number[], now: Date): Promise<ReadonlySet<number>>;
}

export function createAppFeedService(deps: {
  feed: AppFeedRepository;
  promoted: Pick<PromotedRepository, 'listLive'>;
  segments: SegmentMembership;
  watch: Pick<WatchService, 'published'>;
  blobs: Pick<BlobStore, 'publicUrl'>;
  clock: Clock;
}) {
  const { feed, promoted, segments, watch, blobs, clock } = deps;
  const urlOf = (key: string | null) => (key ? blobs.publicUrl(key) : null);

  const card = (record: FeedCardRecord | PromotedRecord): AppProjectCard => ({
    movie_id: record.movieId,
    slug: record.slug,
    title: record.title,
    synopsis: record.synopsis,
    view_mode: record.viewMode,
    thumbnail_desktop: urlOf(record.thumbnailDesktopKey),
    thumbnail_mobile: urlOf(record.thumbnailMobileKey),
    company_name: record.companyName,
    episode_number: record.episodeNumber,
    published_at: record.publishedAt ?? '',
  });

  /**
   * The operator's promoted contents shown to the viewer now: those whose window holds now and
   * that target no segment or a segment holding the viewer, in their order.
   */
  async function promotedFor(viewer: FeedViewer, now: Date): Promise<AppProjectCard[]> {
    const live = await promoted.listLive(viewer.companyId, now);
    const targeted = [...new Set(live.flatMap((item) => item.segments.map(({ id }) => id)))];
    const holding =
      targeted.length > 0
        ? await segments.segmentsHolding(viewer.id, targeted, now)
        : new Set<number>();
    return live
      .filter(
        (item) =>
          item.segments.length === 0 || item.segments.some((segment) => holding.has(segment.id)),
      )
      .map(card);
  }

  return {
    /** The viewer's feed: what it is promoted now, then a page of every row, newest first. */
    async feed(viewer: FeedViewer, query: { page: number; perPage: number }): Promise<AppFeed> {
      const now = clock.now();
      const [shown, { places, total }] = await Promise.all([
        promotedFor(viewer, now),
        feed.listPlaces(query),
      ]);
      const singleIds = places.filter((place) => place.kind === 'single').map(({ id }) => id);
      const seriesIds = places.filter((place) => place.kind === 'series').map(({ id }) => id);
      const cards = await feed.listCards(singleIds, seriesIds);
      const singles = new Map(
        cards
          .filter((record) => record.seriesId === null)
          .map((record) => [record.movieId, record]),
      );
      const episodes = new Map<number, FeedCardRecord[]>();
      for (const record of cards) {
        if (record.seriesId === null) continue;
        episodes.set(record.seriesId, [...(episodes.get(record.seriesId) ?? []), record]);
      }
      // A project taken off between the two reads leaves its place out rather than a hole.
      const rows = places.flatMap((place): AppFeedRow[] => {
        if (place.kind === 'single') {
          const single = singles.get(place.id);
          return single ? [{ kind: 'single', project: card(single) }] : [];
        }
        const own = episodes.get(place.id) ?? [];
        return own.length > 0
          ? [
              {
                kind: 'series',
                series_id: place.id,
                title: own[0]!.seriesTitle ?? '',
                episodes: own.map(card),
              },
            ]
          : [];
      });
      return { promoted: shown, rows, total };
    },

    /**
     * The player's data of a project the app offers: as `/api/watch/{slug}` answers it, and 404
     * for any address that is not a published project on the mobile app channel.
     */
    async project(slug: string): Promise<WatchData> {
      if (!(await feed.isAppProject(slug))) throw new AppError(404, MESSAGES.watchNotFound);
      return watch.published(slug);
    },
  };
}

export type AppFeedService = ReturnType<typeof createAppFeedService>;
