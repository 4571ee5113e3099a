import {
  CONTENT_TYPE,
  csvCell,
  FIGURES_DEFAULT_DAYS,
  FIGURES_RANGE_BACKWARDS,
  FIGURES_MAX_DAYS,
  formatMessage,
  MESSAGES,
  plotInTreeOrder,
  type ContentType,
  type DayCount,
  type FiguresQuery,
  type ProjectFigures,
} from '@plotline/core';
import type { Clock } from '../../adapters/clock.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../access/caller.ts';
import type { MovieContentsRepository } from '../content/movie-contents.repository.ts';
import type { PlotRepository } from '../plot/plot.repository.ts';
import { toNode } from '../plot/plot.service.ts';
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

/** The CSV export's columns, one line per node of the plot in reading order. */
export const FIGURES_CSV_COLUMNS = [
  'node_id',
  'parent_id',
  'type',
  'item',
  'reached',
  'left',
  'chosen',
  'default_taken',
  'host_taken',
] as const;

const TYPE_NAMES: Record<ContentType, string> = {
  [CONTENT_TYPE.clip]: 'clip',
  [CONTENT_TYPE.bridge]: 'bridge',
};

export function createFiguresService(deps: {
  figures: Pick<FiguresRepository, 'countTotals' | 'countByDay' | 'countChoices' | 'countNodes'>;
  projects: Pick<ProjectsRepository, 'findMovie'>;
  plots: Pick<PlotRepository, 'listPlots'>;
  contents: Pick<MovieContentsRepository, 'listContents'>;
  clock: Clock;
}) {
  const { figures, projects, plots, contents, clock } = deps;

  /** The project's figures over the range, with its plot in reading order to export them by. */
  async function figuresOf(caller: AuthContext, movieId: number, query: FiguresQuery) {
    const range = rangeOf(query, clock.now());
    const movie = await projectForCaller(projects, caller, movieId, { change: false });
    const [views, records, chosen, reached] = await Promise.all([
      viewsOver(figures, { movieId: movie.id }, range),
      plots.listPlots(movie.id),
      figures.countChoices(movie.id, range),
      figures.countNodes(movie.id, range),
    ]);
    const plot = plotInTreeOrder(records.map(toNode));
    const chosenBy = new Map(chosen.map((entry) => [`${entry.nodeId}:${entry.optionId}`, entry]));
    const countOf = (nodeId: number, optionId: number) => chosenBy.get(`${nodeId}:${optionId}`);
    const reachedBy = new Map(reached.map((entry) => [entry.nodeId, entry]));
    // A choice is a node followed by two or more: its options, in the order the viewer sees them.
    const choices = plot.flatMap((node) => {
      const options = plot
        .filter((option) => option.parent_id === node.movie_plot_id)
        .map(
          (option) =>
            countOf(node.movie_plot_id, option.movie_plot_id) ?? {
              optionId: option.movie_plot_id,
              count: 0,
              byTimer: 0,
              byHost: 0,
            },
        );
      if (options.length < 2) return [];
      return [
        {
          node_id: node.movie_plot_id,
          total: options.reduce((sum, option) => sum + option.count, 0),
          defaults: options.reduce((sum, option) => sum + option.byTimer, 0),
          by_host: options.reduce((sum, option) => sum + option.byHost, 0),
          options: options.map((option) => ({ option_id: option.optionId, count: option.count })),
        },
      ];
    });
    const nodes = plot.map((node) => {
      const counted = reachedBy.get(node.movie_plot_id);
      return {
        node_id: node.movie_plot_id,
        reached: counted?.reached ?? 0,
        left: counted?.left ?? 0,
      };
    });
    const figuresOver: ProjectFigures = {
      from: range.from,
      to: range.to,
      views: views.views,
      completions: views.completions,
      average_watch_seconds: views.views === 0 ? 0 : views.watchedSeconds / views.views,
      days: views.days,
      choices,
      nodes,
    };
    return { movie, plot, figures: figuresOver };
  }

  return {
    /** How a project's viewers did over a range of days (see core `projectFiguresSchema`). */
    async projectFigures(
      caller: AuthContext,
      movieId: number,
      query: FiguresQuery,
    ): Promise<ProjectFigures> {
      return (await figuresOf(caller, movieId, query)).figures;
    },

    /**
     * The figures of each node as a CSV file (RFC 4180, every cell quoted and kept from being read
     * as a formula): its place in the plot, its item, how many viewings reached it and left there,
     * how many took it as an option of a choice (empty when it is none), for a timed choice how
     * often the timer took the default (empty for an untimed node), and for a choice how often the
     * embedding page took it (empty when it is none).
     */
    async projectFiguresCsv(
      caller: AuthContext,
      movieId: number,
      query: FiguresQuery,
    ): Promise<{ fileName: string; csv: string }> {
      const { movie, plot, figures: counted } = await figuresOf(caller, movieId, query);
      const items = new Map((await contents.listContents(movie.id)).map((item) => [item.id, item]));
      const taken = new Map(
        counted.choices.flatMap((choice) =>
          choice.options.map((option) => [option.option_id, option.count] as const),
        ),
      );
      const choiceAt = new Map(counted.choices.map((choice) => [choice.node_id, choice]));
      const lines = plot.map((node, index) => {
        const item = node.movie_content_id === null ? undefined : items.get(node.movie_content_id);
        const { reached, left } = counted.nodes[index]!;
        return [
          node.movie_plot_id,
          node.parent_id ?? '',
          item ? TYPE_NAMES[item.type] : '',
          item?.fileName ?? '',
          reached,
          left,
          taken.get(node.movie_plot_id) ?? '',
          node.decision_seconds === null ? '' : (choiceAt.get(node.movie_plot_id)?.defaults ?? 0),
          choiceAt.get(node.movie_plot_id)?.by_host ?? '',
        ];
      });
      const csv = [FIGURES_CSV_COLUMNS, ...lines]
        .map((cells) => `${cells.map((cell) => csvCell(String(cell))).join(',')}\r\n`)
        .join('');
      const name = movie.slug ?? `project-${movie.id}`;
      return { fileName: `${name}-figures-${counted.from}-to-${counted.to}.csv`, csv };
    },
  };
}

export type FiguresService = ReturnType<typeof createFiguresService>;
