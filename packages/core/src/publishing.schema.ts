import { z } from 'zod';
import { embedOriginsSchema } from './embed.schema.ts';
import { boundedInt, idSchema } from './ids.schema.ts';
import { BANNER_KINDS, isLanguageId, VIEW_MODES, type BannerKind } from './media.ts';
import { MESSAGES } from './messages.ts';
import { BANNER_COMPONENT_TYPES } from './plot.ts';
import { bannerSettingsFields, projectInfoFields, projectInfoSchema } from './projects.schema.ts';
import { nodeLogicFields, storyStateSchema, storyVariablesSchema } from './story-logic.schema.ts';
import {
  CHOICE_TAKERS,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  VIEW_EVENT_NEEDS,
  VIEW_EVENT_TYPES,
  VIEW_EVENTS_MAX_PER_BATCH,
  VIEW_SESSION_PATTERN,
} from './publishing.ts';

/**
 * The calls of step 4 and of the player: publication settings and the whole project form, the
 * publish answer, the player's data and its viewing events.
 */

export const slugSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(SLUG_MAX_LENGTH, `At most ${SLUG_MAX_LENGTH} characters`)
  .regex(SLUG_PATTERN, MESSAGES.slugFormat);

const flag = z.union([z.literal(0), z.literal(1)]);

/**
 * `POST /api/movie` with step 4's fields (and step 3's primary language): only the fields sent
 * change. Told apart from step 1's body by having no `type`.
 */
export const publicationSettingsSchema = z
  .object({
    movieId: idSchema,
    slug: slugSchema.optional(),
    app_channel_on: flag.optional(),
    shareable: flag.optional(),
    /** The sites that may frame the story at `/embed/{slug}`; `["*"]` for any. */
    embed_origins: embedOriginsSchema.optional(),
    primaryLanguageId: z
      .number()
      .int()
      .refine(isLanguageId, MESSAGES.unknownLanguage)
      .nullable()
      .optional(),
  })
  .strict();
export type PublicationSettings = z.infer<typeof publicationSettingsSchema>;

/** Accepted and ignored: §3 form data that this call does not store, and why. */
const ignored = (why: string) => z.unknown().optional().describe(`Accepted and ignored: ${why}.`);
const setByBannerUpload = (kind: BannerKind) =>
  ignored(`set by POST /api/upload/banner/${kind}, removed by DELETE /api/media/banner`);

/** The publication settings' fields, without the project they belong to. */
const publicationFields = publicationSettingsSchema.omit({ movieId: true }).shape;
const PUBLICATION_FIELDS = Object.keys(publicationFields) as (keyof typeof publicationFields)[];
const BANNER_SETTINGS_FIELDS = Object.keys(
  bannerSettingsFields,
) as (keyof typeof bannerSettingsFields)[];
/** Step 1's fields but `type`: sent without `type`, they are refused (step 1 is saved whole). */
const INFO_FIELDS = (Object.keys(projectInfoFields) as (keyof typeof projectInfoFields)[]).filter(
  (field) => field !== 'type',
);

/** Keeps the fields of `names` that the body carries. */
function sent<T extends object, K extends keyof T>(
  body: T,
  names: readonly K[],
): Partial<Pick<T, K>> {
  return Object.fromEntries(
    names.filter((name) => body[name] !== undefined).map((name) => [name, body[name]]),
  ) as Partial<Pick<T, K>>;
}

/**
 * The body of `POST /api/movie`: §3's whole form data, or any part of it. With `type`, step 1's info
 * (checked by `projectInfoSchema`: a new project without movieId); without it, movieId names the
 * project and no step 1 field may come. Step 4's settings, step 3's primary language and the
 * banner's button and target URL are saved when sent, all in one transaction. The form data's
 * client state and what other calls set are accepted and ignored; any other field is refused.
 * The output groups the fields by what saves them.
 */
