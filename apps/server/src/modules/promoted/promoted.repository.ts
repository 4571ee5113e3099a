import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { containing } from '../../db/like-patterns.ts';
import { isoText, selectRows } from '../../db/raw-rows.ts';
import {
  companies,
  movies,
  promotedItems,
  promotedItemSegments,
  segments,
  series,
} from '../../db/schema/index.ts';
import { ofActiveCompany } from '../projects/projects.repository.ts';

/** A promoted content as stored, with its project and segments. */
export interface PromotedRecord {
  id: number;
  companyId: number;
  position: number;
  movieId: number;
  slug: string;
  title: string;
  synopsis: string;
  thumbnailDesktopKey: string | null;
  thumbnailMobileKey: string | null;
  companyName: string;
  viewMode: string | null;
  episodeNumber: number | null;
  publishedAt: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  segments: { id: number; name: string; preset: string | null }[];
}

/** Where a promoted content shows: from `startsAt` (included) to `endsAt` (excluded); null is open. */
export interface PromotedWindow {
  startsAt: Date | null;
  endsAt: Date | null;
}

export interface CandidateRecord {
  movieId: number;
  slug: string;
  title: string;
  thumbnailDesktopKey: string | null;
  companyName: string;
  seriesTitle: string | null;
  episodeNumber: number | null;
  publishedAt: string;
  promoted: boolean;
}

/** A project the app may show: published, with the mobile-app channel on, of an active company. */
export const onAppChannel = (movie: typeof movies) =>
  sql`${movie.status} = 'published' and ${movie.appChannelOn} and ${ofActiveCompany(movie)}`;

/** A promoted content's segments, named, in id order: one subquery per row, no second query. */
const segmentsOfRow = sql<PromotedRecord['segments']>`coalesce((
  select json_agg(json_build_object('id', ${segments.id}, 'name', ${segments.name},
    'preset', ${segments.preset}) order by ${segments.id})
  from ${promotedItemSegments}
  join ${segments} on ${segments.id} = ${promotedItemSegments.segmentId}
  where ${promotedItemSegments.promotedId} = ${promotedItems.id}
), '[]'::json)`;

