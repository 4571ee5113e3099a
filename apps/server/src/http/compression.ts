import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text worth compressing: pages, scripts, styles, JSON, HLS playlists, subtitles, SVG. The plugin
 * adds the types mime-db calls compressible, which the server's video segments, images and fonts
 * are not: those are compressed already.
 */
export const COMPRESSIBLE_TYPE =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|vnd\.apple\.mpegurl|x-subrip|manifest\+json)(?:;|$)|image\/svg\+xml)|\+json(?:;|$)/;

/** Answers smaller than this go as they are: compressing them saves too little to pay. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli's quality for answers compressed while they are sent: 4 costs a fraction of the CPU of
 * the build's 11 for most of its gain. Static files are compressed at 11 once, at build time.
 */
const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * Compresses text answers of COMPRESSION_THRESHOLD_BYTES and more, with brotli or gzip as the
 * client accepts, and says on every answer of a compressible type that it varies with
 * Accept-Encoding, so no cache hands a compressed copy to a client that cannot read it. Answers
 * already compressed (the build's `.br` and `.gz` files, which @fastify/static's `preCompressed`
 * serves) and partial answers (Range) go as they are. Requests' bodies are not decompressed: no
 * client of ours compresses them.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
  app.addHook('onSend', async (_request, reply) => {
    const type = reply.getHeader('content-type');
    if (reply.statusCode === 206 || typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type)) {
      return;
    }
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) {
      // Lower case, as the plugin writes and looks for it: one mention, whichever runs first.
      void reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    }
  });
}
