import { z } from 'zod';
import {
  APP_PLATFORMS,
  PROMOTED_STATUSES,
  SEGMENT_CONDITIONS_MAX,
  SEGMENT_FIELD_OPERATORS,
  SEGMENT_FIELDS,
  SEGMENT_LIST_VALUES_MAX,
  SEGMENT_MATCHES,
  SEGMENT_NAME_MAX,
  SEGMENT_NUMBER_MAX,
  type SegmentCondition,
  type SegmentRules,
} from './app-channel.ts';
import { idSchema } from './ids.schema.ts';
import { MESSAGES } from './messages.ts';
import { pageParamSchema, pageSchema, perPageParamSchema } from './paging.schema.ts';
import { viewEventsSchema, watchDataSchema } from './publishing.schema.ts';
import { LANGUAGES } from './ui.ts';

const platformSchema = z.enum(APP_PLATFORMS, {
  error: `Use one of ${APP_PLATFORMS.join(', ')}`,
});
const languageSchema = z.enum(LANGUAGES, { error: `Use one of ${LANGUAGES.join(', ')}` });

/** `POST /api/app/v1/viewer`: an app install introduces itself; nothing personal. */
export const appViewerCreateSchema = z.strictObject({
  platform: platformSchema,
  language: languageSchema,
});
export type AppViewerCreate = z.infer<typeof appViewerCreateSchema>;
export const appViewerSchema = z.object({
  viewer_id: z.number().int(),
  /** Sent as `x-viewer-token` on the app's later calls; only its hash is stored. */
  token: z.string(),
});

const count = z
  .number({ error: 'Use a whole number' })
  .int({ error: 'Use a whole number' })
  .min(0, { error: 'Use a whole number' })
  .max(SEGMENT_NUMBER_MAX, { error: `At most ${SEGMENT_NUMBER_MAX}` });

/** What each field's `value` must be, by operator. */
function valueSchema(field: (typeof SEGMENT_FIELDS)[number], op: string): z.ZodType {
  const list = (item: z.ZodType) =>
    z
      .array(item, { error: 'Use a list of values' })
      .min(1, { error: 'Use a list of values' })
      .max(SEGMENT_LIST_VALUES_MAX, { error: `At most ${SEGMENT_LIST_VALUES_MAX} values` });
  switch (field) {
    case 'platform':
      return op === 'in' ? list(platformSchema) : platformSchema;
    case 'language':
      return op === 'in' ? list(languageSchema) : languageSchema;
    case 'first_seen_days':
    case 'views':
    case 'view_days':
      return count;
    case 'watched':
    case 'completed':
    case 'chose':
      return idSchema;
  }
}

/**
 * One condition of a segment: a known field, an operator that field takes, and a value of the
 * field's kind. The messages name what is wrong (`Unknown operator "gt" for "platform": use eq, in`).
 */
export const segmentConditionSchema = z
  .strictObject({
    field: z.enum(SEGMENT_FIELDS, {
      error: (issue) =>
        `Unknown field ${JSON.stringify(issue.input)}: use one of ${SEGMENT_FIELDS.join(', ')}`,
    }),
    op: z.string({ error: MESSAGES.required }),
    value: z.unknown(),
  })
  .superRefine((condition, context) => {
    const operators: readonly string[] = SEGMENT_FIELD_OPERATORS[condition.field];
    if (!operators.includes(condition.op)) {
      context.addIssue({
        code: 'custom',
        path: ['op'],
        message: `Unknown operator ${JSON.stringify(condition.op)} for "${condition.field}": use ${operators.join(', ')}`,
      });
      return;
    }
    const value = valueSchema(condition.field, condition.op).safeParse(condition.value);
    if (!value.success) {
      for (const issue of value.error.issues) {
        context.addIssue({
          code: 'custom',
          path: [
            'value',
            ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
          ],
          message: issue.message,
        });
      }
    }
  }) as unknown as z.ZodType<SegmentCondition>;

export const segmentRulesSchema = z.strictObject({
  match: z.enum(SEGMENT_MATCHES, { error: `Use one of ${SEGMENT_MATCHES.join(', ')}` }),
  conditions: z
    .array(segmentConditionSchema)
    .min(1, { error: 'Add at least one condition' })
    .max(SEGMENT_CONDITIONS_MAX, { error: `At most ${SEGMENT_CONDITIONS_MAX} conditions` }),
}) satisfies z.ZodType<SegmentRules>;

const segmentName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required })
  .max(SEGMENT_NAME_MAX, { error: `At most ${SEGMENT_NAME_MAX} characters` });

/** `POST /api/segment` and `PUT /api/segment/{id}` (PUT: any of the two). */
export const segmentCreateSchema = z.strictObject({ name: segmentName, rules: segmentRulesSchema });
export type SegmentCreate = z.infer<typeof segmentCreateSchema>;
export const segmentUpdateSchema = z
  .strictObject({ name: segmentName.optional(), rules: segmentRulesSchema.optional() })
  .refine((body) => body.name !== undefined || body.rules !== undefined, {
    error: 'Nothing to change',
  });
