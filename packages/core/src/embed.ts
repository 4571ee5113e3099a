import type { ViewMode } from './media.ts';

/**
 * Embedding a published story on other sites (issue 22): its frame's address, the sites allowed to
 * frame it (`embed_origins`), the code to copy and the player's postMessage protocol's name. The
 * server (CSP, oEmbed), the studio (step 4, the Embed dialog) and the player's bridge read these.
 * Zod-free, so the player may import it (`@plotline/core/embed`).
 */

/** The player without the page's chrome: `{PUBLIC_URL}/embed/{slug}`. */
export const EMBED_PATH = '/embed';
/** `embed_origins: ["*"]`: any site may frame the story. */
export const ANY_ORIGIN = '*';
export const EMBED_ORIGINS_MAX = 20;
/** What marks the player's messages (`{ plotline: 1, type, … }`), and its protocol's version. */
export const PLAYER_PROTOCOL_KEY = 'plotline';
export const PLAYER_PROTOCOL_VERSION = 1;

/**
 * An origin as browsers write it (`https://example.com`, `http://localhost:8080`): the scheme and
 * host lowercased, the default port dropped. Null for anything else: another scheme, a path, a
 * query, a fragment, credentials, or no host.
 */
export function normalizeOrigin(text: string): string | null {
  const trimmed = text.trim();
  if (!/^https?:\/\/[^/?#]+\/?$/i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.username || url.password || !url.hostname) return null;
  return url.origin;
}

/** Whether `origin` may frame the story or talk to its player, by its `embed_origins`. */
export function embedAllows(origins: readonly string[], origin: string): boolean {
  return origins.includes(ANY_ORIGIN) || origins.includes(origin);
}

/**
 * The frame's `frame-ancestors` sources: this origin (the studio's own frames), then the
 * project's sites, or any.
 */
export function frameAncestors(origins: readonly string[]): string[] {
  if (origins.includes(ANY_ORIGIN)) return ['*'];
  return ["'self'", ...origins];
}

export function embedUrl(publicUrl: string, slug: string): string {
  return new URL(`${EMBED_PATH}/${encodeURIComponent(slug)}`, publicUrl).toString();
}

/** A frame's size by the story's view mode: a phone's portrait, or a landscape screen. */
export function embedSize(viewMode: ViewMode | null): { width: number; height: number } {
  return viewMode === 'vertical' ? { width: 360, height: 640 } : { width: 640, height: 360 };
}

/** The largest size of `viewMode`'s aspect ratio within the bounds (oEmbed's maxwidth/maxheight). */
export function embedSizeWithin(
  viewMode: ViewMode | null,
  maxWidth?: number,
  maxHeight?: number,
): { width: number; height: number } {
  const { width, height } = embedSize(viewMode);
  const scale = Math.min(1, (maxWidth ?? width) / width, (maxHeight ?? height) / height);
  return { width: Math.floor(width * scale), height: Math.floor(height * scale) };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The code a site pastes: a frame that fills its container's width at the story's aspect ratio
 * (a vertical story no wider than a phone), allowed to play by itself and go full screen. With
 * `size` (oEmbed's answer, which names its size), a frame of that size.
 */
export function embedCode(options: {
  url: string;
  title: string;
  viewMode: ViewMode | null;
  size?: { width: number; height: number };
}): string {
  const { width, height } = options.size ?? embedSize(options.viewMode);
  const maxWidth = options.viewMode === 'vertical' ? `max-width:${width}px;` : '';
  const style = options.size
    ? 'border:0'
    : `width:100%;${maxWidth}height:auto;aspect-ratio:${width}/${height};border:0`;
  return (
    `<iframe src="${escapeAttribute(options.url)}" title="${escapeAttribute(options.title)}" ` +
    `width="${width}" height="${height}" style="${style}" ` +
    `allow="autoplay; fullscreen" allowfullscreen></iframe>`
  );
}
