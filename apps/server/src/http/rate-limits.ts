import fastifyRateLimit from '@fastify/rate-limit';
import { formatMessage, MESSAGES } from '@plotline/core';
import type { FastifyInstance } from 'fastify';

/**
 * For public calls that send mail or create accounts (sign-up, password reset, invitation links):
 * enough for a person, too few for a script bombing an inbox or guessing links. Counted per IP and
 * per route, in this process's memory; several API processes would each count their own.
 */
export const publicFormLimit = { max: 10, timeWindow: '15 minutes' } as const;

/**
 * For the players' viewing events: a player sends a batch every few seconds at most and one on page
 * hide, so this leaves room for a whole school behind one address while stopping a script from
 * filling the table.
 */
export const viewEventsLimit = { max: 120, timeWindow: '1 minute' } as const;

/** Rate limits only where a route asks for one (`config.rateLimit`); refusals are 429 `{ message }`. */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: formatMessage(MESSAGES.tooManyRequests, { after: context.after }),
    }),
  });
}