export type SegmentUpdate = z.infer<typeof segmentUpdateSchema>;
/** `POST /api/segment/preview`: how many viewers rules would hold now. */
export const segmentPreviewSchema = z.strictObject({ rules: segmentRulesSchema });
export const segmentPreviewResultSchema = z.object({ viewers: z.number().int() });

export const segmentRowSchema = z.object({
  id: z.number().int(),
  /** A preset's key (`new`, `returning`, `platform-ios`, `language-ar`…); null for a custom one. */
  preset: z.string().nullable(),
  name: z.string(),
  rules: segmentRulesSchema,
  /** Viewers in the segment now. */
  viewers: z.number().int(),
  /** Promoted contents that target it: a segment in use cannot be deleted. */
  promoted_count: z.number().int(),
  updated_at: z.string(),
});
export type SegmentRow = z.infer<typeof segmentRowSchema>;

const instant = z.iso.datetime({ offset: true, error: 'Use a date and time (ISO 8601)' });

/** `POST /api/promoted`: a project to show first in the feed, when and to whom. */
export const promotedCreateSchema = z
  .strictObject({
    movie_id: idSchema,
    starts_at: instant.nullable().optional(),
    ends_at: instant.nullable().optional(),
    /** None: everyone. */
    segment_ids: z.array(idSchema).max(SEGMENT_CONDITIONS_MAX).default([]),
  })
  .superRefine(refineWindow);
export type PromotedCreate = z.infer<typeof promotedCreateSchema>;

/** `PUT /api/promoted/{id}`: its window and segments (the project stays). */
export const promotedUpdateSchema = z
  .strictObject({
    starts_at: instant.nullable().optional(),
    ends_at: instant.nullable().optional(),
    segment_ids: z.array(idSchema).max(SEGMENT_CONDITIONS_MAX).optional(),
  })
  .superRefine(refineWindow);
export type PromotedUpdate = z.infer<typeof promotedUpdateSchema>;

function refineWindow(
  window: { starts_at?: string | null; ends_at?: string | null },
  context: z.RefinementCtx,
) {
  if (
    window.starts_at &&
    window.ends_at &&
    Date.parse(window.ends_at) <= Date.parse(window.starts_at)
  ) {
    context.addIssue({ code: 'custom', path: ['ends_at'], message: MESSAGES.promotedWindowEnds });
  }
}

/** `PUT /api/promoted/order`: every promoted id of the platform, in the order to show them. */
export const promotedOrderSchema = z.strictObject({ ids: z.array(idSchema).max(500) });

export const promotedRowSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  movie_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  synopsis: z.string(),
  /** Artwork URLs, for the feed card's preview. */
  thumbnail_desktop: z.string().nullable(),
  thumbnail_mobile: z.string().nullable(),
  company_name: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  segments: z.array(
    z.object({ id: z.number().int(), name: z.string(), preset: z.string().nullable() }),
  ),
  status: z.enum(PROMOTED_STATUSES),
});
export type PromotedRow = z.infer<typeof promotedRowSchema>;

/** `GET /api/promoted/candidates`: published app-channel projects a platform may promote. */
export const promotedCandidatesQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: pageParamSchema,
  perPage: perPageParamSchema,
});
export const promotedCandidateSchema = z.object({
  movie_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  thumbnail_desktop: z.string().nullable(),
  company_name: z.string(),
  series_title: z.string().nullable(),
  episode_number: z.number().int().nullable(),
  published_at: z.string(),
  /** Already in the promoted list. */
  promoted: z.boolean(),
});
export const promotedCandidatePageSchema = pageSchema(promotedCandidateSchema);

/** One published app-channel project as the app's cards show it. */
export const appProjectCardSchema = z.object({
  movie_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  synopsis: z.string(),
  view_mode: z.string().nullable(),
  thumbnail_desktop: z.string().nullable(),
  thumbnail_mobile: z.string().nullable(),
  company_name: z.string(),
  episode_number: z.number().int().nullable(),
  published_at: z.string(),
});
export type AppProjectCard = z.infer<typeof appProjectCardSchema>;

/** A feed row: a single project, or a series with its published episodes in order. */
export const appFeedRowSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single'), project: appProjectCardSchema }),
  z.object({
    kind: z.literal('series'),
    series_id: z.number().int(),
    title: z.string(),
    episodes: z.array(appProjectCardSchema),
  }),
]);
export type AppFeedRow = z.infer<typeof appFeedRowSchema>;

export const appFeedQuerySchema = z.object({ page: pageParamSchema, perPage: perPageParamSchema });
/** `GET /api/app/v1/feed`: what the viewer is promoted now, then every row, newest first. */
export const appFeedSchema = z.object({
  promoted: z.array(appProjectCardSchema),
  rows: z.array(appFeedRowSchema),
  total: z.number().int(),
});
export type AppFeed = z.infer<typeof appFeedSchema>;

/** `GET /api/app/v1/project/{slug}`: the player's data, for app-channel projects only. */
export const appProjectSchema = watchDataSchema;

/** `POST /api/app/v1/events`: the player's batch, naming its project. */
export const appEventsSchema = viewEventsSchema.extend({ slug: z.string().min(1).max(200) });
export type AppEvents = z.infer<typeof appEventsSchema>;
