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
 * A site that may frame a story, parsed: an http(s) scheme, a host (a DNS name in ASCII, an IPv4
 * address or a bracketed IPv6 one) and a port other than the scheme's default. `anySubdomain`
 * (`https://*.example.com`) stands for every host under `host`, not `host` itself, as CSP's
 * `frame-ancestors` reads it.
 */
export interface SiteOrigin {
  scheme: 'http' | 'https';
  host: string;
  port: number | null;
  anySubdomain: boolean;
}

const DEFAULT_PORTS = { http: 80, https: 443 } as const;
/** A DNS label in ASCII (RFC 1123); an internationalised name arrives here in punycode. */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/**
 * A name's last label starts with a letter: WHATWG URL reads a host whose last label is a
 * number (`127.1`, `0x7f.1`) as an IPv4 address, which only the dotted quad below may be.
 */
const TOP_LABEL = /^[a-z]/;
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** What a host may be typed with before punycode: letters and digits of any script, `-`, `.`. */
const HOST_TEXT = /^[\p{L}\p{N}\p{M}.-]+$/u;
const IPV6_TEXT = /^\[[0-9a-f:.]+\]$/i;

/** A DNS name as its ASCII form (IDN to punycode, lowercased); null for anything else. */
function dnsName(text: string): string | null {
  if (!HOST_TEXT.test(text)) return null;
  let ascii = text.toLowerCase();
  // eslint-disable-next-line no-control-regex -- only a name with characters beyond ASCII needs punycode
  if (/[^\u0000-\u007f]/.test(ascii)) {
    try {
      ascii = new URL(`http://${text}`).hostname;
    } catch {
      return null;
    }
  }
  const labels = ascii.split('.');
  const valid =
    ascii.length <= 253 &&
    labels.every((label) => DNS_LABEL.test(label)) &&
    TOP_LABEL.test(labels.at(-1)!);
  return valid ? ascii : null;
}

/** A bracketed IPv6 address in its shortest form (`[::1]`); null for anything else. */
function ipv6(text: string): string | null {
  if (!IPV6_TEXT.test(text)) return null;
  try {
    return new URL(`http://${text}`).hostname;
  } catch {
    return null;
  }
}

/**
 * `scheme://host[:port]` as a site's origin, with at most a trailing `/`; `*.` may stand as a DNS
 * name's first label. Null for anything else: another scheme, a path, a query, a fragment,
 * credentials, a port out of range, characters no host has (`;`, `,`, quotes, spaces, `*` elsewhere).
 * Checked character by character rather than left to `URL`, which takes most of those in a host.
 */
export function parseOrigin(text: string): SiteOrigin | null {
  const match = /^(https?):\/\/([^/?#@\\\s]+?)(?::(\d{1,5}))?\/?$/i.exec(text.trim());
  if (!match) return null;
  const scheme = match[1]!.toLowerCase() as SiteOrigin['scheme'];
  const port = match[3] === undefined ? null : Number(match[3]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  let hostText = match[2]!;
  const anySubdomain = hostText.startsWith('*.');
  if (anySubdomain) hostText = hostText.slice(2);
  const host = hostText.startsWith('[')
    ? !anySubdomain && ipv6(hostText)
    : IPV4.test(hostText)
      ? !anySubdomain && hostText
      : dnsName(hostText);
  if (!host) return null;
  return { scheme, host, port: port === DEFAULT_PORTS[scheme] ? null : port, anySubdomain };
}

/** A parsed origin as browsers and CSP write it: `https://example.com`, `http://*.example.com:8080`. */
export function originText(origin: SiteOrigin): string {
  const port = origin.port === null ? '' : `:${origin.port}`;
  return `${origin.scheme}://${origin.anySubdomain ? '*.' : ''}${origin.host}${port}`;
}

/** An origin normalised (`HTTPS://Example.COM:443/` → `https://example.com`); null if it is none. */
export function normalizeOrigin(text: string): string | null {
  const origin = parseOrigin(text);
  return origin && originText(origin);
}

/**
 * A project's stored `embed_origins` as parsed origins written anew: any site alone, or each entry
 * that is an origin (one stored before the rule was strict and is not one is dropped, never passed on).
 */
export function parsedEmbedOrigins(stored: readonly string[]): string[] {
  if (stored.includes(ANY_ORIGIN)) return [ANY_ORIGIN];
  return [...new Set(stored.map(normalizeOrigin).filter((origin) => origin !== null))];
}

/** Whether a page's origin (as `MessageEvent.origin` gives it) is the site or under its `*.`. */
function originMatches(site: SiteOrigin, origin: string): boolean {
  const page = parseOrigin(origin);
  if (!page || page.anySubdomain || page.scheme !== site.scheme || page.port !== site.port) {
    return false;
  }
  return site.anySubdomain ? page.host.endsWith(`.${site.host}`) : page.host === site.host;
}

/** Whether `origin` may frame the story or talk to its player, by its `embed_origins`. */
export function embedAllows(origins: readonly string[], origin: string): boolean {
  if (origins.includes(ANY_ORIGIN)) return true;
  return origins.some((text) => {
    const site = parseOrigin(text);
    return site !== null && originMatches(site, origin);
  });
}

/**
 * The frame's `frame-ancestors` sources: this origin (the studio's own frames), then the
 * project's sites, or any. Written from the parsed origins, so no stored text reaches the header.
 */
export function frameAncestors(origins: readonly string[]): string[] {
  const sites = parsedEmbedOrigins(origins);
  if (sites.includes(ANY_ORIGIN)) return ['*'];
  return ["'self'", ...sites];
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
