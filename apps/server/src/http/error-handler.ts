import { MESSAGES } from '@plotline/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { inputProblemMessage } from './input-problems.ts';

const MALFORMED_JSON_CODES = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
]);

/** Turns every failure into `{ message }`; a 5xx is logged in full and never shows its insides. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * The reply to a failure: an AppError's status and message, the first problem of a refused
 * request, or a plain 500. A scope with an error handler of its own hands it what it leaves alone.
 */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
    }
    return reply.status(error.status).send({ message: error.message });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const problems = error.validation.map((problem) => ({
      path: problem.instancePath.split('/').filter(Boolean),
      code: problem.keyword,
      message: problem.message ?? 'Invalid request',
      keys: (problem.params as { keys?: string[] }).keys,
    }));
    return reply.status(400).send({ message: inputProblemMessage(problems) });
  }
  if (error.code && MALFORMED_JSON_CODES.has(error.code)) {
    return reply.status(400).send({ message: MESSAGES.malformedJson });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ message: error.message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ message: MESSAGES.internalError });
}
