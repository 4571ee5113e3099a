import { z } from 'zod';
import { idParamSchema } from './ids.ts';
import { pageParamSchema, pageSchema, perPageParamSchema } from './paging.ts';

/**
 * Every kind of entity the activity log records, as `entity_type` names it: what `entity_id` is the
 * id of. The server's log entries are typed by it, so an entry of another kind does not compile, and
 * the log's entity filter accepts exactly these.
 */
export const ACTIVITY_ENTITY_TYPES = [
  'session',
  'user',
  'company',
  'movie',
  'series',
  'movie_content',
  'movie_plot',
  'banner_image',
] as const;
export type ActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number];

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