export function createPromotedRepository(db: Executor) {
  async function listWhere(where: SQL | undefined, tx: Executor): Promise<PromotedRecord[]> {
    return tx
      .select({
        id: promotedItems.id,
        companyId: promotedItems.companyId,
        position: promotedItems.position,
        movieId: movies.id,
        slug: sql<string>`coalesce(${movies.slug}, '')`,
        title: movies.title,
        synopsis: movies.synopsis,
        thumbnailDesktopKey: movies.thumbnailDesktop,
        thumbnailMobileKey: movies.thumbnailMobile,
        companyName: companies.name,
        viewMode: movies.viewMode,
        episodeNumber: movies.episodeNumber,
        publishedAt: sql<string | null>`${isoText(sql`${movies.publishedAt}`)}`,
        startsAt: promotedItems.startsAt,
        endsAt: promotedItems.endsAt,
        segments: segmentsOfRow,
      })
      .from(promotedItems)
      .innerJoin(movies, eq(movies.id, promotedItems.movieId))
      .innerJoin(companies, eq(companies.id, movies.companyId))
      .where(where)
      .orderBy(asc(promotedItems.position), asc(promotedItems.id));
  }

  return {
    /** A platform's promoted contents in their order. */
    listPromoted(companyId: number, tx: Executor = db): Promise<PromotedRecord[]> {
      return listWhere(eq(promotedItems.companyId, companyId), tx);
    },

    async findPromoted(id: number, tx: Executor = db): Promise<PromotedRecord | null> {
      const [row] = await listWhere(eq(promotedItems.id, id), tx);
      return row ?? null;
    },

    /**
     * The promoted contents a viewer may be shown at `now`: the platform's, whose window holds
     * `now` and whose project is still on the app channel, in order, with their segments' ids.
     */
    listLive(companyId: number, now: Date, tx: Executor = db): Promise<PromotedRecord[]> {
      const at = sql`${now.toISOString()}::timestamptz`;
      return listWhere(
        and(
          eq(promotedItems.companyId, companyId),
          onAppChannel(movies),
          sql`(${promotedItems.startsAt} is null or ${promotedItems.startsAt} <= ${at})`,
          sql`(${promotedItems.endsAt} is null or ${promotedItems.endsAt} > ${at})`,
        ),
        tx,
      );
    },

    /** Whether a project may be promoted: published, with the mobile-app channel on. */
    async isCandidate(movieId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: movies.id })
        .from(movies)
        .where(and(eq(movies.id, movieId), onAppChannel(movies)));
      return row !== undefined;
    },

    /** Which of these segment ids are the platform's. */
    async findCompanySegmentIds(
      companyId: number,
      ids: number[],
      tx: Executor = db,
    ): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: segments.id })
        .from(segments)
        .where(and(eq(segments.companyId, companyId), inArray(segments.id, ids)));
      return rows.map((row) => row.id);
    },

    /**
     * Makes a platform's promoted changes take turns: creating, deleting and reordering read the
     * positions they then write. The company row is locked without blocking inserts that name it.
     */
    async lockCompanyPromoted(companyId: number, tx: Executor): Promise<void> {
      await tx.execute(sql`select id from ${companies} where id = ${companyId} for no key update`);
    },

    /** Adds a promoted content at the end of the platform's list; answers its id. */
    async insertPromoted(
      item: { companyId: number; movieId: number; window: PromotedWindow; at: Date },
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(promotedItems)
        .values({
          companyId: item.companyId,
          movieId: item.movieId,
          position: sql`(select coalesce(max(${promotedItems.position}), 0) + 1 from ${promotedItems} where ${promotedItems.companyId} = ${item.companyId})`,
          startsAt: item.window.startsAt,
          endsAt: item.window.endsAt,
          createdAt: item.at,
          updatedAt: item.at,
        })
        .returning({ id: promotedItems.id });
      return row!.id;
    },

    async updateWindow(
      id: number,
      window: PromotedWindow,
      at: Date,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(promotedItems)
        .set({ startsAt: window.startsAt, endsAt: window.endsAt, updatedAt: at })
        .where(eq(promotedItems.id, id));
    },

    /** Sets the segments a promoted content is shown to (none: everyone). */
    async replaceSegments(id: number, segmentIds: number[], tx: Executor = db): Promise<void> {
      await tx.delete(promotedItemSegments).where(eq(promotedItemSegments.promotedId, id));
      if (segmentIds.length > 0) {
        await tx
          .insert(promotedItemSegments)
          .values(segmentIds.map((segmentId) => ({ promotedId: id, segmentId })));
      }
    },

    /** Deletes a promoted content and closes the gap it leaves in the order. */
    async deletePromoted(item: PromotedRecord, tx: Executor = db): Promise<void> {
      await tx.delete(promotedItems).where(eq(promotedItems.id, item.id));
      await tx
        .update(promotedItems)
        .set({ position: sql`${promotedItems.position} - 1` })
        .where(
          and(
            eq(promotedItems.companyId, item.companyId),
            gt(promotedItems.position, item.position),
          ),
        );
    },

    /** The platform's promoted ids, in their order. */
    async listIds(companyId: number, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: promotedItems.id })
        .from(promotedItems)
        .where(eq(promotedItems.companyId, companyId))
        .orderBy(asc(promotedItems.position), asc(promotedItems.id));
      return rows.map((row) => row.id);
    },

    /** Numbers the platform's promoted contents 1, 2, … in the order of `ids`. */
    async setOrder(companyId: number, ids: number[], at: Date, tx: Executor = db): Promise<void> {
      if (ids.length === 0) return;
      const positions = sql.join(
        ids.map((id, index) => sql`(${id}::int, ${index + 1}::int)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${promotedItems} set position = ordered.position,
          updated_at = ${at.toISOString()}::timestamptz
        from (values ${positions}) as ordered(id, position)
        where ${promotedItems.id} = ordered.id and ${promotedItems.companyId} = ${companyId}
          and ${promotedItems.position} is distinct from ordered.position`);
    },

    /**
     * Every company's published app-channel projects, newest first, a page of them and how many
     * there are, each with whether the platform already promotes it. `search` matches the title.
     */
    async listCandidates(
      companyId: number,
      filter: { search?: string | undefined; page: number; perPage: number },
      tx: Executor = db,
    ): Promise<{ rows: CandidateRecord[]; total: number }> {
      const conditions: SQL[] = [onAppChannel(movies)];
      if (filter.search) conditions.push(sql`${movies.title} ilike ${containing(filter.search)}`);
      const where = sql.join(conditions, sql` and `);
      const rows = await selectRows<CandidateRecord & { total: number }>(
        tx,
        sql`
          select ${movies.id} as "movieId", ${movies.slug} as slug, ${movies.title} as title,
            ${movies.thumbnailDesktop} as "thumbnailDesktopKey", ${companies.name} as "companyName",
            ${series.title} as "seriesTitle", ${movies.episodeNumber}::int as "episodeNumber",
            ${isoText(sql`${movies.publishedAt}`)} as "publishedAt",
            exists (
              select 1 from ${promotedItems}
              where ${promotedItems.companyId} = ${companyId}
                and ${promotedItems.movieId} = ${movies.id}
            ) as promoted,
            (count(*) over ())::int as total
          from ${movies}
          join ${companies} on ${companies.id} = ${movies.companyId}
          left join ${series} on ${series.id} = ${movies.seriesId}
          where ${where}
          order by ${movies.publishedAt} desc, ${movies.id} desc
          limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`,
      );
      if (rows.length === 0 && filter.page > 1) {
        // Past the last page: the total is still wanted.
        const [counted] = await selectRows<{ total: number }>(
          tx,
          sql`select count(*)::int as total from ${movies} where ${where}`,
        );
        return { rows: [], total: counted?.total ?? 0 };
      }
      return {
        rows: rows.map(({ total: _total, ...row }) => row),
        total: rows[0]?.total ?? 0,
      };
    },
  };
}

export type PromotedRepository = ReturnType<typeof createPromotedRepository>;
