import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every reply, with a content policy for the studio: its scripts, styles,
 * fonts and API all come from this origin. Styles may be inline because emotion (MUI) writes them
 * at run time. No `upgrade-insecure-requests`: the studio is also served over plain HTTP on
 * localhost, where upgrading would break it.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
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
      },
    },
    // HSTS belongs to the TLS-terminating proxy in front of a deployment, not to a localhost server.
    strictTransportSecurity: false,
  });
}
