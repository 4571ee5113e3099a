import {
  idParamSchema,
  projectListPageSchema,
  projectListQuerySchema,
  seriesDetailSchema,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRight } from '../../http/access.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { ProjectListService } from './project-list.service.ts';

const read = requireRight('canSeeProject');

export function registerProjectListRoutes(app: FastifyInstance, list: ProjectListService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/movie',
    {
      config: { access: read },
      schema: {
        tags: ['projects'],
        summary: "List, search, filter, sort and page the caller's company's projects",
        description:
          "A row is a single project (kind `single`) or a series (kind `series`), which stands for its episodes: their count and published count, published once any is, the first episode's thumbnail, the view mode they share, and their latest change. `search` matches a title or a tag, ignoring case, part of a word (a series also by its episodes' titles and tags); `status` keeps series with an episode of that status (an empty series is a draft), `orientation` series with an episode of that view mode.",
        querystring: projectListQuerySchema,
        response: { 200: envelope(projectListPageSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ data: await list.list(callerOf(request), request.query) }),
  );

  routes.get(
    '/api/movie/series/:seriesId',
    {
      config: { access: read },
      schema: {
        tags: ['series'],
        summary: 'A series and its episodes by number',
        params: z.object({ seriesId: idParamSchema }),
        response: { 200: envelope(seriesDetailSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await list.seriesDetail(callerOf(request), request.params.seriesId),
    }),
  );
}