export const projectSaveSchema = z
  .strictObject({
    movieId: idSchema.optional(),
    type: projectInfoFields.type.optional(),
    ...(Object.fromEntries(
      INFO_FIELDS.map((field) => [field, projectInfoFields[field].optional()]),
    ) as {
      [K in (typeof INFO_FIELDS)[number]]: z.ZodOptional<(typeof projectInfoFields)[K]>;
    }),
    ...publicationFields,
    ...(Object.fromEntries(
      BANNER_SETTINGS_FIELDS.map((field) => [field, bannerSettingsFields[field].optional()]),
    ) as {
      [K in keyof typeof bannerSettingsFields]: z.ZodOptional<(typeof bannerSettingsFields)[K]>;
    }),
    busy: ignored("the wizard's state"),
    step: ignored("the wizard's state"),
    series: ignored('the series as GET answers it; movieIdParent names it'),
    seriesList: ignored("the company's series, from GET /api/movie/series"),
    movieContent: ignored('clips and bridges are uploaded and changed by their own calls'),
    language: ignored("the items' languages, which their captions and subtitles make"),
    client_id: ignored(
      'the client is named by client_name (step 1); GET /api/movie/{movieId} answers both',
    ),
    thumbnailMobile: ignored('set by POST /api/upload/thumbnailMobile, removed by PUT /api/movie'),
    thumbnailDesktop: ignored(
      'set by POST /api/upload/thumbnailDesktop, removed by PUT /api/movie',
    ),
    ...(Object.fromEntries(
      BANNER_KINDS.flatMap((kind) => [
        [kind, setByBannerUpload(kind)],
        [`${kind}_media_id`, setByBannerUpload(kind)],
      ]),
    ) as Record<BannerKind | `${BannerKind}_media_id`, ReturnType<typeof ignored>>),
  })
  .transform((body, context) => {
    const settings = sent(body, PUBLICATION_FIELDS);
    const banner = sent(body, BANNER_SETTINGS_FIELDS);
    if (body.type === undefined) {
      const info = Object.keys(sent(body, INFO_FIELDS));
      if (info.length > 0) {
        context.addIssue({ code: 'custom', path: ['type'], message: MESSAGES.infoNeedsType });
      }
      if (body.movieId === undefined) {
        context.addIssue({ code: 'custom', path: ['movieId'], message: MESSAGES.required });
        return z.NEVER;
      }
      return { movieId: body.movieId, info: undefined, settings, banner };
    }
    const info = projectInfoSchema.safeParse({
      movieId: body.movieId,
      type: body.type,
      ...sent(body, INFO_FIELDS),
    });
    if (!info.success) {
      for (const issue of info.error.issues) {
        context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      return z.NEVER;
    }
    return { movieId: body.movieId, info: info.data, settings, banner };
  });
export type ProjectSave = z.output<typeof projectSaveSchema>;

/** `POST /api/movie/{movieId}/publish`. */
export const publishResultSchema = z.object({
  slug: z.string(),
  url: z.string(),
  published_at: z.string(),
});
export type PublishResult = z.infer<typeof publishResultSchema>;

/**
 * `PUT /api/movie/{movieId}/paths-confirmed`: step 4's word that the creator played the paths of a
 * story the check could not visit whole, for the storyline version they played (its `version`).
 */
export const pathsConfirmSchema = z.strictObject({ version: boundedInt(0) });
export type PathsConfirm = z.infer<typeof pathsConfirmSchema>;

export const pathsConfirmedSchema = z.object({
  paths_confirmed_version: z.number().int(),
  /** ISO time of the confirmation. */
  paths_confirmed_at: z.string(),
});
export type PathsConfirmed = z.infer<typeof pathsConfirmedSchema>;

/**
 * `GET /api/watch/{slug}` (published projects, public) and `GET /api/watch/preview/{movieId}`
 * (drafts, for the company's signed-in members): all the player needs, in one call.
 */
export const watchDataSchema = z.object({
  /** Null only in the preview of a draft that has no slug yet. */
  slug: z.string().nullable(),
  title: z.string(),
  synopsis: z.string(),
  view_mode: z.enum(VIEW_MODES).nullable(),
  /** Whether the viewer is offered a share button at an ending. */
  shareable: z.boolean(),
  /** Null when none was chosen: the player starts in the browser's language, else the first. */
  primary_language_id: z.number().int().nullable(),
  /** The languages of the project's captions and subtitles. */
  languages: z.array(
    z.object({ language_id: z.number().int(), code: z.string(), name: z.string() }),
  ),
  /** The banner's images by kind (absent kinds null), its button and its target. */
  banner: z.object({
    images: z.object(
      Object.fromEntries(BANNER_KINDS.map((kind) => [kind, z.string().nullable()])) as Record<
        BannerKind,
        z.ZodNullable<z.ZodString>
      >,
    ),
    button_text: z.string(),
    button_color: z.string(),
    button_text_color: z.string(),
    url: z.string(),
  }),
  items: z.array(
    z.object({
      movie_content_id: z.number().int(),
      type: z.number().int(),
      /** Seconds. */
      duration: z.number().nullable(),
      /** The HLS master playlist. */
      hls_url: z.string(),
      poster: z.string().nullable(),
      /** Captions by language id: the options' labels. */
      captions: z.record(z.string(), z.string()),
      /** WebVTT files by language. */
      subtitles: z.array(z.object({ language_id: z.number().int(), url: z.string() })),
    }),
  ),
  /** The plot (docs/PLOT.md), siblings in order, with each node's story logic. */
  plot: z.array(
    z.object({
      id: z.number().int(),
      movie_content_id: z.number().int(),
      parent_id: z.number().int().nullable(),
      banners: z.array(
        z.object({ type: z.enum(BANNER_COMPONENT_TYPES), time_start: z.number().int() }),
      ),
      ...nodeLogicFields,
    }),
  ),
  /** The story's variables and their start values. */
  variables: storyVariablesSchema,
  /** Where a preview is: false for the published project. */
  preview: z.boolean(),
});
export type WatchData = z.infer<typeof watchDataSchema>;

const viewEventSchema = z
  .object({
    type: z.enum(VIEW_EVENT_TYPES),
    at: z.number().int().min(0).max(86_400_000),
    node_id: idSchema.optional(),
    /** `choice`: the node chosen among the options of `node_id`. */
    option_id: idSchema.optional(),
    /** `choice`: who took it; left out, the viewer. */
    by: z.enum(CHOICE_TAKERS).optional(),
    /** `watched`: seconds of video played since the last such event. */
    seconds: z.number().min(0).max(86_400).optional(),
  })
  .strict()
  .superRefine((event, context) => {
    for (const field of VIEW_EVENT_NEEDS[event.type]) {
      if (event[field] === undefined) {
        context.addIssue({ code: 'custom', path: [field], message: MESSAGES.viewEventsMalformed });
      }
    }
  });
export type ViewEvent = z.infer<typeof viewEventSchema>;

/**
 * `POST /api/watch/{slug}/events`, sent with fetch or as a beacon on page hide (a beacon of a
 * string is `text/plain`: the server reads JSON from it too). `session` is a random id the page
 * makes per viewing (no cookie); `at` is milliseconds since the viewing began. The server refuses
 * a batch naming a node that is not in the project's plot, or an option that does not follow its
 * node; a preview sends none.
 */
export const viewEventsSchema = z
  .object({
    session: z.string().regex(VIEW_SESSION_PATTERN, MESSAGES.viewEventsMalformed),
    events: z
      .array(viewEventSchema)
      .min(1)
      .max(VIEW_EVENTS_MAX_PER_BATCH, MESSAGES.viewEventsTooMany),
  })
  .strict();
export type ViewEvents = z.infer<typeof viewEventsSchema>;

/**
 * `POST /api/watch/{slug}/resume`: a published story's viewing state, kept behind a new opaque
 * token for RESUME_DAYS days (the server stores nothing else: no person, no address).
 */
export const resumeSaveSchema = z.strictObject({ state: storyStateSchema });
export const resumeTokenSchema = z.object({
  token: z.string(),
  /** ISO date and time after which the token no longer answers. */
  expires_at: z.string(),
});
export type ResumeToken = z.infer<typeof resumeTokenSchema>;
/** `GET /api/watch/{slug}/resume/{token}`: the state the token keeps. */
export const resumeStateSchema = z.object({ state: storyStateSchema });
