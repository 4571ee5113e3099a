import fastifyHelmet from '@fastify/helmet';
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

/** Security headers on every reply, with the studio's content policy. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: STUDIO_DIRECTIVES },
    // HSTS belongs to the TLS-terminating proxy in front of a deployment, not to a localhost server.
    strictTransportSecurity: false,
  });
}
