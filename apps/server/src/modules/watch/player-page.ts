import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { EMBED_PATH, frameAncestors, MESSAGES, WATCH_PATH } from '@plotline/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  embedContentSecurityPolicy,
  PLAYER_CONTENT_SECURITY_POLICY,
} from '../../http/security-headers.ts';
import type { EmbedPage, EmbedService } from '../embed/embed.service.ts';

/** Where the player's built files are served: its Vite build's `base` is `/watch/`. */
export const PLAYER_ASSETS_PATH = `${WATCH_PATH}/assets/`;

/**
 * Vite names built files `name-<hash>.ext`: those never change and are cached for good, and so are
 * the build's compressed copies of them (`.br`, `.gz`).
 */
const FINGERPRINTED = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:\.br|\.gz)?$/;

/** The player's API module for host pages (`src/embed/player-api.ts`), built with a stable name. */
const PLAYER_API_FILES = { 'player-api.js': 'text/javascript', 'player-api.d.ts': 'text/plain' };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `extra` put at the end of the page's head (the build's index.html has one). */
const intoHead = (html: string, extra: string) => html.replace('</head>', `${extra}</head>`);

/**
 * The player's pages, from its build (apps/player/dist): `index.html` at `/watch/{slug}`, at
 * `/watch/preview/{movieId}` (the studio's preview frames) and at `/embed/{slug}` (the player
 * alone, for other sites' frames), its files under `/watch/assets/`, and the API module of the
 * embed's hosts at `/player-api.js`. The page of an unknown or unpublished address is served
 * with a 404 status: the player, finding the API's 404, shows its own not-found page, and
 * crawlers see the status. Without a build, nothing is served here.
 */
export async function registerPlayerPages(
  app: FastifyInstance,
  playerRoot: string | null,
  embed: Pick<EmbedService, 'page' | 'oembedDiscovery'>,
): Promise<void> {
  const indexFile = playerRoot && path.join(playerRoot, 'index.html');
  if (!playerRoot || !indexFile || !existsSync(indexFile)) return;

  const assets = path.join(playerRoot, 'assets');
  // A scope of its own: a missing file is a 404 here, not the studio's page as elsewhere.
  await app.register(
    async (scope) => {
      scope.setNotFoundHandler((_request, reply) =>
        reply.status(404).send({ message: MESSAGES.apiNotFound }),
      );
      if (!existsSync(assets)) return;
      await scope.register(fastifyStatic, {
        root: assets,
        // The build writes `.br` and `.gz` beside each text file worth it (scripts/build.mjs).
        preCompressed: true,
        decorateReply: false,
        cacheControl: false,
        setHeaders(res, filePath) {
          res.setHeader(
            'cache-control',
            FINGERPRINTED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    },
    { prefix: PLAYER_ASSETS_PATH },
  );

  // Read on every request: a tiny file, and a rebuilt player is served without a restart.
  const sendPage = async (
    reply: FastifyReply,
    status: number,
    page: { head?: string; policy?: string } = {},
  ) => {
    const html = await readFile(indexFile, 'utf8');
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', page.policy ?? PLAYER_CONTENT_SECURITY_POLICY)
      .send(page.head ? intoHead(html, page.head) : html);
  };

  /** A story other sites may be offered: published and shareable. */
  const offered = (page: EmbedPage | null): page is EmbedPage => page !== null && page.shareable;

  app.get(`${WATCH_PATH}/:slug`, { schema: { hide: true } }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const page = await embed.page(slug);
    // oEmbed discovery (oembed.com §4): consumers find the story's embed code from its address.
    const head = offered(page)
      ? `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(embed.oembedDiscovery(page.slug))}" title="${escapeHtml(page.title)}">`
      : undefined;
    return sendPage(reply, page ? 200 : 404, { head });
  });

  // The player alone, in the frames of the sites the project allows; the browser refuses any
  // other. The player's bridge answers those sites only, so it is told them.
  app.get(`${EMBED_PATH}/:slug`, { schema: { hide: true } }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const page = await embed.page(slug);
    if (!offered(page)) return sendPage(reply, 404);
    // Helmet's X-Frame-Options (SAMEORIGIN) would contradict the policy's frame-ancestors.
    reply.removeHeader('x-frame-options');
    return sendPage(reply, 200, {
      policy: embedContentSecurityPolicy(frameAncestors(page.embedOrigins)),
      head: `<meta name="plotline-embed-origins" content="${escapeHtml(page.embedOrigins.join(' '))}">`,
    });
  });

  for (const [file, type] of Object.entries(PLAYER_API_FILES)) {
    const filePath = path.join(playerRoot, 'api', file);
    app.get(`/${file}`, { schema: { hide: true } }, async (_request, reply) => {
      if (!existsSync(filePath)) return reply.status(404).send({ message: MESSAGES.apiNotFound });
      return (
        reply
          .header('content-type', `${type}; charset=utf-8`)
          .header('cache-control', 'public, max-age=300')
          // Host pages on other sites import it.
          .header('access-control-allow-origin', '*')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(await readFile(filePath, 'utf8'))
      );
    });
  }
  // Whether the caller may see the draft is the preview call's business: the page holds no data.
  app.get(`${WATCH_PATH}/preview/:movieId`, { schema: { hide: true } }, async (_request, reply) =>
    sendPage(reply, 200),
  );
}
