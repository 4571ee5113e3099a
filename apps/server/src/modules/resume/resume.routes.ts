import {
  RESUME_DAYS,
  RESUME_STATE_MAX_BYTES,
  resumeSaveSchema,
  resumeStateSchema,
  resumeTokenSchema,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess } from '../../http/access.ts';
import { requestsPerAddress } from '../../http/rate-limits.ts';
import { envelope, errors } from '../../http/schemas.ts';
import { describeRule, RATE_LIMITS } from '../rate-limits/rate-limit-rules.ts';
import type { ResumeService } from './resume.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(200) });

/** The player's resume tokens: keep a viewing's state, and read it back on another device. */
export function registerResumeRoutes(app: FastifyInstance, resume: ResumeService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/watch/:slug/resume',
    {
      config: { access: publicAccess, rateLimit: requestsPerAddress(RATE_LIMITS.resumeSaves) },
      bodyLimit: RESUME_STATE_MAX_BYTES,
      schema: {
        tags: ['watch'],
        summary: "Keep a published story's viewing state behind a new resume token",
        description: `Public, no cookie. The state (core storyStateSchema) is kept for ${RESUME_DAYS} days and not read by the server; only the token's SHA-256 is stored, and nothing of the viewer. At most ${RESUME_STATE_MAX_BYTES} bytes (413). 404 for an unknown or unpublished address. ${describeRule(RATE_LIMITS.resumeSaves, 'tokens per address')} (429).`,
        params: slugParams,
        body: resumeSaveSchema,
        response: { 201: envelope(resumeTokenSchema), ...errors(400, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const data = await resume.save(request.params.slug, request.body.state);
      return reply.status(201).header('cache-control', 'no-store').send({ data });
    },
  );

  routes.get(
    '/api/watch/:slug/resume/:token',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['watch'],
        summary: 'The viewing state a resume token keeps',
        description:
          'Public. 404 (resumeNotFound) for a token that is unknown, expired or of another story, and for anything that is no token; 404 (watchNotFound) for an unknown or unpublished address.',
        params: slugParams.extend({ token: z.string() }),
        response: { 200: envelope(resumeStateSchema), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const data = await resume.load(request.params.slug, request.params.token);
      void reply.header('cache-control', 'no-store');
      return { data };
    },
  );
}
