import type { ProjectListKind, ProjectStatus, ViewMode } from '@plotline/core';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { isoText, selectRows } from '../../db/raw-rows.ts';
import { movies, series, users } from '../../db/schema/index.ts';
import { containing } from '../../db/like-patterns.ts';

/** Whose projects: one company's, or every company's (null) for staff who reach them all. */
export type CompanyScope = number | null;

export interface ProjectListFilter {
  search?: string | undefined;
  status?: ProjectStatus | undefined;
  kind?: ProjectListKind | undefined;
  viewMode?: ViewMode | undefined;
  sort: { field: string; descending: boolean };
  page: number;
  perPage: number;
}

/** A row of the list as stored: a single project, or a series standing for its episodes. */
export interface ProjectListRecord {
  kind: ProjectListKind;
  id: number;
  title: string;
  tags: string[];
  thumbnailKey: string | null;
  viewMode: ViewMode | null;
  status: ProjectStatus;
  episodeCount: number | null;
  publishedCount: number | null;
  appChannelOn: boolean;
  slug: string | null;
  createdAt: string;
  updatedAt: string;
  author: string | null;
}

export interface SeriesEpisodeRecord {
  movieId: number;
  episodeNumber: number;
  title: string;
  thumbnailKey: string | null;
  viewMode: ViewMode | null;
  status: ProjectStatus;
  appChannelOn: boolean;
  slug: string | null;
  updatedAt: Date;
}

export interface SeriesDetailRecord {
  id: number;
  companyId: number;
  title: string;
  synopsis: string;
  tags: string[];
  createdAt: Date;
  author: string | null;
}

const SORT_COLUMNS: Record<string, SQL> = {
  title: sql`lower(listed.title)`,
  updated_at: sql`listed.updated_at`,
  created_at: sql`listed.created_at`,
};

/** The creator's name, or e-mail when unnamed. */
const authorOf = (user: typeof users) =>
  sql<string | null>`coalesce(nullif(${user.name}, ''), ${user.email})`;

const inScope = (column: SQL, scope: CompanyScope) =>
  scope === null ? sql`true` : sql`${column} = ${scope}`;

/**
 * A title or any of the tags contains the text, ignoring case. The tags are matched joined by a
 * line break, which a search (one trimmed line) cannot span: far cheaper than a subquery per row.
 */
const matches = (title: SQL, tags: SQL, pattern: string) =>
  sql`(${title} ilike ${pattern} or array_to_string(${tags}, E'\n') ilike ${pattern})`;

