import type { FastifyInstance, FastifyRequest } from 'fastify';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The sign-ins, with a password or an identity provider's handoff: see below. */
const SIGN_INS = new Set(['POST /api/v1.6/auth/login', 'POST /api/auth/oidc/complete']);

/**
 * Writes that go on in maintenance for anyone: signing out, and what the public player (viewing
 * events, a resume token) and the App API send, so published stories keep playing. The root user's writes all go on, the switch too.
 */
const OPEN_WRITES = new Set([
  'POST /api/v1.6/auth/logout',
  'POST /api/watch/:slug/events',
  'POST /api/watch/:slug/resume',
  // A download ticket only reads, as the download it stands for does.
  'POST /api/downloads',
]);
const OPEN_PREFIX = '/api/app/v1/';

/** What the hook asks of the maintenance module (http/ imports no module; app.ts passes it). */
export interface MaintenanceGate {
  /** Throws the 503 (message and Retry-After) while maintenance is on. */
  assertWritesOpen(): Promise<void>;
}

/** A write call as `METHOD /route/:pattern`, or null for a read or a call outside the API. */
function writeCall(request: FastifyRequest): string | null {
  const url = request.routeOptions.url;
  if (!WRITE_METHODS.has(request.method) || !url?.startsWith('/api/')) return null;
  if (url.startsWith(OPEN_PREFIX)) return null;
  return `${request.method} ${url}`;
}

/**
 * Maintenance mode: every write under /api answers 503 `{ message }` with Retry-After, but the root
 * user's and the open writes above. Reads go on. A call is refused before its body is read (uploads
 * and tus included). Sign-in goes through: the auth service refuses a session to anyone but root
 * once the password is checked (`mayStartSession`), so a wrong password is the same 401 for every
 * address and the refusal does not point at the root user's.
 */
export function registerMaintenance(app: FastifyInstance, gate: MaintenanceGate): void {
  // Registered after the access guard, whose hook has named the caller of every signed-in route.
  app.addHook('onRequest', async (request) => {
    const call = writeCall(request);
    if (call === null || SIGN_INS.has(call) || OPEN_WRITES.has(call)) return;
    if (request.caller?.role === 'king') return;
    await gate.assertWritesOpen();
  });
}
