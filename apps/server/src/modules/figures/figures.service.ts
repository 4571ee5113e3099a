import {
  FIGURES_DEFAULT_DAYS,
  FIGURES_RANGE_BACKWARDS,
  FIGURES_MAX_DAYS,
  formatMessage,
  MESSAGES,
  type DayCount,
  type FiguresQuery,
  type ProjectFigures,
} from '@plotline/core';
import type { Clock } from '../../adapters/clock.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../access/caller.ts';
import type { PlotRepository } from '../plot/plot.repository.ts';
import { projectForCaller } from '../../access/project-access.ts';
import type { ProjectsRepository } from '../projects/projects.repository.ts';
import type { DayRange, DayViews, FiguresRepository, FiguresScope } from './figures.repository.ts';

const DAY_MS = 86_400_000;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The `days` UTC days up to and including `today`'s. */
export function lastDays(now: Date, days: number): DayRange {
  const today = dayOf(now.getTime());
  return { from: dayOf(timeOf(today) - (days - 1) * DAY_MS), to: today };
}

/**
 * The range asked, both ends included; a missing end is today, a missing start the default
 * number of days before the end. Refused when it runs backwards or is longer than allowed.
 */
export function rangeOf(query: FiguresQuery, now: Date): DayRange {
  const to = query.to ?? dayOf(now.getTime());
  const from = query.from ?? dayOf(timeOf(to) - (FIGURES_DEFAULT_DAYS - 1) * DAY_MS);
  if (from > to) throw new AppError(400, FIGURES_RANGE_BACKWARDS);
  if ((timeOf(to) - timeOf(from)) / DAY_MS + 1 > FIGURES_MAX_DAYS) {
    throw new AppError(
      400,
      formatMessage(MESSAGES.figuresRangeTooLong, { days: FIGURES_MAX_DAYS }),
    );
  }
  return { from, to };
}

/** Every day of the range in order, zero where nobody watched. */
export function everyDay(range: DayRange, counted: DayViews[]): DayCount[] {
  const byDay = new Map(counted.map((entry) => [entry.day, entry]));
  const days: DayCount[] = [];
  for (let time = timeOf(range.from); time <= timeOf(range.to); time += DAY_MS) {
    const day = dayOf(time);
    days.push({
      day,
      views: byDay.get(day)?.views ?? 0,
      completions: byDay.get(day)?.completions ?? 0,
    });
  }
  return days;
}

/** Views, completions and their days over a range, for a project or a company's projects. */
export async function viewsOver(
  figures: Pick<FiguresRepository, 'countTotals' | 'countByDay'>,
  scope: FiguresScope,
  range: DayRange,
) {
  const [totals, counted] = await Promise.all([
    figures.countTotals(scope, range),
    figures.countByDay(scope, range),
  ]);
  return { ...totals, days: everyDay(range, counted) };
}

export function createFiguresService(deps: {
  figures: Pick<FiguresRepository, 'countTotals' | 'countByDay' | 'countChoices'>;
  projects: Pick<ProjectsRepository, 'findMovie'>;
  plots: Pick<PlotRepository, 'listPlots'>;
  clock: Clock;
}) {
  const { figures, projects, plots, clock } = deps;

  return {
    /** How a project's viewers did over a range of days (see core `projectFiguresSchema`). */
    async projectFigures(
      caller: AuthContext,
      movieId: number,
      query: FiguresQuery,
    ): Promise<ProjectFigures> {
      const range = rangeOf(query, clock.now());
      const movie = await projectForCaller(projects, caller, movieId, { change: false });
      const [views, nodes, chosen] = await Promise.all([
        viewsOver(figures, { movieId: movie.id }, range),
        plots.listPlots(movie.id),
        figures.countChoices(movie.id, range),
      ]);
      const countOf = (nodeId: number, optionId: number) =>
        chosen.find((entry) => entry.nodeId === nodeId && entry.optionId === optionId)?.count ?? 0;
      // A choice is a node followed by two or more: its options, in the order the viewer sees them.
      const choices = nodes.flatMap((node) => {
        const options = nodes
          .filter((option) => option.parentId === node.id)
          .map((option) => ({ option_id: option.id, count: countOf(node.id, option.id) }));
        if (options.length < 2) return [];
        const total = options.reduce((sum, option) => sum + option.count, 0);
        return [{ node_id: node.id, total, options }];
      });
      return {
        from: range.from,
        to: range.to,
        views: views.views,
        completions: views.completions,
        average_watch_seconds: views.views === 0 ? 0 : views.watchedSeconds / views.views,
        days: views.days,
        choices,
      };
    },
  };
}

export type FiguresService = ReturnType<typeof createFiguresService>;
