import { seriesAddSchema, seriesSchema } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRight } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { SeriesAdd, SeriesService } from './series.service.ts';

export function registerSeriesRoutes(app: FastifyInstance, series: SeriesService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/movie/series',
    {
      config: { access: requireRight('canSeeProject', 'canAddProject') },
      schema: {
        tags: ['series'],
        summary: "The series of the caller's company, each with its taken episode numbers",
        response: { 200: envelope(z.array(seriesSchema)), ...errors(401, 403) },
      },
    },
    async (request) => ({ data: await series.list(callerOf(request)) }),
  );

  routes.post(
    '/api/movie/series/add',
    {
      config: {
        access: requireRight('canAddProject'),
        activity: logsActivity<{ movieId: number }>(({ request, data }) => ({
          action: 'series.created',
          entityType: 'series',
          entityId: data.movieId,
          summary: `Created the series "${(request.body as SeriesAdd).title}"`,
        })),
      },
      schema: {
        tags: ['series'],
        summary: 'Create a series',
        description:
          "It belongs to the company of movieId (a project the caller may change) when given, else to the caller's company. data.movieId is the new series' id.",
        body: seriesAddSchema,
        response: {
          201: envelope(z.object({ movieId: z.number().int() })),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await series.add(callerOf(request), request.body) }),
  );
}
