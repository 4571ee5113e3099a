import {
  keepsLockedSubtrees,
  MESSAGES,
  plotInTreeOrder,
  removeSubtree,
  setBanner,
  setLock,
  validatePlot,
  type plotSaveSchema,
  type PlotBanner,
  type PlotEdit,
  type PlotItem,
  type PlotNode,
  type StoryVariable,
} from '@plotline/core';
import type { z } from 'zod';
import type { Clock } from '../../adapters/clock.ts';
import type { Executor } from '../../db/database.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../access/caller.ts';
import type {
  MovieContentRecord,
  MovieContentsRepository,
} from '../content/movie-contents.repository.ts';
import { lockProjectForChange, projectForCaller } from '../../access/project-access.ts';
import type { ProjectsRepository } from '../projects/projects.repository.ts';
import type { PlotRecord, PlotRepository } from './plot.repository.ts';
import { writePlotTree } from './write-plot-tree.ts';

/** A storyline as the API answers it: its nodes in reading order, its variables and its version. */
export interface Storyline {
  movieId: number;
  data: PlotNode[];
  variables: StoryVariable[];
  version: number;
}

/** What `POST /api/movie-plot` sends, as its schema leaves it: the whole tree, made from `version`. */
export type PlotSave = z.output<typeof plotSaveSchema>;

/** The wire names of the spec (§3), mapped here once. */
export const toNode = (record: PlotRecord): PlotNode => ({
  movie_plot_id: record.id,
  movie_content_id: record.movieContentId,
  parent_id: record.parentId,
  locked: record.locked ? '1' : '0',
  duration: record.duration,
  banner: record.banner,
  condition: record.condition,
  effects: record.effects,
  branch: record.branch,
  decision_seconds: record.decisionSeconds,
  default_option_id: record.defaultOptionId,
  goto_id: record.gotoId,
});

/** What the plot rules know of a clip or bridge. */
export const toPlotItem = (content: MovieContentRecord): PlotItem => ({
  movie_content_id: content.id,
  type: content.type,
  duration: content.durationSeconds,
});

/** A refused core edit as an HTTP failure: locked subtrees are a conflict, the rest bad input. */
function applied(edit: PlotEdit): PlotNode[] {
  if (edit.ok) return edit.plot;
  const status = { 'not-found': 404, locked: 409, invalid: 400 }[edit.reason];
  throw new AppError(status, edit.message);
}

