import { isInternalRole, MESSAGES, type Series, type seriesAddSchema } from '@plotline/core';
import type { z } from 'zod';
import type { Clock } from '../../adapters/clock.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import { projectForCaller } from '../projects/project-access.ts';
import type { ProjectsRepository } from '../projects/projects.repository.ts';
import type { SeriesRecord, SeriesRepository } from './series.repository.ts';

export type SeriesAdd = z.output<typeof seriesAddSchema>;

/** Series as the wizard lists them, each with the episode numbers already taken. */
export async function seriesViews(
  series: Pick<SeriesRepository, 'listEpisodeNumbers'>,
  records: SeriesRecord[],
): Promise<Series[]> {
  const episodes = await series.listEpisodeNumbers(records.map((record) => record.id));
  return records.map((record) => ({
    movie_id: record.id,
    title: record.title,
    category_id: record.categoryId,
    synopsis: record.synopsis,
    tags: record.tags,
    episodeList: episodes
      .filter((episode) => episode.seriesId === record.id)
      .map((episode) => episode.episodeNumber),
  }));
}

export function createSeriesService(deps: {
  series: Pick<SeriesRepository, 'insertSeries' | 'listSeries' | 'listEpisodeNumbers'>;
  projects: Pick<ProjectsRepository, 'findMovie'>;
  clock: Clock;
}) {
  const { series, projects, clock } = deps;

  return {
    /** The caller's company's series; staff, who reach every company, see every company's. */
    async list(caller: AuthContext): Promise<Series[]> {
      if (isInternalRole(caller.role)) return seriesViews(series, await series.listSeries(null));
      if (caller.companyId === null) return [];
      return seriesViews(series, await series.listSeries(caller.companyId));
    },

    /**
     * A new series of the company of the project it is made for (a project the caller may change),
     * or else of the caller's company.
     */
    async add(caller: AuthContext, input: SeriesAdd): Promise<{ movieId: number }> {
      const companyId =
        input.movieId === undefined
          ? caller.companyId
          : (await projectForCaller(projects, caller, input.movieId, { change: true })).companyId;
      if (companyId === null) throw new AppError(400, MESSAGES.projectNeedsCompany);
      const id = await series.insertSeries(
        {
          companyId,
          createdBy: caller.userId,
          title: input.title,
          synopsis: input.synopsis,
          tags: input.tags,
          categoryId: input.categoryId ?? null,
        },
        clock.now(),
      );
      return { movieId: id };
    },
  };
}

export type SeriesService = ReturnType<typeof createSeriesService>;
