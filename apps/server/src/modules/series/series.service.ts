import { isInternalRole, MESSAGES, type Series, type seriesAddSchema } from '@plotline/core';
import type { z } from 'zod';
import type { Clock } from '../../adapters/clock.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../access/caller.ts';
import { projectForCaller, type ProjectFinder } from '../../access/project-access.ts';
import { seriesViews } from './series-views.ts';
import type { SeriesRepository } from './series.repository.ts';

export type SeriesAdd = z.output<typeof seriesAddSchema>;

export function createSeriesService(deps: {
  series: Pick<SeriesRepository, 'insertSeries' | 'listSeries' | 'listEpisodeNumbers'>;
  projects: ProjectFinder;
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
