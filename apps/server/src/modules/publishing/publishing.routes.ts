import {
  idParamSchema,
  pathsConfirmedSchema,
  pathsConfirmSchema,
  publishResultSchema,
  STORY_CHECK_STATES_MAX,
  type PathsConfirmed,
  type PublishResult,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRight } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { PublishingService } from './publishing.service.ts';

export function registerPublishingRoutes(
  app: FastifyInstance,
  publishing: PublishingService,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/movie/:movieId/publish',
    {
      config: {
        access: requireRight('canAddProject'),
        activity: logsActivity<PublishResult>(({ request, data }) => ({
          action: 'movie.published',
          entityType: 'movie',
          entityId: (request.params as { movieId: number }).movieId,
          summary: `Published the project at ${data.url}`,
        })),
      },
      schema: {
        tags: ['publishing'],
        summary: 'Publish a project, for good',
        description: `Needs a title, both thumbnails and a slug (400 otherwise), and a storyline a viewer can play: a valid plot whose every clip and bridge is transcoded (400 with the first problem) and whose story check finds no error (400 storyCheckFailed: a plot no path reaches, a condition that never holds, a dead end, a timer or automatic branch without its options). A story with more than ${STORY_CHECK_STATES_MAX} states, which the check cannot visit whole, also needs the creator's confirmation that they played its paths, given for the current storyline version (PUT /api/movie/{movieId}/paths-confirmed; 400 storyPathsUnconfirmed otherwise). Afterwards every change of the project, its items, plot and banners is refused (409), as is publishing it again.`,
        params: z.object({ movieId: idParamSchema }),
        response: { 200: envelope(publishResultSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await publishing.publish(callerOf(request), request.params.movieId),
    }),
  );

  routes.put(
    '/api/movie/:movieId/paths-confirmed',
    {
      config: {
        access: requireRight('canAddProject'),
        activity: logsActivity<PathsConfirmed>(({ request, data }) => ({
          action: 'movie.paths-confirmed',
          entityType: 'movie',
          entityId: (request.params as { movieId: number }).movieId,
          summary: `Confirmed having played the story's paths (storyline version ${data.paths_confirmed_version})`,
        })),
      },
      schema: {
        tags: ['publishing'],
        summary: "Confirm having played a story's paths",
        description: `Step 4, for a story whose check stops at its bound (${STORY_CHECK_STATES_MAX} states): the creator's word that they played its paths, for the storyline version they played (\`version\`, as GET /api/movie-plot/{movieId} answers it), which publishing then accepts until the storyline changes. Another version than the current one is a 409; a published project's too. The project answers it as \`paths_confirmed_version\`.`,
        params: z.object({ movieId: idParamSchema }),
        body: pathsConfirmSchema,
        response: { 200: envelope(pathsConfirmedSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await publishing.confirmPaths(
        callerOf(request),
        request.params.movieId,
        request.body.version,
      ),
    }),
  );
}
