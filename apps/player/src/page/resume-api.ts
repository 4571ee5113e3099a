import { RESUME_TOKEN_PATTERN, WATCH_PATH } from '@plotline/core/publishing';
import type { StoryState } from '@plotline/core/story-logic';

/** The address parameter a resume link carries its token in: `/watch/{slug}?resume={token}`. */
export const RESUME_PARAM = 'resume';

const resumeUrl = (slug: string, token?: string) =>
  `/api/watch/${encodeURIComponent(slug)}/resume${token ? `/${token}` : ''}`;

/** The link that continues this viewing on another device. */
export function resumeLink(origin: string, slug: string, token: string): string {
  return `${origin}${WATCH_PATH}/${encodeURIComponent(slug)}?${RESUME_PARAM}=${token}`;
}

/** Keeps the state behind a new token (`POST /api/watch/{slug}/resume`); null when refused or offline. */
export async function saveResumeState(
  slug: string,
  state: StoryState,
  fetch = globalThis.fetch,
): Promise<{ token: string; expires_at: string } | null> {
  try {
    const response = await fetch(resumeUrl(slug), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ state }),
      credentials: 'omit',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: { token?: unknown; expires_at?: unknown } };
    const token = body.data?.token;
    return typeof token === 'string' && RESUME_TOKEN_PATTERN.test(token)
      ? { token, expires_at: String(body.data?.expires_at ?? '') }
      : null;
  } catch {
    return null;
  }
}

export type ResumeLinkResult =
  /** The state the token keeps, unchecked: the player checks it against the story. */
  | { kind: 'state'; state: unknown }
  /** Expired, unknown or another story's (404), or not a token at all. */
  | { kind: 'not-found' }
  | { kind: 'failed' };

/** The state behind a resume link's token (`GET /api/watch/{slug}/resume/{token}`). */
export async function loadResumeState(
  slug: string,
  token: string,
  fetch = globalThis.fetch,
): Promise<ResumeLinkResult> {
  if (!RESUME_TOKEN_PATTERN.test(token)) return { kind: 'not-found' };
  try {
    const response = await fetch(resumeUrl(slug, token), {
      headers: { accept: 'application/json' },
      credentials: 'omit',
    });
    if (response.status === 404) return { kind: 'not-found' };
    if (!response.ok) return { kind: 'failed' };
    const body = (await response.json()) as { data?: { state?: unknown } };
    return body.data?.state !== undefined
      ? { kind: 'state', state: body.data.state }
      : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

/**
 * Takes `?resume=` out of the address once read (`history.replaceState`): a reload, a bookmark
 * or a link shared from here does not carry the token on. Answers the token, or null.
 */
export function takeResumeParam(location: Location, history: History): string | null {
  const url = new URL(location.href);
  const token = url.searchParams.get(RESUME_PARAM);
  if (token === null) return null;
  url.searchParams.delete(RESUME_PARAM);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token;
}
