import { activityPageSchema, activityQuerySchema, type ActivityRow } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRight } from '../../http/access.ts';
import { envelope, errors } from '../../http/schemas.ts';
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
      const rows: ActivityRow[] = result.rows.map((row) => ({
        id: row.id,
        actor_id: row.actorId,
        actor_name: row.actorName,
        actor_email: row.actorEmail,
        company_id: row.companyId,
        company_name: row.companyName,
        action: row.action,
        entity_type: row.entityType,
        entity_id: row.entityId,
        summary: row.summary,
        ip: row.ip,
        created_at: row.createdAt.toISOString(),
      }));
      return { data: { rows, total: result.total } };
    },
  );
}
