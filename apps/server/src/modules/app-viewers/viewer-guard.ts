import { VIEWER_TOKEN_HEADER } from '@plotline/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppViewer } from './app-viewers.repository.ts';
import type { AppViewersService } from './app-viewers.service.ts';

/**
 * The header of the App API's viewer calls, for their OpenAPI entry (`schema.headers`). Optional
 * in the schema so that a missing token is the guard's 401, not a 400.
 */
export const viewerTokenHeaders = z.object({
  [VIEWER_TOKEN_HEADER]: z
    .string()
    .optional()
    .describe('The token POST /api/app/v1/viewer answered (401 when missing or unknown)'),
});

const viewers = new WeakMap<FastifyRequest, AppViewer>();

/**
 * An `onRequest` hook for the App API's viewer calls (declared beside `access: publicAccess`):
 * the viewer of `x-viewer-token`, whose last_seen_at moves, or 401 viewerUnknown before anything
 * else is read. The route's handler gets the viewer with `viewerOf(request)`.
 */
export function createViewerGuard(service: Pick<AppViewersService, 'authenticate'>) {
  return async function viewerGuard(request: FastifyRequest): Promise<void> {
    const token = request.headers[VIEWER_TOKEN_HEADER];
    viewers.set(request, await service.authenticate(typeof token === 'string' ? token : undefined));
  };
}

export type ViewerGuard = ReturnType<typeof createViewerGuard>;

/** The viewer a route's viewer guard let through. */
export function viewerOf(request: FastifyRequest): AppViewer {
  const viewer = viewers.get(request);
  if (!viewer) throw new Error(`${request.method} ${request.url} reached without a viewer`);
  return viewer;
}
