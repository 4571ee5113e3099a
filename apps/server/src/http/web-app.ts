import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@plotline/core';
import type { FastifyInstance } from 'fastify';

/**
 * Paths that are never the studio's: the API, and the metrics, which a scraper must find missing
 * (404) when METRICS_TOKEN is unset rather than get the studio's page.
 */
const NOT_PAGES = /^\/(api|metrics(\/|\?|$))/;

/**
 * Serves the built studio with a fallback to index.html for client-side routes. Unknown /api paths,
 * /metrics when it is not served, and anything when the studio is not built, answer 404 JSON.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const hasApp = webRoot !== null && existsSync(path.join(webRoot, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // The build writes `.br` and `.gz` beside each text file worth it (scripts/build.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/; index.html must be asked for every time.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      hasApp &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_PAGES.test(request.url);
    if (isPage) return reply.sendFile('index.html');
    return reply.status(404).send({ message: MESSAGES.apiNotFound });
  });
}
