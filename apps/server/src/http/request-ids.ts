import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a proxy or client may name a request by: UUIDs, ULIDs, trace ids. Anything else (too long,
 * spaces, control characters) would garble the logs, and gets an id of ours instead.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: behind a trusted proxy (TRUST_PROXY), the id it gave the request when that
 * is sane; else, and always without one, a new id. Without a proxy the header is the client's
 * own, and a client must not choose the id that names its requests in the log (it could pass
 * itself off as another request, or tie a user's report to its own). Pino writes it as `reqId` on
 * every log line of the request.
 */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const given = trustProxy ? request.headers[REQUEST_ID_HEADER] : undefined;
    return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  };
}

/**
 * Answers every request with its id, so a user's report can be matched to the log. Set on the raw
 * response, so that the answers a route writes itself (tus, after `reply.hijack()`) carry it too.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
  });
}
