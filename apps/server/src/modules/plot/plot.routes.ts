import {
  idParamSchema,
  plotBannerSaveSchema,
  plotLockSchema,
  plotSaveSchema,
  storylineSchema,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRight } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { errors } from '../../http/schemas.ts';
import type { PlotService, Storyline } from './plot.service.ts';

const change = requireRight('canAddProject');
const read = requireRight('canSeeProject', 'canAddProject');

/** The reply of every call: `{ data: nodes, variables, version }`, without the service's movie id. */
const reply = ({ data, variables, version }: Storyline) => ({ data, variables, version });

/** The activity hook sees the reply's `data`: the route names the project from the request. */
const logged = (
  action: string,
  summary: (request: { body: unknown; params: unknown }) => string,
  movieIdOf: (request: { body: unknown; params: unknown }) => number,
) =>
  logsActivity(({ request }) => ({
    action,
    entityType: 'movie',
    entityId: movieIdOf(request),
    summary: summary(request),
  }));

export function registerPlotRoutes(app: FastifyInstance, plot: PlotService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/movie-plot/:movieId',
    {
      config: { access: read },
      schema: {
        tags: ['storyline'],
        summary:
          "A project's storyline: its plot nodes in reading order (with their story logic), its variables and its version",
        params: z.object({ movieId: idParamSchema }),
        response: { 200: storylineSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => reply(await plot.get(callerOf(request), request.params.movieId)),
  );

  routes.post(
    '/api/movie-plot',
    {
      config: {
        access: change,
        activity: logged(
          'plot.saved',
          (request) =>
            `Saved the storyline (${(request.body as { plots: unknown[] }).plots.length} plots)`,
          (request) => (request.body as { movie_id: number }).movie_id,
        ),
      },
      schema: {
        tags: ['storyline'],
        summary: 'Save the whole storyline',
        description:
          'The whole tree, made from `version` (docs/PLOT.md), with each plot\'s story logic (left out: none) and the variables (left out: the stored ones stay). 409 when someone saved since (nothing is written), when a locked plot (its story logic included) or what follows it changed, or when the project is published; 400 with the first problem when it breaks a plot rule: an unknown variable or one used against its kind, a default that is not an option without condition, a "continue at" link to no plot, from a plot with options or to the same kind of item, a loop no viewer can leave. New plots carry temporary negative ids, which their children use as parent_id and other plots as default_option_id or goto_id; the answer has real ids and the next version.',
        body: plotSaveSchema,
        response: { 200: storylineSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => reply(await plot.save(callerOf(request), request.body)),
  );

  routes.delete(
    '/api/movie-plot/:movieId/:id',
    {
      config: {
        access: change,
        activity: logged(
          'plot.deleted',
          (request) => `Deleted plot ${(request.params as { id: number }).id} and what follows it`,
          (request) => (request.params as { movieId: number }).movieId,
        ),
      },
      schema: {
        tags: ['storyline'],
        summary: 'Delete a plot and what follows it',
        description:
          'Refused (409) when it or anything after it is locked, or when a locked plot names it as its default option or "continue at" link. Other plots\' defaults and links to what is removed become null.',
        params: z.object({ movieId: idParamSchema, id: idParamSchema }),
        response: { 200: storylineSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      reply(await plot.remove(callerOf(request), request.params.movieId, request.params.id)),
  );

  routes.put(
    '/api/movie-plot/lock',
    {
      config: {
        access: change,
        activity: logsActivity<unknown>(({ request }) => {
          const body = request.body as z.output<typeof plotLockSchema>;
          return {
            action: body.status ? 'plot.locked' : 'plot.unlocked',
            entityType: 'movie_plot',
            entityId: body.movie_plot_id,
            summary: `${body.status ? 'Locked' : 'Unlocked'} plot ${body.movie_plot_id}`,
          };
        }),
      },
      schema: {
        tags: ['storyline'],
        summary: 'Lock (status true) or unlock a plot',
        description:
          'A locked plot and what follows it cannot be changed. A plot inside another locked plot cannot be locked or unlocked on its own (409).',
        body: plotLockSchema,
        response: { 200: storylineSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      reply(await plot.setLock(callerOf(request), request.body.movie_plot_id, request.body.status)),
  );

  routes.post(
    '/api/movie-plot/banner',
    {
      config: {
        access: change,
        activity: logged(
          'plot.banner_saved',
          (request) =>
            `Saved the banner components of plot ${(request.body as { movie_plot_id: number }).movie_plot_id}`,
          (request) => (request.body as { movie_id: number }).movie_id,
        ),
      },
      schema: {
        tags: ['storyline'],
        summary: "Set one plot's banner components",
        description:
          'At most 2 on a clip and 1 on a bridge (horizontal only), no repeated type, each starting within the item (seconds).',
        body: plotBannerSaveSchema,
        response: { 200: storylineSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      reply(
        await plot.setBanner(
          callerOf(request),
          request.body.movie_id,
          request.body.movie_plot_id,
          request.body.banner.map((entry) => ({
            type: entry.banner_type,
            time_start: entry.banner_time_start,
          })),
        ),
      ),
  );
}
