import {
  checkStory,
  MESSAGES,
  publishBlockers,
  storyCheckRefusal,
  validatePlot,
  watchUrl,
  type PathsConfirmed,
  type PublishResult,
} from '@plotline/core';
import type { Clock } from '../../adapters/clock.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../access/caller.ts';
import type { MovieContentsRepository } from '../content/movie-contents.repository.ts';
import type { PlotRepository } from '../plot/plot.repository.ts';
import { toNode, toPlotItem } from '../plot/plot.service.ts';
import { lockProjectForChange } from '../../access/project-access.ts';
import type { ProjectsRepository } from '../projects/projects.repository.ts';

export function createPublishingService(deps: {
  projects: Pick<ProjectsRepository, 'lockMovie' | 'markPublished' | 'confirmPaths'>;
  plots: Pick<PlotRepository, 'listPlots' | 'storyVariables' | 'plotVersion'>;
  contents: Pick<MovieContentsRepository, 'listContents'>;
  clock: Clock;
  transaction: RunInTransaction;
  /** Where viewers reach the player: the base of the published address. */
  publicUrl: string;
}) {
  const { projects, plots, contents, clock, transaction, publicUrl } = deps;

  return {
    /**
     * Publishes a project, for good (§4). Under the project's lock, so no change lands between the
     * checks and the publishing: §5's rule (title, both thumbnails, slug), then a storyline a
     * viewer can play (core's plot rules, the story check without an error and, where it could
     * not visit every state, the creator's word that they played the paths of this very storyline
     * version; every clip and bridge of it transcoded).
     */
    async publish(caller: AuthContext, movieId: number): Promise<PublishResult> {
      return transaction(async (tx) => {
        const movie = await lockProjectForChange(projects, caller, movieId, tx);
        if (publishBlockers(movie).length > 0 || movie.slug === null) {
          throw new AppError(400, MESSAGES.publishIncomplete);
        }
        const items = await contents.listContents(movie.id, tx);
        const nodes = (await plots.listPlots(movie.id, tx)).map(toNode);
        const plotItems = items.map(toPlotItem);
        const variables = await plots.storyVariables(movie.id, tx);
        const [problem] = validatePlot(nodes, plotItems, variables);
        if (problem) throw new AppError(400, problem.message);
        // Where no path goes, or a viewer is left without a way on: the studio's story check
        // lists each problem, the refusal only says there are some.
        const pathsConfirmed =
          movie.pathsConfirmedVersion === (await plots.plotVersion(movie.id, tx));
        const refusal = storyCheckRefusal(checkStory(nodes, plotItems, variables), pathsConfirmed);
        if (refusal) throw new AppError(400, refusal);
        const statusOf = new Map(items.map((item) => [item.id, item.status]));
        if (nodes.some((node) => statusOf.get(node.movie_content_id!) !== 'ready')) {
          throw new AppError(400, MESSAGES.publishNotReady);
        }
        const at = clock.now();
        await projects.markPublished(movie.id, at, tx);
        return {
          slug: movie.slug,
          url: watchUrl(publicUrl, movie.slug),
          published_at: at.toISOString(),
        };
      });
    },

    /**
     * Step 4: the creator's word that they played the paths of storyline version `version`, which
     * lets a story the check could not visit whole be published until the storyline changes. A
     * version other than the current one is a 409: they played another storyline.
     */
    async confirmPaths(
      caller: AuthContext,
      movieId: number,
      version: number,
    ): Promise<PathsConfirmed> {
      return transaction(async (tx) => {
        const movie = await lockProjectForChange(projects, caller, movieId, tx);
        if ((await plots.plotVersion(movie.id, tx)) !== version) {
          throw new AppError(409, MESSAGES.pathsConfirmStale);
        }
        const at = clock.now();
        await projects.confirmPaths(movie.id, { version, userId: caller.userId }, at, tx);
        return { paths_confirmed_version: version, paths_confirmed_at: at.toISOString() };
      });
    },
  };
}

export type PublishingService = ReturnType<typeof createPublishingService>;
