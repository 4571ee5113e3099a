import {
  idParamSchema,
  MESSAGES,
  VIEW_EVENTS_MAX_BYTES,
  viewEventsSchema,
  watchDataSchema,
} from '@plotline/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, publicAccess, requireRight } from '../../http/access.ts';
import { sendError } from '../../http/error-handler.ts';
import { requestsPerAddress } from '../../http/rate-limits.ts';
import { envelope, errors } from '../../http/schemas.ts';
import { describeRule, RATE_LIMITS } from '../rate-limits/rate-limit-rules.ts';
import type { WatchService } from './watch.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(200) });

/** The player's public calls: its data (or a preview's, for the studio) and its viewing events. */
export async function registerWatchRoutes(app: FastifyInstance, watch: WatchService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/watch/:slug',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['watch'],
        summary: "A published project's player data",
        description:
          'Public. The plot, its clips and bridges (HLS master playlists, posters, captions by language id, WebVTT subtitles), the banner, the languages and the settings. 404 for an unknown address and for a draft alike.',
        params: slugParams,
        response: { 200: envelope(watchDataSchema), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const data = await watch.published(request.params.slug);
      // Published data never changes; a short life still lets a CDN spare the API.
      void reply.header('cache-control', 'public, max-age=60');
      return { data };
    },
  );

  routes.get(
    '/api/watch/preview/:movieId',
    {
      config: { access: requireRight('canSeeProject', 'canAddProject') },
      schema: {
        tags: ['watch'],
        summary: "A project's player data as a preview, draft or not",
        description:
          "For the studio's preview frames: the same data as /api/watch/{slug}, with preview true, for those who may read the project. The plot stops before a clip or bridge that cannot play yet; slug is null while none is chosen.",
        params: z.object({ movieId: idParamSchema }),
        response: { 200: envelope(watchDataSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const data = await watch.preview(callerOf(request), request.params.movieId);
      void reply.header('cache-control', 'private, no-store');
      return { data };
    },
  );

  await registerViewEventsScope(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/watch/:slug/events',
      {
        config: { access: publicAccess, rateLimit: requestsPerAddress(RATE_LIMITS.viewEvents) },
        bodyLimit: VIEW_EVENTS_MAX_BYTES,
        schema: {
          tags: ['watch'],
          summary: "Store a batch of a published project's viewing events",
          description: `Public, no cookie. JSON as application/json or text/plain (a beacon); at most ${VIEW_EVENTS_MAX_BYTES} bytes (413) and the events of core viewEventsSchema (400). A batch naming a node that is not in the project's plot, or an option that does not follow its node, is refused whole (400). 404 for an unknown or unpublished address: previews send none. ${describeRule(RATE_LIMITS.viewEvents, 'batches per address')} (429).`,
          consumes: ['application/json', 'text/plain'],
          params: slugParams,
          body: viewEventsSchema,
          response: {
            204: z.null().describe('Stored'),
            ...errors(400, 404, 413, 415, 429),
          },
        },
      },
      async (request, reply) => {
        await watch.recordEvents(request.params.slug, request.body);
        return reply.status(204).send(null);
      },
    );
  });
}

/**
 * Registers viewing-event calls (the player's and the App API's) in a scope of their own that reads
 * JSON from text/plain too (a beacon) and words its refusals as the player's events call does:
 * 413 viewEventsTooMany for too many bytes, 400 viewEventsTooMany or viewEventsMalformed for a
 * body the schema refuses. No other route takes text/plain as JSON.
 */
export async function registerViewEventsScope(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void,
) {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    // navigator.sendBeacon(url, string) sends text/plain: a JSON body all the same.
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error(MESSAGES.viewEventsMalformed), { statusCode: 400 }));
      }
    });
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.status(413).send({ message: MESSAGES.viewEventsTooMany });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const tooMany = error.validation.some(
          (issue) => issue.message === MESSAGES.viewEventsTooMany,
        );
        return reply.status(400).send({
          message: tooMany ? MESSAGES.viewEventsTooMany : MESSAGES.viewEventsMalformed,
        });
      }
      if (
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
      ) {
        return reply.status(400).send({ message: MESSAGES.viewEventsMalformed });
      }
      return sendError(error, request, reply);
    });

    register(scope);
  });
}
