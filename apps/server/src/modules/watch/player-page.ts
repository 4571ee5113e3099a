import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES, WATCH_PATH } from '@plotline/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PLAYER_CONTENT_SECURITY_POLICY } from '../../http/security-headers.ts';
import type { WatchService } from './watch.service.ts';

/** Where the player's built files are served: its Vite build's `base` is `/watch/`. */
export const PLAYER_ASSETS_PATH = `${WATCH_PATH}/assets/`;

/**
 * Vite names built files `name-<hash>.ext`: those never change and are cached for good, and so are
 * the build's compressed copies of them (`.br`, `.gz`).
 */
const FINGERPRINTED = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:\.br|\.gz)?$/;

/**
 * The player's pages, from its build (apps/player/dist): `index.html` at `/watch/{slug}` and at
 * `/watch/preview/{movieId}` (the studio's preview frames), its files under `/watch/assets/`. The
 * page of an unknown or unpublished address is served with a 404 status: the player, finding the
 * API's 404, shows its own not-found page, and crawlers see the status. Without a build, nothing is
 * served here.
 */
export async function registerPlayerPages(
  app: FastifyInstance,
  playerRoot: string | null,
  watch: Pick<WatchService, 'isPublished'>,
): Promise<void> {
  const indexFile = playerRoot && path.join(playerRoot, 'index.html');
  if (!playerRoot || !indexFile || !existsSync(indexFile)) return;

  const assets = path.join(playerRoot, 'assets');
  // A scope of its own: a missing file is a 404 here, not the studio's page as elsewhere.
  await app.register(
    async (scope) => {
      scope.setNotFoundHandler((_request, reply) =>
        reply.status(404).send({ message: MESSAGES.apiNotFound }),
      );
      if (!existsSync(assets)) return;
      await scope.register(fastifyStatic, {
        root: assets,
        // The build writes `.br` and `.gz` beside each text file worth it (scripts/build.mjs).
        preCompressed: true,
        decorateReply: false,
        cacheControl: false,
        setHeaders(res, filePath) {
          res.setHeader(
            'cache-control',
            FINGERPRINTED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    },
    { prefix: PLAYER_ASSETS_PATH },
  );

  // Read on every request: a tiny file, and a rebuilt player is served without a restart.
  const sendPage = async (reply: FastifyReply, status: number) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', PLAYER_CONTENT_SECURITY_POLICY)
      .send(await readFile(indexFile));

  app.get(`${WATCH_PATH}/:slug`, { schema: { hide: true } }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    return sendPage(reply, (await watch.isPublished(slug)) ? 200 : 404);
  });
  // Whether the caller may see the draft is the preview call's business: the page holds no data.
  app.get(`${WATCH_PATH}/preview/:movieId`, { schema: { hide: true } }, async (_request, reply) =>
    sendPage(reply, 200),
  );
}
