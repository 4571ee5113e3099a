import type {
  BranchMode,
  Condition,
  PlotBanner,
  StoryVariable,
  VariableEffect,
} from '@plotline/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { moviePlots, movies } from '../../db/schema/index.ts';

export interface PlotRecord {
  id: number;
  movieId: number;
  movieContentId: number;
  parentId: number | null;
  locked: boolean;
  duration: number;
  position: number;
  banner: PlotBanner[];
  condition: Condition | null;
  effects: VariableEffect[];
  branch: BranchMode;
  decisionSeconds: number | null;
  defaultOptionId: number | null;
  gotoId: number | null;
}

/** What a save writes of one node. */
export type PlotValues = Omit<PlotRecord, 'id' | 'movieId'>;

const plotColumns = {
  id: moviePlots.id,
  movieId: moviePlots.movieId,
  movieContentId: moviePlots.movieContentId,
  parentId: moviePlots.parentId,
  locked: moviePlots.locked,
  duration: moviePlots.duration,
  position: moviePlots.position,
  banner: moviePlots.banner,
  condition: moviePlots.condition,
  effects: moviePlots.effects,
  branch: moviePlots.branch,
  decisionSeconds: moviePlots.decisionSeconds,
  defaultOptionId: moviePlots.defaultOptionId,
  gotoId: moviePlots.gotoId,
};

export function createPlotRepository(db: Executor) {
  return {
    /** A project's nodes, siblings in their order. */
    async listPlots(movieId: number, tx: Executor = db): Promise<PlotRecord[]> {
      return tx
        .select(plotColumns)
        .from(moviePlots)
        .where(eq(moviePlots.movieId, movieId))
        .orderBy(asc(moviePlots.position), asc(moviePlots.id));
    },

    async findPlotMovieId(id: number, tx: Executor = db): Promise<number | null> {
      const [row] = await tx
        .select({ movieId: moviePlots.movieId })
        .from(moviePlots)
        .where(eq(moviePlots.id, id));
      return row?.movieId ?? null;
    },

    async insertPlot(
      movieId: number,
      values: PlotValues,
      at: Date,
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(moviePlots)
        .values({ movieId, ...values, updatedAt: at })
        .returning({ id: moviePlots.id });
      return row!.id;
    },

    async updatePlot(
      movieId: number,
      id: number,
      values: Partial<PlotValues>,
      at: Date,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(moviePlots)
        .set({ ...values, updatedAt: at })
        .where(and(eq(moviePlots.movieId, movieId), eq(moviePlots.id, id)));
    },

    /**
     * Deletes nodes of a project; what follows them goes with them (the parent key cascades), and
     * the defaults and links of other nodes to them become null (those keys set null).
     */
    async deletePlots(movieId: number, ids: number[], tx: Executor = db): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .delete(moviePlots)
        .where(and(eq(moviePlots.movieId, movieId), inArray(moviePlots.id, ids)));
    },

    async plotVersion(movieId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ version: movies.plotVersion })
        .from(movies)
        .where(eq(movies.id, movieId));
      return row?.version ?? 0;
    },

    async storyVariables(movieId: number, tx: Executor = db): Promise<StoryVariable[]> {
      const [row] = await tx
        .select({ variables: movies.storyVariables })
        .from(movies)
        .where(eq(movies.id, movieId));
      return row?.variables ?? [];
    },

    async setStoryVariables(
      movieId: number,
      variables: StoryVariable[],
      tx: Executor = db,
    ): Promise<void> {
      await tx.update(movies).set({ storyVariables: variables }).where(eq(movies.id, movieId));
    },

    /** Counts one more change of the storyline; answers the new version. */
    async bumpPlotVersion(movieId: number, tx: Executor): Promise<number> {
      const [row] = await tx
        .update(movies)
        .set({ plotVersion: sql`${movies.plotVersion} + 1` })
        .where(eq(movies.id, movieId))
        .returning({ version: movies.plotVersion });
      return row!.version;
    },
  };
}

export type PlotRepository = ReturnType<typeof createPlotRepository>;
