import { MAINTENANCE_RETRY_AFTER_SECONDS } from '@plotline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SIGN_IN = 'POST /api/v1.6/auth/login';

/**
 * Writes that go on in maintenance for anyone: signing out, and what the public player and the App
 * API send, so published stories keep playing. The root user's writes all go on, the switch too.
 */
const OPEN_WRITES = new Set(['POST /api/v1.6/auth/logout', 'POST /api/watch/:slug/events']);
const OPEN_PREFIX = '/api/app/v1/';

/** What the hook asks of the maintenance module (http/ imports no module; app.ts passes it). */
export interface MaintenanceGate {
  /** The message writes are refused with while maintenance is on; null while it is off. */
  refusal(): Promise<string | null>;
  isRootAddress(email: string): Promise<boolean>;
}

/** A write call as `METHOD /route/:pattern`, or null for a read or a call outside the API. */
function writeCall(request: FastifyRequest): string | null {
  const url = request.routeOptions.url;
  if (!WRITE_METHODS.has(request.method) || !url?.startsWith('/api/')) return null;
  if (url.startsWith(OPEN_PREFIX)) return null;
  return `${request.method} ${url}`;
}

function refuse(message: string): AppError {
  return new AppError(503, message, { retryAfterSeconds: MAINTENANCE_RETRY_AFTER_SECONDS });
}

/**
 * Maintenance mode: every write under /api answers 503 `{ message }` with Retry-After, but the root
 * user's, the open writes above, and sign-in by the root user. Reads go on. A call is refused
 * before its body is read (uploads and tus included); sign-in once the address it names is known.
 */
export function registerMaintenance(app: FastifyInstance, gate: MaintenanceGate): void {
  // Registered after the access guard, whose hook has named the caller of every signed-in route.
  app.addHook('onRequest', async (request) => {
    const call = writeCall(request);
    if (call === null || call === SIGN_IN || OPEN_WRITES.has(call)) return;
    if (request.caller?.role === 'king') return;
    const message = await gate.refusal();
    if (message !== null) throw refuse(message);
  });

  app.addHook('preHandler', async (request) => {
    if (writeCall(request) !== SIGN_IN) return;
    const message = await gate.refusal();
    if (message === null) return;
    const { username } = request.body as { username: string };
    if (!(await gate.isRootAddress(username))) throw refuse(message);
  });
}
