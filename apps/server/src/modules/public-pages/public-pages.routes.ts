import {
  newsSignupListQuerySchema,
  newsSignupPageSchema,
  newsSignupReplySchema,
  newsSignupSchema,
  termsSchema,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess, requireRight } from '../../http/access.ts';
import { requestsPerAddress } from '../../http/rate-limits.ts';
import { envelope, errors } from '../../http/schemas.ts';
import { describeRule, RATE_LIMITS } from '../rate-limits/rate-limit-rules.ts';
import type { PublicPagesService } from './public-pages.service.ts';

/** The news list is the operator's: the staff who run companies see it. */
const listAccess = requireRight('canSeeCompanyList');

export function registerPublicPagesRoutes(app: FastifyInstance, pages: PublicPagesService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/public/terms',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['public pages'],
        summary: "The operator's terms and conditions, as Markdown",
        description:
          'Read from the file `TERMS_FILE` names (else the shipped template), again whenever it changes.',
        response: { 200: envelope(termsSchema) },
      },
    },
    async () => ({ data: await pages.terms() }),
  );

  routes.post(
    '/api/public/news-signup',
    {
      config: { access: publicAccess, rateLimit: requestsPerAddress(RATE_LIMITS.newsSignUp) },
      schema: {
        tags: ['public pages'],
        summary: 'Leave an address on the coming-soon page for news of the launch',
        description:
          'Stored lower-cased, once: an address already on the list gets the same answer and no second row. ' +
          `${describeRule(RATE_LIMITS.newsSignUp, 'sign-ups per address')} (429).`,
        body: newsSignupSchema,
        response: { 200: envelope(newsSignupReplySchema), ...errors(400, 429) },
      },
    },
    async (request) => ({ data: await pages.signUp(request.body) }),
  );

  routes.get(
    '/api/news-signup',
    {
      config: { access: listAccess },
      schema: {
        tags: ['public pages'],
        summary: 'List, search, sort and page the addresses left for news',
        querystring: newsSignupListQuerySchema,
        response: { 200: envelope(newsSignupPageSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ data: await pages.list(request.query) }),
  );

  routes.get(
    '/api/news-signup/csv',
    {
      config: { access: listAccess },
      schema: {
        tags: ['public pages'],
        summary: 'Every address left for news, as a CSV file',
        response: {
          // fastify-swagger takes a response's `content` as it stands.
          200: z.string().meta({
            description:
              'A header line, then `email,language,created_at` per address, oldest first',
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          ...errors(401, 403),
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="news-signups.csv"')
        .send(await pages.csv()),
  );
}
