import type { Executor } from '../../db/database.ts';
import type { PlotRecord, PlotRepository, PlotValues } from '../../modules/plot/plot.repository.ts';
import type { FakeDatabase, FakeTable } from './fake-database.ts';
import type { FakeContentRows } from './fake-movie-contents.ts';
import type { FakeMovies } from './fake-projects.ts';

export type FakePlotRows = FakeTable<PlotRecord>;

/**
 * The plot repository over fake tables, with the database's rules: a node's movie, item, parent,
 * default option and link must exist (its foreign keys), deleting a node deletes what follows it
 * (the parent key cascades) and makes other nodes' defaults and links to it null (those keys set
 * null), and the version and the variables live on the movie row.
 */
export function createFakePlots(
  db: FakeDatabase,
  tables: { movies: FakeMovies; plots: FakePlotRows; contents: FakeContentRows },
): PlotRepository {
  const { movies, plots, contents } = tables;

  const ofMovie = (movieId: number, tx?: Executor) =>
    plots.rows(tx).filter((plot) => plot.movieId === movieId);

  function deleteWithFollowers(id: number, tx: Executor | undefined): void {
    for (const child of plots.rows(tx).filter((plot) => plot.parentId === id)) {
      deleteWithFollowers(child.id, tx);
    }
    plots.delete(id, tx);
    for (const plot of plots.rows(tx)) {
      if (plot.defaultOptionId === id) plots.update(plot.id, { defaultOptionId: null }, tx);
      if (plot.gotoId === id) plots.update(plot.id, { gotoId: null }, tx);
    }
  }

  /** The foreign keys of a node's values other than its movie. */
  function checkKeys(action: string, values: Partial<PlotValues>, tx: Executor | undefined) {
    if (values.movieContentId !== undefined && !contents.find(values.movieContentId, tx)) {
      throw new Error(`${action}: no movie content ${values.movieContentId}`);
    }
    for (const id of [values.parentId, values.defaultOptionId, values.gotoId]) {
      if (id !== undefined && id !== null && !plots.find(id, tx)) {
        throw new Error(`${action}: no node ${id}`);
      }
    }
  }

  return {
    async listPlots(movieId, tx) {
      return ofMovie(movieId, tx).sort((a, b) => a.position - b.position || a.id - b.id);
    },

    async findPlotMovieId(id, tx) {
      return plots.find(id, tx)?.movieId ?? null;
    },

    async insertPlot(movieId: number, values: PlotValues, _at: Date, tx?: Executor) {
      if (!movies.find(movieId, tx)) throw new Error(`insert: no movie ${movieId}`);
      checkKeys('insert', values, tx);
      return plots.insert({ movieId, ...values }, tx).id;
    },

    async updatePlot(movieId, id, values, _at, tx) {
      if (plots.find(id, tx)?.movieId !== movieId) return;
      checkKeys('update', values, tx);
      plots.update(id, values, tx);
    },

    async deletePlots(movieId, ids, tx) {
      for (const id of ids) {
        if (plots.find(id, tx)?.movieId === movieId) deleteWithFollowers(id, tx);
      }
    },

    async plotVersion(movieId, tx) {
      return movies.find(movieId, tx)?.plotVersion ?? 0;
    },

    async storyVariables(movieId, tx) {
      return movies.find(movieId, tx)?.storyVariables ?? [];
    },

    async setStoryVariables(movieId, variables, tx) {
      movies.update(movieId, { storyVariables: variables }, tx);
    },

    async bumpPlotVersion(movieId, tx) {
      await db.lock(`movies:${movieId}`, tx);
      const movie = movies.find(movieId, tx);
      if (!movie) throw new Error(`bump: no movie ${movieId}`);
      return movies.update(movieId, { plotVersion: movie.plotVersion + 1 }, tx)!.plotVersion;
    },
  };
}
