import { can, FIGURES_DEFAULT_DAYS, type Dashboard } from '@plotline/core';
import type { Clock } from '../../adapters/clock.ts';
import type { ActivityRepository } from '../activity/activity.repository.ts';
import { toActivityRow } from '../activity/activity-row.ts';
import type { AuthContext } from '../../access/caller.ts';
import type { CompaniesRepository } from '../companies/companies.repository.ts';
import type { FiguresRepository } from '../figures/figures.repository.ts';
import { lastDays, viewsOver } from '../figures/figures.service.ts';
import type { ProjectListRepository } from '../project-list/project-list.repository.ts';
import { companyScopeOf } from '../project-list/project-list.service.ts';

/** The dashboard's recent work: what the activity log records of projects and what is in them. */
export const PROJECT_ENTITY_TYPES = [
  'movie',
  'series',
  'movie_content',
  'movie_plot',
  'banner_image',
] as const;
export const RECENT_ACTIVITY_ROWS = 8;

export function createDashboardService(deps: {
  list: Pick<ProjectListRepository, 'countProjects' | 'findLastDraft'>;
  figures: Pick<FiguresRepository, 'countTotals' | 'countByDay'>;
  companies: Pick<CompaniesRepository, 'countCompanies'>;
  activity: Pick<ActivityRepository, 'list'>;
  clock: Clock;
}) {
  const { list, figures, companies, activity, clock } = deps;

  return {
    /** Each part the caller's rights allow (see core `dashboardSchema`); null for the others. */
    async dashboard(caller: AuthContext): Promise<Dashboard> {
      const scope = companyScopeOf(caller);
      const seesProjects = can(caller, 'canSeeProject') && scope !== undefined;
      const seesEveryCompany = can(caller, 'canSeeActivityLog');
      const [projects, views, companyCounts, recent, lastDraft] = await Promise.all([
        seesProjects ? list.countProjects(scope) : null,
        seesProjects
          ? viewsOver(figures, { companyId: scope }, lastDays(clock.now(), FIGURES_DEFAULT_DAYS))
          : null,
        can(caller, 'canSeeCompanyList') ? companies.countCompanies() : null,
        seesEveryCompany || seesProjects
          ? activity.list({
              companyId: seesEveryCompany ? undefined : (scope ?? undefined),
              entityTypes: PROJECT_ENTITY_TYPES,
              page: 1,
              perPage: RECENT_ACTIVITY_ROWS,
            })
          : null,
        can(caller, 'canAddProject') && scope !== undefined ? list.findLastDraft(scope) : null,
      ]);
      return {
        projects: projects && {
          total: projects.total,
          published: projects.published,
          drafts: projects.total - projects.published,
        },
        views: views && { views: views.views, completions: views.completions, days: views.days },
        companies: companyCounts,
        recent_activity: recent && recent.rows.map(toActivityRow),
        last_draft: lastDraft && {
          movieId: lastDraft.movieId,
          title: lastDraft.title,
          updated_at: lastDraft.updatedAt.toISOString(),
        },
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
