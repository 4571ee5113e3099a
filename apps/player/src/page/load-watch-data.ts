import type { WatchData } from '@plotline/core';
import { ACCESS_TOKEN_HEADER } from '@plotline/core/auth';
import type { WatchAddress } from './watch-address.ts';

export type WatchDataResult =
  | { kind: 'ok'; data: WatchData }
  | { kind: 'not-found' }
  /** A preview asked without a session, or by someone who may not see the project. */
  | { kind: 'forbidden' }
  /** Not answered (`status` null: offline), or answered with another failure. */
  | { kind: 'failed'; status: number | null };

/** Where the studio keeps its session (apps/web's app store, zustand `persist`), same origin. */
export const STUDIO_STATE_KEY = 'plotline:state';

/** What the studio keeps, as far as the player reads it; null when none or unreadable. */
function studioState(storage: Pick<Storage, 'getItem'> | null): Record<string, unknown> | null {
  try {
    const saved = JSON.parse(storage?.getItem(STUDIO_STATE_KEY) ?? 'null') as {
      state?: unknown;
    } | null;
    const state = saved?.state;
    return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The studio's session token, for a preview; null when signed out or unreadable. */
export function studioToken(storage: Pick<Storage, 'getItem'> | null): string | null {
  const token = studioState(storage)?.token;
  return typeof token === 'string' && token !== '' ? token : null;
}

/** The language the studio is shown in, which its preview frames follow; null when none. */
export function studioLanguage(storage: Pick<Storage, 'getItem'> | null): string | null {
  const language = studioState(storage)?.language;
  return typeof language === 'string' ? language : null;
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
    return { kind: 'failed', status: null };
  }
  if (response.status === 404) return { kind: 'not-found' };
  if (address.kind === 'preview' && (response.status === 401 || response.status === 403)) {
    return { kind: 'forbidden' };
  }
  try {
    const body = (await response.json()) as { data?: WatchData };
    if (response.ok && body.data) return { kind: 'ok', data: body.data };
  } catch {
    // Not the data: a failure all the same.
  }
  return { kind: 'failed', status: response.status };
}
