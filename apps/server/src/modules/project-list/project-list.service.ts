import {
  isInternalRole,
  MESSAGES,
  parseSort,
  watchUrl,
  type Page,
  type ProjectListQuery,
  type ProjectListRow,
  type SeriesDetail,
} from '@plotline/core';
import type { BlobStore } from '../../adapters/blob-store.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../access/caller.ts';
import { reachesCompany } from '../../access/project-access.ts';
import type { CompanyScope, ProjectListRepository } from './project-list.repository.ts';

/**
 * Whose projects a caller lists and counts: their company's; staff, who reach every company,
 * every company's. Undefined for a company-less user who is not staff (none should exist).
 */
export function companyScopeOf(
  caller: Pick<AuthContext, 'role' | 'companyId'>,
): CompanyScope | undefined {
  if (caller.companyId !== null) return caller.companyId;
  return isInternalRole(caller.role) ? null : undefined;
}

export function createProjectListService(deps: {
  list: Pick<ProjectListRepository, 'listProjects' | 'findSeriesDetail' | 'listEpisodes'>;
  blobs: Pick<BlobStore, 'publicUrl'>;
  /** Where viewers reach the player: the base of `watch_url`. */
  publicUrl: string;
}) {
  const { list, blobs, publicUrl } = deps;
  const urlOf = (key: string | null) => (key ? blobs.publicUrl(key) : null);
  const watchUrlOf = (slug: string | null) => (slug === null ? null : watchUrl(publicUrl, slug));

  return {
    /** The caller's company's projects: singles, and a row per series (see core `projectListRowSchema`). */
    async list(caller: AuthContext, query: ProjectListQuery): Promise<Page<ProjectListRow>> {
      const scope = companyScopeOf(caller);
      if (scope === undefined) return { rows: [], total: 0 };
      const page = await list.listProjects(scope, {
        search: query.search || undefined,
        status: query.status,
        kind: query.type,
        viewMode: query.orientation,
        sort: parseSort(query.sort, '-updated_at'),
        page: query.page,
        perPage: query.perPage,
      });
      return {
        total: page.total,
        rows: page.rows.map((row) => ({
          kind: row.kind,
          id: row.id,
          title: row.title,
          tags: row.tags,
          thumbnail: urlOf(row.thumbnailKey),
          view_mode: row.viewMode,
          status: row.status,
          episode_count: row.episodeCount,
          published_count: row.publishedCount,
          app_channel_on: row.appChannelOn ? 1 : 0,
          watch_url: watchUrlOf(row.slug),
          created_at: row.createdAt,
          updated_at: row.updatedAt,
          author: row.author,
        })),
      };
    },

    /** A series and its episodes by number; another company's is as unknown as a missing one. */
    async seriesDetail(caller: AuthContext, seriesId: number): Promise<SeriesDetail> {
      const found = await list.findSeriesDetail(seriesId);
      if (!found || !reachesCompany(caller, found.companyId)) {
        throw new AppError(404, MESSAGES.seriesNotFound);
      }
      const episodes = await list.listEpisodes(found.id);
      return {
        movie_id: found.id,
        title: found.title,
        synopsis: found.synopsis,
        tags: found.tags,
        created_at: found.createdAt.toISOString(),
        author: found.author,
        episodes: episodes.map((episode) => ({
          movieId: episode.movieId,
          episodeNumber: episode.episodeNumber,
          title: episode.title,
          thumbnail: urlOf(episode.thumbnailKey),
          view_mode: episode.viewMode,
          status: episode.status,
          app_channel_on: episode.appChannelOn ? 1 : 0,
          watch_url: watchUrlOf(episode.slug),
          updated_at: episode.updatedAt.toISOString(),
        })),
      };
    },
  };
}

export type ProjectListService = ReturnType<typeof createProjectListService>;
