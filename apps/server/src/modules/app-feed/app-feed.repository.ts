import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { isoText, selectRows } from '../../db/raw-rows.ts';
import { companies, movies, series } from '../../db/schema/index.ts';
import { onAppChannel } from '../promoted/promoted.repository.ts';

/** A place in the feed: a single project, or a series standing for its app-channel episodes. */
export interface FeedPlace {
  kind: 'single' | 'series';
  id: number;
}

/** A published app-channel project as the feed's cards show it. */
export interface FeedCardRecord {
  movieId: number;
  slug: string;
  title: string;
  synopsis: string;
  viewMode: string | null;
  thumbnailDesktopKey: string | null;
  thumbnailMobileKey: string | null;
  companyName: string;
  seriesId: number | null;
  seriesTitle: string | null;
  episodeNumber: number | null;
  publishedAt: string;
}

export function createAppFeedRepository(db: Executor) {
  return {
    /**
     * One page of the feed's places and how many there are: every published app-channel single
     * project, and every series with such an episode, placed by its newest episode's
     * publication; newest first. The movies_app_feed_idx index holds exactly the rows read.
     */
    async listPlaces(
      filter: { page: number; perPage: number },
      tx: Executor = db,
    ): Promise<{ places: FeedPlace[]; total: number }> {
      const places = sql`
        select case when ${movies.seriesId} is null then 'single' else 'series' end as kind,
          coalesce(${movies.seriesId}, ${movies.id}) as id,
          max(${movies.publishedAt}) as placed_at
        from ${movies}
        where ${onAppChannel(movies)}
        group by 1, 2`;
      const rows = await selectRows<FeedPlace & { total: number }>(
        tx,
        sql`
          select kind, id, (count(*) over ())::int as total
          from (${places}) as places
          order by placed_at desc, kind desc, id desc
          limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`,
      );
      if (rows.length === 0 && filter.page > 1) {
        const [counted] = await selectRows<{ total: number }>(
          tx,
          sql`select count(*)::int as total from (${places}) as places`,
        );
        return { places: [], total: counted?.total ?? 0 };
      }
      return {
        places: rows.map(({ kind, id }) => ({ kind, id })),
        total: rows[0]?.total ?? 0,
      };
    },

    /** The cards of these single projects and of these series' app-channel episodes, by number. */
    async listCards(
      singleIds: number[],
      seriesIds: number[],
      tx: Executor = db,
    ): Promise<FeedCardRecord[]> {
      const which: SQL[] = [];
      if (singleIds.length > 0) which.push(inArray(movies.id, singleIds));
      if (seriesIds.length > 0) which.push(inArray(movies.seriesId, seriesIds));
      if (which.length === 0) return [];
      return tx
        .select({
          movieId: movies.id,
          slug: sql<string>`coalesce(${movies.slug}, '')`,
          title: movies.title,
          synopsis: movies.synopsis,
          viewMode: movies.viewMode,
          thumbnailDesktopKey: movies.thumbnailDesktop,
          thumbnailMobileKey: movies.thumbnailMobile,
          companyName: companies.name,
          seriesId: movies.seriesId,
          seriesTitle: series.title,
          episodeNumber: movies.episodeNumber,
          publishedAt: isoText(sql`${movies.publishedAt}`),
        })
        .from(movies)
        .innerJoin(companies, eq(companies.id, movies.companyId))
        .leftJoin(series, eq(series.id, movies.seriesId))
        .where(and(onAppChannel(movies), or(...which)))
        .orderBy(asc(movies.episodeNumber), asc(movies.id));
    },

    /** Whether the address plays a published project on the mobile app channel. */
    async isAppProject(slug: string, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: movies.id })
        .from(movies)
        .where(and(eq(movies.slug, slug), onAppChannel(movies)));
      return row !== undefined;
    },
  };
}

export type AppFeedRepository = ReturnType<typeof createAppFeedRepository>;
