import {
  appEventsSchema,
  appViewerCreateSchema,
  appViewerSchema,
  VIEW_EVENTS_MAX_BYTES,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess } from '../../http/access.ts';
import { requestsPerAddress } from '../../http/rate-limits.ts';
import { envelope, errors } from '../../http/schemas.ts';
import { describeRule, RATE_LIMITS } from '../rate-limits/rate-limit-rules.ts';
import { registerViewEventsScope } from '../watch/watch.routes.ts';
import type { AppViewersService } from './app-viewers.service.ts';
import { viewerOf, viewerTokenHeaders, type ViewerGuard } from './viewer-guard.ts';

/** The App API's viewer calls: an install registers, then sends its viewing events. */
export async function registerAppViewersRoutes(
  app: FastifyInstance,
  viewers: AppViewersService,
  viewerGuard: ViewerGuard,
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/app/v1/viewer',
    {
      config: { access: publicAccess, rateLimit: requestsPerAddress(RATE_LIMITS.appViewers) },
      schema: {
        tags: ['app'],
        summary: 'Register an install of the mobile app as an anonymous viewer',
        description: `Public. Nothing personal: the platform and the language. The token answered is sent as x-viewer-token on the App API's later calls (only its hash is stored). The viewer belongs to the platform company operating the app (409 when there is none). ${describeRule(RATE_LIMITS.appViewers, 'registrations per address')} (429).`,
        body: appViewerCreateSchema,
        response: { 201: envelope(appViewerSchema), ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      return reply.status(201).send({ data: await viewers.register(request.body) });
    },
  );

  await registerViewEventsScope(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/app/v1/events',
      {
        config: { access: publicAccess, rateLimit: requestsPerAddress(RATE_LIMITS.appViewEvents) },
        onRequest: viewerGuard,
        bodyLimit: VIEW_EVENTS_MAX_BYTES,
        schema: {
          tags: ['app'],
          summary: "Store a batch of the viewer's viewing events",
          description: `The web player's batch (as POST /api/watch/{slug}/events, same checks) naming its project's slug, which must be published and on the app channel (404 otherwise). The events feed the viewer's segments: a start is a view, an ending completes the project, a choice is an option chosen. JSON as application/json or text/plain; at most ${VIEW_EVENTS_MAX_BYTES} bytes (413). ${describeRule(RATE_LIMITS.appViewEvents, 'batches per address')} (429).`,
          consumes: ['application/json', 'text/plain'],
          headers: viewerTokenHeaders,
          body: appEventsSchema,
          response: {
            204: z.null().describe('Stored'),
            ...errors(400, 401, 404, 413, 415, 429),
          },
        },
      },
      async (request, reply) => {
        await viewers.recordEvents(viewerOf(request), request.body);
        return reply.status(204).send(null);
      },
    );
  });
}
