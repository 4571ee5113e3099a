import fastifyHelmet from '@fastify/helmet';
import { OIDC_RESULT_PATH } from '@plotline/core';
import type { FastifyInstance } from 'fastify';

type Directives = Record<string, string[]>;

/**
 * The studio's content policy: its scripts, styles, fonts and API all come from this origin.
 * Styles may be inline because emotion (MUI) writes them at run time. No
 * `upgrade-insecure-requests`: the studio is also served over plain HTTP on localhost, where
 * upgrading would break it.
 */
const STUDIO_DIRECTIVES: Directives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/**
 * The player's pages (`/watch/…`): the studio's policy, plus the worker hls.js starts from a blob:
 * URL. Media come from blob: URLs too (MediaSource), and the pages may be framed by this origin
 * only: the studio's preview frames.
 */
const PLAYER_DIRECTIVES: Directives = {
  ...STUDIO_DIRECTIVES,
  workerSrc: ["'self'", 'blob:'],
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The header's text of a policy. */
function policyText(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
    .join('; ');
}

/** Sent by the player's pages in place of the studio's policy. */
export const PLAYER_CONTENT_SECURITY_POLICY = policyText(PLAYER_DIRECTIVES);

/**
 * A story's embed page (`/embed/{slug}`): the player's policy, framed by the sites the project
 * allows (core `frameAncestors`: this origin and its `embed_origins`, or any).
 */
export function embedContentSecurityPolicy(ancestors: readonly string[]): string {
  return policyText({ ...PLAYER_DIRECTIVES, frameAncestors: [...ancestors] });
}

/**
 * The browser features the product uses: the player's fullscreen, autoplay (its clips follow each
 * other) and picture-in-picture, and the copy buttons' clipboard; all for this origin only. The
 * player's share sheet is not named: `web-share` is this origin's by default, and Chromium on Linux
 * warns of it (and of `bluetooth`) as unknown. Every other feature that could reach a camera, a
 * microphone, a place, a payment, a device or the user's data is off. No encrypted media: the
 * player's HLS has no DRM.
 */
const PERMISSIONS: Record<string, 'self' | 'none'> = {
  accelerometer: 'none',
  autoplay: 'self',
  'browsing-topics': 'none',
  camera: 'none',
  'clipboard-read': 'none',
  'clipboard-write': 'self',
  'display-capture': 'none',
  'encrypted-media': 'none',
  fullscreen: 'self',
  geolocation: 'none',
  gyroscope: 'none',
  hid: 'none',
  'idle-detection': 'none',
  'local-fonts': 'none',
  magnetometer: 'none',
  microphone: 'none',
  midi: 'none',
  payment: 'none',
  'picture-in-picture': 'self',
  'publickey-credentials-get': 'none',
  'screen-wake-lock': 'none',
  serial: 'none',
  usb: 'none',
  'xr-spatial-tracking': 'none',
};

export const PERMISSIONS_POLICY = Object.entries(PERMISSIONS)
  .map(([feature, allow]) => `${feature}=${allow === 'self' ? '(self)' : '()'}`)
  .join(', ');

/**
 * What a provider sign-in's popup loads from the studio: the start and callback calls and the
 * result page. Any other opener policy there would leave the popup without `window.opener`.
 */
function inProviderPopup(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === OIDC_RESULT_PATH || path.startsWith('/api/auth/oidc/');
}

/**
 * Security headers on every reply, with the studio's content policy. API answers carry tokens and
 * users' data, so none is kept by any cache, except a success whose route chose its own caching:
 * the public media files and a published project's watch data.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: STUDIO_DIRECTIVES },
    // HSTS belongs to the TLS-terminating proxy in front of a deployment, not to a localhost server.
    strictTransportSecurity: false,
    // An identity provider's sign-in runs in a popup that posts its result to the studio page
    // that opened it: that page keeps its reference to the popup (allow-popups), and the popup's
    // own answers from this origin (below) must not cut it from its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // onSend: the last word on every reply, errors and not-found answers included.
  app.addHook('onSend', async (request, reply) => {
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (inProviderPopup(request.url)) {
      void reply.header('cross-origin-opener-policy', 'unsafe-none');
    }
    const chosenCaching = reply.statusCode < 400 && reply.hasHeader('cache-control');
    if (request.url.startsWith('/api/') && !chosenCaching) {
      void reply.header('cache-control', 'no-store');
    }
  });
}
