import {
  idParamSchema,
  movieContentStatusSchema,
  transcodeRetrySchema,
  type MovieContentStatus,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRight } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { TranscodingService } from './transcoding.service.ts';

export function registerTranscodingRoutes(
  app: FastifyInstance,
  transcoding: TranscodingService,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/transcoder/movie-status/:movieId',
    {
      config: { access: requireRight('canSeeProject', 'canAddProject') },
      schema: {
        tags: ['transcoding'],
        summary: 'Where each clip and bridge of a project is on its way to a stream',
        description:
          'status: queued, processing (progress in percent), playable (a first rendition plays at url), ready (full ladder and thumbnail), failed (transcoder_log says why).',
        params: z.object({ movieId: idParamSchema }),
        response: {
          200: envelope(z.array(movieContentStatusSchema)),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      data: await transcoding.movieStatus(callerOf(request), request.params.movieId),
    }),
  );

  routes.post(
    '/api/transcoder/retry',
    {
      config: {
        access: requireRight('canAddProject'),
        activity: logsActivity<MovieContentStatus>(({ data }) => ({
          action: 'movie_content.transcode_retried',
          entityType: 'movie_content',
          entityId: data.movie_content_id,
          summary: `Retried transcoding ${data.file_name}`,
        })),
      },
      schema: {
        tags: ['transcoding'],
        summary: 'Transcode a failed clip or bridge again',
        description:
          'Clears its log and thumbnail and queues it from the start; 409 unless it failed.',
        body: transcodeRetrySchema,
        response: { 200: envelope(movieContentStatusSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await transcoding.retry(callerOf(request), request.body.id) }),
  );
}
