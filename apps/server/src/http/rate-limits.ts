import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import {
  counterKey,
  tooManyRequestsMessage,
  type RateLimitRule,
} from '../modules/rate-limits/rate-limit-rules.ts';
import type { RateLimitsService } from '../modules/rate-limits/rate-limits.service.ts';

/**
 * A route's `config.rateLimit`: every request from one address counts against the rule. Limits on
 * failed attempts only (sign-in, mailed links) are counted by their services, which know what failed.
 */
export function requestsPerAddress(rule: RateLimitRule): RateLimitOptions {
  return {
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => counterKey(rule, request.ip),
  };
}

/**
 * Rate limits only where a route asks for one, counted in the database so that every API process
 * on it enforces one limit; refusals are 429 `{ message }` with Retry-After.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  rateLimits: Pick<RateLimitsService, 'count'>,
): Promise<void> {
  // The plugin makes its store itself, and one per limited route through child(), which its
  // README documents to receive the route's options with timeWindow in milliseconds (its types
  // leave them out).
  class DatabaseStore implements FastifyRateLimitStore {
    readonly #windowMs: number;

    constructor(options: object) {
      this.#windowMs = (options as { timeWindow: number }).timeWindow;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    ) {
      rateLimits.count(key, this.#windowMs).then(
        ({ count, retryAfterSeconds }) =>
          callback(null, { current: count, ttl: retryAfterSeconds * 1000 }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseStore(routeOptions);
    }
  }

  await app.register(fastifyRateLimit, {
    global: false,
    store: DatabaseStore,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: tooManyRequestsMessage(Math.ceil(context.ttl / 1000)),
    }),
  });
}
