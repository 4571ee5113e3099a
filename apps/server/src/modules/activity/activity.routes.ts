import { activityPageSchema, activityQuerySchema } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRight } from '../../http/access.ts';
import { envelope, errors } from '../../http/schemas.ts';
import { toActivityRow } from './activity-row.ts';
import type { ActivityRepository } from './activity.repository.ts';

const DAY_MS = 86_400_000;

export function registerActivityRoutes(
  app: FastifyInstance,
  activity: Pick<ActivityRepository, 'list'>,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/activity-log',
    {
      config: { access: requireRight('canSeeActivityLog') },
      schema: {
        tags: ['activity log'],
        summary: 'Every change made through the API, newest first',
        description: '`from` and `to` are days (YYYY-MM-DD, UTC), both included.',
        querystring: activityQuerySchema,
        response: { 200: envelope(activityPageSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { actor, companyId, entity, from, to, page, perPage } = request.query;
      const result = await activity.list({
        actorId: actor,
        companyId,
        entityType: entity,
        from: from ? new Date(`${from}T00:00:00Z`) : undefined,
        until: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
        page,
        perPage,
      });
      return { data: { rows: result.rows.map(toActivityRow), total: result.total } };
    },
  );
}