export function createPlotService(deps: {
  plots: PlotRepository;
  projects: Pick<ProjectsRepository, 'findMovie' | 'lockMovie'>;
  contents: Pick<MovieContentsRepository, 'listContents'>;
  clock: Clock;
  transaction: RunInTransaction;
}) {
  const { plots, projects, contents, clock, transaction } = deps;

  async function itemsOf(movieId: number, tx: Executor): Promise<PlotItem[]> {
    return (await contents.listContents(movieId, tx)).map(toPlotItem);
  }

  async function storyline(movieId: number, tx?: Executor): Promise<Storyline> {
    const nodes = (await plots.listPlots(movieId, tx)).map(toNode);
    return {
      movieId,
      data: plotInTreeOrder(nodes),
      variables: await plots.storyVariables(movieId, tx),
      version: await plots.plotVersion(movieId, tx),
    };
  }

  /**
   * Runs a change of one project's storyline under the project's lock: `change` gets the stored
   * nodes and the items and makes its writes; then the version goes up and the new storyline is read.
   */
  async function changeStoryline(
    caller: AuthContext,
    movieId: number,
    change: (stored: PlotNode[], items: PlotItem[], tx: Executor) => Promise<void>,
  ): Promise<Storyline> {
    return transaction(async (tx) => {
      await lockProjectForChange(projects, caller, movieId, tx);
      const stored = (await plots.listPlots(movieId, tx)).map(toNode);
      await change(stored, await itemsOf(movieId, tx), tx);
      await plots.bumpPlotVersion(movieId, tx);
      return storyline(movieId, tx);
    });
  }

  /** The movie of a node the caller reaches, or 404 (also for another company's). */
  async function movieOfPlot(caller: AuthContext, plotId: number): Promise<number> {
    const movieId = await plots.findPlotMovieId(plotId);
    if (movieId === null) throw new AppError(404, MESSAGES.plotNotFound);
    await projectForCaller(projects, caller, movieId, { change: false }).catch(() => {
      throw new AppError(404, MESSAGES.plotNotFound);
    });
    return movieId;
  }

  return {
    async get(caller: AuthContext, movieId: number): Promise<Storyline> {
      await projectForCaller(projects, caller, movieId, { change: false });
      return storyline(movieId);
    },

    /**
     * Saves the whole tree made from `version`, and the variables when sent. Refused when someone
     * saved since (409, nothing written), when it breaks a plot rule, story logic included (400,
     * the first problem), or when it changes a locked subtree (409). New nodes' temporary ids
     * become real ones, in parents and links alike; durations come from the items.
     */
    async save(caller: AuthContext, request: PlotSave): Promise<Storyline> {
      return transaction(async (tx) => {
        const movie = await lockProjectForChange(projects, caller, request.movie_id, tx);
        if ((await plots.plotVersion(movie.id, tx)) !== request.version) {
          throw new AppError(409, MESSAGES.plotStale);
        }
        const stored = (await plots.listPlots(movie.id, tx)).map(toNode);
        const storedIds = new Set(stored.map((node) => node.movie_plot_id));
        const items = await itemsOf(movie.id, tx);
        const variables = request.variables ?? (await plots.storyVariables(movie.id, tx));
        const durationOf = new Map(items.map((item) => [item.movie_content_id, item.duration]));
        let unnamed = 0;
        const nodes: PlotNode[] = request.plots.map((plot) => ({
          movie_plot_id: plot.movie_plot_id ?? Number.MIN_SAFE_INTEGER + unnamed++,
          movie_content_id: plot.movie_content_id,
          parent_id: plot.parent_id,
          locked: plot.locked,
          duration: (plot.movie_content_id && durationOf.get(plot.movie_content_id)) || 0,
          banner: plot.banner,
          condition: plot.condition,
          effects: plot.effects,
          branch: plot.branch,
          decision_seconds: plot.decision_seconds,
          default_option_id: plot.default_option_id,
          goto_id: plot.goto_id,
        }));
        if (nodes.some((node) => node.movie_plot_id > 0 && !storedIds.has(node.movie_plot_id))) {
          throw new AppError(400, MESSAGES.plotNotFound);
        }
        const [problem] = validatePlot(nodes, items, variables);
        if (problem) throw new AppError(400, problem.message);
        if (!keepsLockedSubtrees(stored, nodes))
          throw new AppError(409, MESSAGES.plotLockedChanged);

        // Removed nodes go last, once their kept children have moved away.
        await writePlotTree(plots, movie.id, nodes, storedIds, clock.now(), tx);
        const kept = new Set(nodes.map((node) => node.movie_plot_id));
        await plots.deletePlots(
          movie.id,
          [...storedIds].filter((id) => !kept.has(id)),
          tx,
        );
        if (request.variables) await plots.setStoryVariables(movie.id, request.variables, tx);
        await plots.bumpPlotVersion(movie.id, tx);
        return storyline(movie.id, tx);
      });
    },

    /**
     * Removes a node and what follows it, unless any of it is locked or a locked node names it as
     * its default or link. Other nodes' defaults and links to what is removed become null (their
     * keys set null), as core `removeSubtree` has them.
     */
    async remove(caller: AuthContext, movieId: number, plotId: number): Promise<Storyline> {
      return changeStoryline(caller, movieId, async (stored, _items, tx) => {
        applied(removeSubtree(stored, plotId));
        await plots.deletePlots(movieId, [plotId], tx);
      });
    },

    /** §4: status true locks the node ('1'), false unlocks it. */
    async setLock(caller: AuthContext, plotId: number, locked: boolean): Promise<Storyline> {
      const movieId = await movieOfPlot(caller, plotId);
      return changeStoryline(caller, movieId, async (stored, _items, tx) => {
        applied(setLock(stored, plotId, locked));
        await plots.updatePlot(movieId, plotId, { locked }, clock.now(), tx);
      });
    },

    /** Sets one node's banner components as a whole (rules of core `bannerProblems`). */
    async setBanner(
      caller: AuthContext,
      movieId: number,
      plotId: number,
      banner: PlotBanner[],
    ): Promise<Storyline> {
      return changeStoryline(caller, movieId, async (stored, items, tx) => {
        applied(setBanner(stored, plotId, banner, items));
        await plots.updatePlot(movieId, plotId, { banner }, clock.now(), tx);
      });
    },
  };
}

export type PlotService = ReturnType<typeof createPlotService>;
