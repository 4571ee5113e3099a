import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@plotline/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PLAYER_CONTENT_SECURITY_POLICY } from '../../http/security-headers.ts';

/** Where the reference app lives (apps/player's `m/`, built into its `dist/m`). */
export const REFERENCE_APP_PATH = '/m';

/** The app's screens: the feed, a series, a project (apps/player/src/app/routes.ts). */
const APP_SCREEN = /^\/m(?:\/|\/series\/[1-9]\d{0,15}\/?|\/p\/[^/]+\/?)?$/;

/** Built files named `name-<hash>.ext` never change (and their `.br`, `.gz` copies). */
const FINGERPRINTED = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:\.br|\.gz)?$/;

/**
 * The reference app of the App API (issue 18), from the player's build (`dist/m`): its page at
 * `/m` and every address under it (the app routes inside with the History API; an address it has
 * no screen for is served with a 404 status, and the app says so), its built files, web manifest,
 * icons and service worker under `/m/`. The page has the player's content policy: the project
 * screen plays in the /watch player. A missing file is a 404. Without a build, nothing is served.
 */
export async function registerAppPages(
  app: FastifyInstance,
  playerRoot: string | null,
): Promise<void> {
  const appRoot = playerRoot && path.join(playerRoot, 'm');
  const indexFile = appRoot && path.join(appRoot, 'index.html');
  if (!appRoot || !indexFile || !existsSync(indexFile)) return;

  // Read on every request: a tiny file, and a rebuilt app is served without a restart.
  const sendPage = async (reply: FastifyReply, pathname: string) =>
    reply
      .status(APP_SCREEN.test(pathname) ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', PLAYER_CONTENT_SECURITY_POLICY)
      .send(await readFile(indexFile));

  await app.register(
    async (scope) => {
      scope.setNotFoundHandler((request, reply) => {
        const pathname = request.url.split('?')[0]!;
        // An address without a file name is a screen of the app; a file that is not there is not.
        const isScreen =
          (request.method === 'GET' || request.method === 'HEAD') &&
          !/\.[^/]*$/.test(pathname.slice(pathname.lastIndexOf('/')));
        if (isScreen) return sendPage(reply, pathname);
        return reply.status(404).send({ message: MESSAGES.apiNotFound });
      });
      await scope.register(fastifyStatic, {
        root: appRoot,
        // The build writes `.br` and `.gz` beside each text file worth it (scripts/build.mjs).
        preCompressed: true,
        decorateReply: false,
        cacheControl: false,
        index: false,
        // The page is served with its policy by the routes here, never as a file.
        allowedPath: (pathname) => !pathname.endsWith('.html'),
        setHeaders(res, filePath) {
          // The service worker, manifest and icons keep their names across builds: asked again
          // every time (the browser checks the worker for updates by itself as well).
          res.setHeader(
            'cache-control',
            FINGERPRINTED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      scope.get('/', { schema: { hide: true } }, (request, reply) =>
        sendPage(reply, request.url.split('?')[0]!),
      );
    },
    { prefix: REFERENCE_APP_PATH },
  );
}
