import { appFeedQuerySchema, appFeedSchema, appProjectSchema } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess } from '../../http/access.ts';
import { envelope, errors } from '../../http/schemas.ts';
import { viewerOf, viewerTokenHeaders, type ViewerGuard } from '../app-viewers/viewer-guard.ts';
import type { AppFeedService } from './app-feed.service.ts';

const VIEWER = 'For the viewer of x-viewer-token (401 without a known one).';

/** The mobile app's reads: its viewer's feed and a project's player data. */
export function registerAppFeedRoutes(
  app: FastifyInstance,
  feed: AppFeedService,
  viewerGuard: ViewerGuard,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/app/v1/feed',
    {
      config: { access: publicAccess },
      onRequest: viewerGuard,
      schema: {
        tags: ['app'],
        summary: "The viewer's feed: what it is promoted now, then every project, newest first",
        description: `${VIEWER} promoted: the operator's promoted contents whose window holds now (the server's clock) and that target no segment or a segment holding the viewer, in their order. rows: a page of every company's published projects on the mobile app channel, a single project or a series with its app-channel episodes by number, newest first (a series by its newest episode); total counts the rows. Viewer-specific: never cached.`,
        headers: viewerTokenHeaders,
        querystring: appFeedQuerySchema,
        response: { 200: envelope(appFeedSchema), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const data = await feed.feed(viewerOf(request), request.query);
      void reply.header('cache-control', 'private, no-store');
      return { data };
    },
  );

  routes.get(
    '/api/app/v1/project/:slug',
    {
      config: { access: publicAccess },
      onRequest: viewerGuard,
      schema: {
        tags: ['app'],
        summary: "A project's player data, for the app",
        description: `${VIEWER} The same data as /api/watch/{slug}, for a published project on the mobile app channel; 404 for any other address.`,
        headers: viewerTokenHeaders,
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: envelope(appProjectSchema), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const data = await feed.project(request.params.slug);
      void reply.header('cache-control', 'private, no-store');
      return { data };
    },
  );
}
