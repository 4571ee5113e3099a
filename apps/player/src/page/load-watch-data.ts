import type { WatchData } from '@plotline/core';
import { ACCESS_TOKEN_HEADER } from '@plotline/core/auth';
import type { WatchAddress } from './watch-address.ts';

export type WatchDataResult =
  | { kind: 'ok'; data: WatchData }
  | { kind: 'not-found' }
  /** A preview asked without a session, or by someone who may not see the project. */
  | { kind: 'forbidden' }
  | { kind: 'failed'; message: string };

/** Where the studio keeps its session (apps/web's app store, zustand `persist`), same origin. */
export const STUDIO_STATE_KEY = 'plotline:state';

/** The studio's session token, for a preview; null when signed out or unreadable. */
export function studioToken(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    const saved = JSON.parse(storage?.getItem(STUDIO_STATE_KEY) ?? 'null') as {
      state?: { token?: unknown };
    } | null;
    const token = saved?.state?.token;
    return typeof token === 'string' && token !== '' ? token : null;
  } catch {
    return null;
  }
}

/** The page's data in one call: the published project, or the preview with the studio's token. */
export async function loadWatchData(
  address: WatchAddress,
  {
    fetch = globalThis.fetch,
    token = null,
  }: { fetch?: typeof globalThis.fetch; token?: string | null } = {},
): Promise<WatchDataResult> {
  const url =
    address.kind === 'published'
      ? `/api/watch/${encodeURIComponent(address.slug)}`
      : `/api/watch/preview/${address.movieId}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (address.kind === 'preview' && token) headers[ACCESS_TOKEN_HEADER] = token;
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: 'omit' });
  } catch {
    return { kind: 'failed', message: 'The video could not be loaded. Check your connection.' };
  }
  if (response.status === 404) return { kind: 'not-found' };
  if (address.kind === 'preview' && (response.status === 401 || response.status === 403)) {
    return { kind: 'forbidden' };
  }
  try {
    const body = (await response.json()) as { data?: WatchData; message?: string };
    if (response.ok && body.data) return { kind: 'ok', data: body.data };
    return { kind: 'failed', message: body.message || `The server answered ${response.status}.` };
  } catch {
    return { kind: 'failed', message: `The server answered ${response.status}.` };
  }
}
