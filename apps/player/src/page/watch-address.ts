import { EMBED_PATH } from '@plotline/core/embed';
import { FORCE_MOBILE_PARAM, WATCH_PATH } from '@plotline/core/publishing';

/**
 * What the page plays: a published project by its slug (`embed`: the player alone, in another
 * site's frame), or a project's preview by its id.
 */
export type WatchAddress =
  { kind: 'published'; slug: string; embed?: true } | { kind: 'preview'; movieId: number };

/** `/watch/{slug}`, `/watch/preview/{movieId}` or `/embed/{slug}`; null for any other path. */
export function watchAddressOf(pathname: string): WatchAddress | null {
  if (pathname.startsWith(`${EMBED_PATH}/`)) {
    const slug = pathname.slice(EMBED_PATH.length + 1).replace(/\/$/, '');
    const watched = slug.includes('/') ? null : watchAddressOf(`${WATCH_PATH}/${slug}`);
    return watched?.kind === 'published' ? { ...watched, embed: true } : null;
  }
  const prefix = `${WATCH_PATH}/`;
  if (!pathname.startsWith(prefix)) return null;
  const parts = pathname.slice(prefix.length).replace(/\/$/, '').split('/');
  if (parts.length === 2 && parts[0] === 'preview' && /^[1-9]\d{0,15}$/.test(parts[1]!)) {
    return { kind: 'preview', movieId: Number(parts[1]) };
  }
  if (parts.length !== 1 || !parts[0]) return null;
  try {
    return { kind: 'published', slug: decodeURIComponent(parts[0]) };
  } catch {
    return null;
  }
}

/** The studio's Mobile preview adds `?forceMobile=true`. */
export function forcesMobile(search: string): boolean {
  return new URLSearchParams(search).get(FORCE_MOBILE_PARAM) === 'true';
}

/** The address a viewer shares: the published page, without the studio's parameters. */
export function shareUrl(origin: string, slug: string): string {
  return `${origin}${WATCH_PATH}/${encodeURIComponent(slug)}`;
}
