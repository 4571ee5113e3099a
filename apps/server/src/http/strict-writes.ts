import { formatMessage, MESSAGES } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A write call must not answer 2xx while dropping part of what it was sent. Declared bodies are
 * strict in their schemas; this refuses the rest: a query parameter on a write call (none declares
 * any), and a body sent to a call that takes none. Upload calls check their multipart fields
 * themselves, and tus reads its own body, which is not parsed here.
 */
export function registerStrictWrites(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!WRITE_METHODS.has(request.method) || !request.routeOptions.url?.startsWith('/api/')) {
      return;
    }
    const schema = request.routeOptions.schema;
    if (!schema?.querystring) {
      const [name] = Object.keys((request.query as object | undefined) ?? {});
      if (name !== undefined) {
        throw new AppError(400, formatMessage(MESSAGES.unknownQueryParameter, { name }));
      }
    }
    const body: unknown = request.body;
    // An upload call reads its own multipart body, and answers any other body with the spec's
    // 'Choose a file' message rather than by naming its fields.
    const takesUploads = schema?.consumes?.includes('multipart/form-data') ?? false;
    if (
      schema?.body ||
      takesUploads ||
      request.isMultipart() ||
      body === undefined ||
      body === null ||
      body === ''
    ) {
      return;
    }
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError(400, MESSAGES.noBodyExpected);
    }
    const [field] = Object.keys(body);
    if (field !== undefined) {
      throw new AppError(400, formatMessage(MESSAGES.unknownField, { field }));
    }
  });
}
