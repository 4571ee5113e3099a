import { MESSAGES } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BlobStore } from '../../adapters/blob-store.ts';
import { AppError } from '../../errors.ts';
import { publicAccess } from '../../http/access.ts';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Public images (avatars). Their names are random and never reused, so they are cached for good. */
export function registerMediaRoutes(app: FastifyInstance, blobs: BlobStore): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/media/avatars/:file',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['media'],
        summary: 'An avatar image',
        params: z.object({ file: z.string().regex(/^[A-Za-z0-9-]+\.(png|jpg|webp|gif)$/) }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const data = await blobs.get(`avatars/${file}`);
      if (!data) throw new AppError(404, MESSAGES.apiNotFound);
      return reply
        .header('content-type', CONTENT_TYPES[file.split('.').pop()!]!)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
