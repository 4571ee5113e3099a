import { z } from 'zod';
import { ACTIVITY_ENTITY_TYPES } from './activity.ts';
import { idParamSchema } from './ids.schema.ts';
import { pageParamSchema, pageSchema, perPageParamSchema } from './paging.schema.ts';

export const activityRowSchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  /** `entity.verb`, e.g. `company.created`, `auth.login`. */
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  summary: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type ActivityRow = z.infer<typeof activityRowSchema>;

const day = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

/** GET /api/activity-log: newest first, filtered by actor, company, entity type and dates (inclusive). */
export const activityQuerySchema = z.object({
  actor: idParamSchema.optional(),
  companyId: idParamSchema.optional(),
  entity: z
    .enum(ACTIVITY_ENTITY_TYPES, {
      error: `Unknown entity type: use one of ${ACTIVITY_ENTITY_TYPES.join(', ')}`,
    })
    .optional(),
  from: day.optional(),
  to: day.optional(),
  page: pageParamSchema,
  perPage: perPageParamSchema,
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;
export const activityPageSchema = pageSchema(activityRowSchema);
