import { MESSAGES } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import parseRange from 'range-parser';
import { isSafeBlobKey, LOCAL_MEDIA_ROUTE, type BlobStore } from '../../adapters/blob-store.ts';
import { AppError } from '../../errors.ts';
import { z } from 'zod';
import { publicAccess } from '../../http/access.ts';
import { COMPRESSIBLE_TYPE } from '../../http/compression.ts';
import { errors } from '../../http/schemas.ts';

/**
 * What browsers may fetch, by the key's first folder. Uploaded sources are not among them: only
 * what was made from them is public.
 */
const PUBLIC_FOLDERS = new Set(['avatars', 'hls', 'thumbnails', 'subtitles', 'banners']);

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  vtt: 'text/vtt; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
};

/** A file's bytes as the document shows them, under each type this route sends. */
function fileReply(description: string) {
  const types = new Set(Object.values(CONTENT_TYPES).map((type) => type.split(';')[0]!));
  const binary = { schema: { type: 'string', format: 'binary' } };
  // fastify-swagger takes a response's `content` as it stands, media types and all.
  return z.unknown().meta({
    description,
    content: Object.fromEntries([...types].map((type) => [type, binary])),
  });
}

/**
 * Serves the blob store's public files, with byte ranges (players and seeking ask for them). Keys
 * hold random names and are never rewritten, so every file is cached for good. A store that signs
 * URLs (S3 with S3_SIGNED_URLS) has its browsers redirected to a short-lived URL of the file
 * instead; an S3 store with S3_PUBLIC_URL hands out that address, and this route is not asked.
 */
export function registerMediaRoutes(app: FastifyInstance, blobs: BlobStore): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${LOCAL_MEDIA_ROUTE}*`,
    {
      config: { access: publicAccess },
      schema: {
        tags: ['media'],
        summary: 'A stored public file: an image, an HLS playlist or segment, a subtitle',
        description:
          'Answers Range requests with 206; every file is immutable. The key is the rest of the ' +
          'path, slashes included (`hls/…/master.m3u8`); sent percent-encoded, they are decoded.',
        params: z.object({
          '*': z.string().describe("The file's key in the store: `hls/…`, `thumbnails/…`, …"),
        }),
        response: {
          200: fileReply('The whole file'),
          206: fileReply('The asked range of the file'),
          302: z.undefined().describe('The file, at a short-lived signed URL of the object store'),
          ...errors(404),
          416: z.undefined().describe('The range lies beyond the file'),
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const type = CONTENT_TYPES[key.split('.').pop() ?? ''];
      if (!type || !isSafeBlobKey(key) || !PUBLIC_FOLDERS.has(key.split('/')[0]!)) {
        throw new AppError(404, MESSAGES.apiNotFound);
      }
      const signed = await blobs.signedUrl(key);
      if (signed) {
        // Held well under the signed URL's lifetime, so a cached redirect never leads to a dead one.
        return reply.header('cache-control', 'private, max-age=300').redirect(signed, 302);
      }
      const size = await blobs.size(key);
      if (size === null) throw new AppError(404, MESSAGES.apiNotFound);

      void reply
        .header('content-type', type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff');

      const rangeHeader = request.headers.range;
      const ranges = rangeHeader ? parseRange(size, rangeHeader, { combine: true }) : -2;
      if (ranges === -1) {
        return reply.status(416).header('content-range', `bytes */${size}`).send();
      }
      // A malformed header, or several ranges (which would need multipart replies): the whole file.
      if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) {
        // Playlists and subtitles are small text, sent from memory: the compression knows their
        // size and leaves those under its threshold as they are (it compresses any stream).
        const whole = COMPRESSIBLE_TYPE.test(type) ? await blobs.get(key) : await blobs.read(key);
        return reply.header('content-length', size).send(whole);
      }
      const { start, end } = ranges[0]!;
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${size}`)
        .header('content-length', end - start + 1)
        .send(await blobs.read(key, { start, end }));
    },
  );
}
