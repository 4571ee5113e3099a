import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Metrics } from '../adapters/metrics.ts';
import { AppError } from '../errors.ts';
import { registerErrorHandler } from './error-handler.ts';

const METRICS_TOKEN_REQUIRED = 'The metrics need the METRICS_TOKEN as a Bearer token';

/** Compared as digests of equal length, so the time taken tells nothing of the token. */
function sameToken(given: string, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Times every request into `metrics`, by the route's pattern (not its URL, which would make a
 * series per id), and serves them at `GET /metrics` to a scraper sending `Authorization: Bearer
 * <token>`. Registered only when METRICS_TOKEN is set: without it the route does not exist.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  registerMetricsRoute(app, metrics, token);
}

/**
 * `npm run worker`'s own listener (METRICS_PORT), as it has no HTTP side otherwise: `/metrics`
 * alone, behind the same token.
 */
export async function listenForMetrics(
  metrics: Metrics,
  token: string,
  address: { port: number; host: string },
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  registerMetricsRoute(app, metrics, token);
  await app.listen(address);
  return app;
}

function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !given || !sameToken(given, token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw new AppError(401, METRICS_TOKEN_REQUIRED);
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}
