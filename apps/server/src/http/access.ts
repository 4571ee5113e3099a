import { ACCESS_TOKEN_HEADER, canAny, MESSAGES, type Right } from '@plotline/core';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { AppError } from '../errors.ts';
import type { AuthContext } from '../access/caller.ts';

/** What a route demands of its caller. Every /api route must say it: see registerAccessGuard. */
export type Access =
  { kind: 'public' } | { kind: 'signedIn'; rights: readonly Right[]; rootOnly?: boolean };

export const publicAccess: Access = { kind: 'public' };
/** Any signed-in user. */
export const signedIn: Access = { kind: 'signedIn', rights: [] };
/** A signed-in user holding any one of these rights. */
export function requireRight(...rights: [Right, ...Right[]]): Access {
  return { kind: 'signedIn', rights };
}
/** The root user alone (role `king`): the operator's switches, which no right of §6 grants. */
export const rootOnly: Access = { kind: 'signedIn', rights: [], rootOnly: true };

/** An access in words: `public`, `signed in`, `root only`, or its rights (any one suffices). */
export function describeAccess(access: Access): string {
  if (access.kind === 'public') return 'public';
  if (access.rootOnly) return 'root only';
  return access.rights.length === 0 ? 'signed in' : access.rights.join(' or ');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: AuthContext | null;
  }
}

/** Paths served by plugins (the OpenAPI UI) rather than by our modules. */
const PLUGIN_PATHS = /^\/api\/docs(\/|$)/;

/**
 * Checks the token and the route's right before any handler runs, and refuses to start the
 * server when an /api route forgot to declare its access. `authService` is the auth module's
 * service, taken by what the guard uses so that http/ imports no module.
 */
export function registerAccessGuard(
  app: FastifyInstance,
  authService: { authenticate(token: string): Promise<AuthContext | null> },
): void {
  app.decorateRequest('caller', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || PLUGIN_PATHS.test(route.url)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access`);
    // The document says of every operation what it needs: an empty list is a public call, and
    // `x-access` words the access as the rights table of docs/ARCHITECTURE.md does.
    const security = access.kind === 'signedIn' ? [{ accessToken: [] }] : [];
    const documented: FastifySchema & { 'x-access': string } = {
      ...route.schema,
      security,
      'x-access': describeAccess(access),
    };
    route.schema = documented;
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access.kind === 'public') return;
    const token = request.headers[ACCESS_TOKEN_HEADER];
    if (typeof token !== 'string' || token === '' || token === 'null') {
      throw new AppError(401, MESSAGES.signInRequired);
    }
    const caller = await authService.authenticate(token);
    if (!caller) throw new AppError(401, MESSAGES.sessionExpired);
    if (!canAny(caller, access.rights) || (access.rootOnly && caller.role !== 'king')) {
      throw new AppError(403, MESSAGES.forbidden);
    }
    request.caller = caller;
  });
}

/** The caller of a route whose access is not public. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.caller) throw new Error(`${request.method} ${request.url} reached without a caller`);
  return request.caller;
}
