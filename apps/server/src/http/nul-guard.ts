import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * PostgreSQL's text cannot hold U+0000: a NUL byte reaching a query fails it with "invalid byte
 * sequence", a 500. No field of the product has a use for it, so it is refused at the edge.
 */
export const NUL_REFUSED = 'must not contain a NUL character (U+0000)';

/**
 * The path (`body.items.0.title`) of a key or string value holding a NUL byte under `value`, or
 * null. Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function findNul(value: unknown, name: string): string | null {
  const pending: [unknown, string][] = [[value, name]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, at] = next;
    if (typeof current === 'string') {
      if (current.includes('\0')) return at;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childAt = `${at}.${key}`;
        if (key.includes('\0')) return childAt;
        pending.push([child, childAt]);
      }
    }
  }
  return null;
}

/** Throws the 400 naming the first field of `value` that holds a NUL byte. */
export function refuseNul(value: unknown, name: string): void {
  const at = findNul(value, name);
  if (at !== null) throw new AppError(400, `${at}: ${NUL_REFUSED}`);
}

/**
 * Refuses a NUL byte anywhere in a request's path parameters, query string or parsed body, before
 * any route's validation or handler sees it, so no route (present or future) can forget the check.
 * Multipart fields and tus metadata are read by their routes and checked there with `refuseNul`.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseNul(request.params, 'params');
    refuseNul(request.query, 'query');
    refuseNul(request.body, 'body');
  });
}