export function createProjectListRepository(db: Executor) {
  return {
    /**
     * One page of the list and how many rows match, in one query: the company's single projects,
     * and a row per series aggregating its episodes, sorted and paged together.
     */
    async listProjects(
      scope: CompanyScope,
      filter: ProjectListFilter,
      tx: Executor = db,
    ): Promise<{ rows: ProjectListRecord[]; total: number }> {
      const pattern = filter.search ? containing(filter.search) : null;

      const singleConditions: SQL[] = [sql`m.type = 1`, inScope(sql`m.company_id`, scope)];
      if (filter.status) singleConditions.push(sql`m.status = ${filter.status}`);
      if (filter.viewMode) singleConditions.push(sql`m.view_mode = ${filter.viewMode}`);
      if (pattern) singleConditions.push(matches(sql`m.title`, sql`m.tags`, pattern));

      // A series is kept for what any of its episodes is; one without episodes counts as a draft.
      const seriesConditions: SQL[] = [sql`true`];
      if (filter.status === 'published') {
        seriesConditions.push(sql`bool_or(m.status = 'published')`);
      } else if (filter.status === 'draft') {
        seriesConditions.push(sql`(count(m.id) = 0 or bool_or(m.status = 'draft'))`);
      }
      if (filter.viewMode) seriesConditions.push(sql`bool_or(m.view_mode = ${filter.viewMode})`);
      if (pattern) {
        seriesConditions.push(
          sql`(${matches(sql`s.title`, sql`s.tags`, pattern)} or bool_or(${matches(sql`m.title`, sql`m.tags`, pattern)}))`,
        );
      }

      const singles = sql`
        select 'single' as kind, m.id, m.title, m.tags, m.thumbnail_desktop as thumbnail_key,
          m.view_mode::text as view_mode, m.status::text as status,
          null::int as episode_count, null::int as published_count,
          m.app_channel_on, m.slug, m.created_at, m.updated_at, m.created_by
        from ${movies} m
        where ${sql.join(singleConditions, sql` and `)}`;
      const seriesRows = sql`
        select 'series' as kind, s.id, s.title, s.tags,
          (array_agg(m.thumbnail_desktop order by m.episode_number)
            filter (where m.id is not null))[1] as thumbnail_key,
          case when count(m.id) > 0 and count(m.view_mode) = count(m.id)
            and count(distinct m.view_mode) = 1 then min(m.view_mode::text) end as view_mode,
          case when bool_or(m.status = 'published') then 'published' else 'draft' end as status,
          count(m.id)::int as episode_count,
          (count(m.id) filter (where m.status = 'published'))::int as published_count,
          coalesce(bool_or(m.app_channel_on), false) as app_channel_on, null::text as slug,
          s.created_at, coalesce(max(m.updated_at), s.created_at) as updated_at, s.created_by
        from ${series} s left join ${movies} m on m.series_id = s.id
        where ${inScope(sql`s.company_id`, scope)}
        group by s.id
        having ${sql.join(seriesConditions, sql` and `)}`;
      const parts =
        filter.kind === 'single'
          ? singles
          : filter.kind === 'series'
            ? seriesRows
            : sql`${singles} union all ${seriesRows}`;

      const direction = filter.sort.descending ? sql`desc` : sql`asc`;
      const column = SORT_COLUMNS[filter.sort.field] ?? SORT_COLUMNS.updated_at!;
      const order = sql`${column} ${direction}, listed.kind ${direction}, listed.id ${direction}`;
      // The page is cut first, and only its rows are joined to their authors and formatted.
      const rows = await selectRows<ProjectListRecord & { total: number }>(
        tx,
        sql`
          select listed.kind, listed.id, listed.title, to_json(listed.tags) as tags,
            listed.thumbnail_key as "thumbnailKey", listed.view_mode as "viewMode", listed.status,
            listed.episode_count as "episodeCount", listed.published_count as "publishedCount",
            listed.app_channel_on as "appChannelOn", listed.slug,
            ${isoText(sql`listed.created_at`)} as "createdAt",
            ${isoText(sql`listed.updated_at`)} as "updatedAt",
            ${authorOf(users)} as author, listed.total
          from (
            select listed.*, (count(*) over ())::int as total
            from (${parts}) as listed
            order by ${order}
            limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}
          ) as listed
          left join ${users} on ${users.id} = listed.created_by
          order by ${order}`,
      );
      if (rows.length === 0 && filter.page > 1) {
        // Past the last page: the total is still wanted.
        const [counted] = await selectRows<{ total: number }>(
          tx,
          sql`select count(*)::int as total from (${parts}) as listed`,
        );
        return { rows: [], total: counted?.total ?? 0 };
      }
      return {
        rows: rows.map(({ total: _total, ...row }) => row),
        total: rows[0]?.total ?? 0,
      };
    },

    async findSeriesDetail(id: number, tx: Executor = db): Promise<SeriesDetailRecord | null> {
      const [row] = await tx
        .select({
          id: series.id,
          companyId: series.companyId,
          title: series.title,
          synopsis: series.synopsis,
          tags: series.tags,
          createdAt: series.createdAt,
          author: authorOf(users),
        })
        .from(series)
        .leftJoin(users, eq(users.id, series.createdBy))
        .where(eq(series.id, id));
      return row ?? null;
    },

    /** A series' episodes by number. */
    async listEpisodes(seriesId: number, tx: Executor = db): Promise<SeriesEpisodeRecord[]> {
      const rows = await tx
        .select({
          movieId: movies.id,
          episodeNumber: movies.episodeNumber,
          title: movies.title,
          thumbnailKey: movies.thumbnailDesktop,
          viewMode: movies.viewMode,
          status: movies.status,
          appChannelOn: movies.appChannelOn,
          slug: movies.slug,
          updatedAt: movies.updatedAt,
        })
        .from(movies)
        .where(eq(movies.seriesId, seriesId))
        .orderBy(asc(movies.episodeNumber), asc(movies.id));
      return rows.map((row) => ({ ...row, episodeNumber: row.episodeNumber! }));
    },

    /** How many projects (singles and episodes) there are, and how many of them are published. */
    async countProjects(
      scope: CompanyScope,
      tx: Executor = db,
    ): Promise<{ total: number; published: number }> {
      const [row] = await tx
        .select({
          total: sql<number>`count(*)::int`,
          published: sql<number>`(count(*) filter (where ${movies.status} = 'published'))::int`,
        })
        .from(movies)
        .where(scope === null ? undefined : eq(movies.companyId, scope));
      return row ?? { total: 0, published: 0 };
    },

    /** The draft changed last. */
    async findLastDraft(
      scope: CompanyScope,
      tx: Executor = db,
    ): Promise<{ movieId: number; title: string; updatedAt: Date } | null> {
      const [row] = await tx
        .select({ movieId: movies.id, title: movies.title, updatedAt: movies.updatedAt })
        .from(movies)
        .where(
          and(eq(movies.status, 'draft'), scope === null ? undefined : eq(movies.companyId, scope)),
        )
        .orderBy(desc(movies.updatedAt), desc(movies.id))
        .limit(1);
      return row ?? null;
    },
  };
}

export type ProjectListRepository = ReturnType<typeof createProjectListRepository>;
