import { oembedQuerySchema, oembedVideoSchema } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicAccess } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import type { EmbedService } from './embed.service.ts';

/** oEmbed (oembed.com): how other sites learn a story's embed code from its address. */
export function registerEmbedRoutes(app: FastifyInstance, embed: EmbedService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/oembed',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['watch'],
        summary: "A published story's oEmbed answer",
        description:
          "Public, oEmbed 1.0: url is a story's address on this site (/watch/{slug} or /embed/{slug}); the answer is the spec's own JSON object (not wrapped in data), of type video, whose html frames /embed/{slug}, its width and height its view mode's (360×640 or 640×360) scaled down within maxwidth and maxheight. 400 for an address not of this site's stories, 404 for a story unknown, unpublished or not shareable, 501 for a format other than json.",
        querystring: oembedQuerySchema,
        response: { 200: oembedVideoSchema, ...errors(400, 404, 501) },
      },
    },
    async (request, reply) => {
      const answer = await embed.oembed(request.query);
      // A published story never changes; a short life still lets a CDN spare the API.
      void reply.header('cache-control', 'public, max-age=300');
      return answer;
    },
  );
}
