import { z } from 'zod';
import { boundedInt, idParamSchema, idSchema } from './ids.schema.ts';
import { movieContentStatusSchema } from './media.schema.ts';
import { BANNER_KINDS, type BannerKind, isLanguageId, PROJECT_TYPE, VIEW_MODES } from './media.ts';
import { MESSAGES } from './messages.ts';
import {
  BANNER_BUTTON_TEXT_MAX_LENGTH,
  CAPTION_MAX_LENGTH,
  CLIENT_NAME_MAX_LENGTH,
  EPISODE_MAX,
  EPISODE_MIN,
} from './projects.ts';
import { webUrlSchema } from './validation.schema.ts';

/** The project calls (wizard steps 1 and 2): step 1's info, series, the form data, captions, the banner. */

const trimmed = (max: number) => z.string().trim().max(max);
/** Tags are free text; a creatable select accepts only non-empty options (§5). */
const tagList = z.array(trimmed(50).min(1)).max(30);
const tags = tagList.default([]);
const projectType = z.union([z.literal(PROJECT_TYPE.single), z.literal(PROJECT_TYPE.episode)]);

/**
 * The project's client (step 1): a free name of the company's clients, found or made by name; an
 * empty name or null takes the client away. Only `canSetProjectClient` may change it.
 */
const clientName = trimmed(CLIENT_NAME_MAX_LENGTH)
  .nullable()
  .transform((name) => name || null)
  .describe(
    "The project's client, by name: found among the company's clients or added to them; empty or null for none. Absent keeps it. Only administrators, superadmins and staff may change it (403).",
  );

/**
 * Step 1's fields (the project info) as `POST /api/movie` reads them, before defaults: the whole
 * form data's schema (`projectSaveSchema`) offers each of them too. A single project names no
 * series: its `movieIdParent` and `episodeNumber` are absent or null.
 */
export const projectInfoFields = {
  type: projectType,
  title: trimmed(200).min(1, MESSAGES.required),
  synopsis: trimmed(5000),
  tags: tagList,
  view_mode: z.enum(VIEW_MODES, { error: MESSAGES.required }),
  /** The series of an episode (type 2). */
  movieIdParent: idSchema.nullable(),
  episodeNumber: boundedInt(EPISODE_MIN, EPISODE_MAX).nullable(),
  client_name: clientName,
};

/**
 * Step 1 of `POST /api/movie`, saved whole: creates (no movieId) or updates a project's info. The
 * studio's step 1 form checks itself with it; the whole form data (`projectSaveSchema`) applies it
 * to a body with `type`.
 */
export const projectInfoSchema = z
  .strictObject({
    movieId: idSchema.optional(),
    ...projectInfoFields,
    synopsis: projectInfoFields.synopsis.default(''),
    tags,
    movieIdParent: projectInfoFields.movieIdParent.optional(),
    episodeNumber: projectInfoFields.episodeNumber.optional(),
    /** Absent keeps the project's client as it is. */
    client_name: projectInfoFields.client_name.optional(),
  })
  .superRefine((info, context) => {
    for (const field of ['movieIdParent', 'episodeNumber'] as const) {
      const named = info[field] !== undefined && info[field] !== null;
      if (info.type === PROJECT_TYPE.episode && !named) {
        context.addIssue({ code: 'custom', path: [field], message: MESSAGES.required });
      }
      // Refused rather than dropped: the client meant this project to be an episode.
      if (info.type === PROJECT_TYPE.single && named) {
        context.addIssue({ code: 'custom', path: [field], message: MESSAGES.singleHasNoSeries });
      }
    }
  });
export type ProjectInfo = z.infer<typeof projectInfoSchema>;

/** `PUT /api/movie`: deletes one artwork (the field present and null). */
export const artworkDeleteSchema = z
  .strictObject({
    movie_id: idSchema,
    thumbnail_mobile: z.null().optional(),
    thumbnail_desktop: z.null().optional(),
  })
  .refine((body) => 'thumbnail_mobile' in body || 'thumbnail_desktop' in body, {
    message: 'Name the artwork to delete: thumbnail_mobile or thumbnail_desktop',
  });

/** `POST /api/movie/series/add`. */
export const seriesAddSchema = z.strictObject({
  title: trimmed(200).min(1, MESSAGES.required),
  synopsis: trimmed(5000).default(''),
  tags,
  /** The project the new series is made for, when there is one. */
  movieId: idSchema.optional(),
  categoryId: idSchema.optional(),
});

/** An entry of `GET /api/movie/series`: a series of the caller's company. */
export const seriesSchema = z.object({
  movie_id: z.number().int(),
  title: z.string(),
  category_id: z.number().int().nullable(),
  synopsis: z.string(),
  tags: z.array(z.string()),
  /** Episode numbers already taken in the series. */
  episodeList: z.array(z.number().int()),
});
export type Series = z.infer<typeof seriesSchema>;

/**
 * `GET /api/client`: the company's clients whose name holds `search` (any case), by name, for step
 * 1's client field. `movieId` names the project whose company is meant (staff reach every company);
 * without it, the caller's company.
 */
export const clientListQuerySchema = z.object({
  search: trimmed(CLIENT_NAME_MAX_LENGTH).optional(),
  movieId: idParamSchema.optional(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

export const clientListSchema = z.array(
  z.object({ client_id: z.number().int(), name: z.string() }),
);
export type ClientListEntry = z.infer<typeof clientListSchema>[number];

/** A banner image of a project, by kind: its URL and the media id that names it. */
const bannerImage = z.object({ url: z.string().nullable(), mediaId: z.number().int().nullable() });
export type BannerImage = z.infer<typeof bannerImage>;
const bannerUrl = (kind: BannerKind) =>
  z.string().nullable().describe(`The ${kind} banner image's URL; null without one.`);
const bannerMediaId = (kind: BannerKind) =>
  z
    .number()
    .int()
    .nullable()
    .describe(`The media id of the ${kind} banner image (its upload's mediaId); null without one.`);

/** `GET /api/movie/{movieId}`: the whole form data of §3. */
export const projectSchema = z.object({
  movieId: z.number().int(),
  type: z.number().int(),
  status: z.enum(['draft', 'published']),
  title: z.string(),
  synopsis: z.string(),
  tags: z.array(z.string()),
  view_mode: z.enum(VIEW_MODES).nullable(),
  thumbnailMobile: z.string().nullable(),
  thumbnailDesktop: z.string().nullable(),
  movieIdParent: z.number().int().nullable(),
  series: seriesSchema.nullable(),
  episodeNumber: z.number().int().nullable(),
  movieContent: z.array(movieContentStatusSchema),
  /** The languages used by the project's items, each once. */
  language: z.array(z.object({ language_id: z.number().int(), name: z.string() })),
  button_text: z.string(),
  button_color: z.string(),
  button_text_color: z.string(),
  /** The banner's target URL. */
  url: z.string(),
  /** Step 1: the client the project is made for, one of its company's; null without one. */
  client_id: z.number().int().nullable(),
  client_name: z.string().nullable(),
  /** Step 4: the player's address is `/watch/{slug}`; null until one is chosen. */
  slug: z.string().nullable(),
  /** Where a viewer finds it, from the slug: the preview address while a draft. */
  watch_url: z.string().nullable(),
  app_channel_on: z.union([z.literal(0), z.literal(1)]),
  shareable: z.union([z.literal(0), z.literal(1)]),
  /** Step 4: the sites that may frame the story (`/embed/{slug}`); `["*"]` for any, none by default. */
  embed_origins: z.array(z.string()),
  /** Step 3: the language the player starts in; null until chosen. */
  primaryLanguageId: z.number().int().nullable(),
  /** ISO time of publishing; null for a draft. */
  published_at: z.string().nullable(),
  /**
   * Step 4: the storyline version whose paths the creator confirmed having played (a story the
   * check could not visit whole publishes only with it for the current version); null for none.
   */
  paths_confirmed_version: z.number().int().nullable(),
  // §3's banner images, flat.
  vertical_regular: bannerUrl('vertical_regular'),
  vertical_regular_media_id: bannerMediaId('vertical_regular'),
  horizontal: bannerUrl('horizontal'),
  horizontal_media_id: bannerMediaId('horizontal'),
  vertical_long: bannerUrl('vertical_long'),
  vertical_long_media_id: bannerMediaId('vertical_long'),
  /** The same images by kind, as the studio reads them. */
  banners: z.object(
    Object.fromEntries(BANNER_KINDS.map((kind) => [kind, bannerImage])) as Record<
      BannerKind,
      typeof bannerImage
    >,
  ),
});
export type Project = z.infer<typeof projectSchema>;

type BannerImageViews = Pick<
  Project,
  | 'banners'
  | 'vertical_regular'
  | 'vertical_regular_media_id'
  | 'horizontal'
  | 'horizontal_media_id'
  | 'vertical_long'
  | 'vertical_long_media_id'
>;

/**
 * A project's banner images in both views of its form data, §3's flat fields and `banners`, so the
 * server's answer and the studio's patches of it never disagree.
 */
export function bannerImageViews(images: Record<BannerKind, BannerImage>): BannerImageViews {
  return {
    banners: images,
    vertical_regular: images.vertical_regular.url,
    vertical_regular_media_id: images.vertical_regular.mediaId,
    horizontal: images.horizontal.url,
    horizontal_media_id: images.horizontal.mediaId,
    vertical_long: images.vertical_long.url,
    vertical_long_media_id: images.vertical_long.mediaId,
  };
}

/** `POST /api/movie-content/lang`: a caption of one item in one language (§5: required, max 75). */
export const captionSchema = z.strictObject({
  movie_content_id: idSchema,
  language_id: idSchema.refine(isLanguageId, MESSAGES.unknownLanguage),
  caption: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(CAPTION_MAX_LENGTH, `At most ${CAPTION_MAX_LENGTH} characters`),
});

/** `GET /api/movie-content/content/{movieContentId}`. */
export const contentDetailSchema = z.object({
  url: z.string().nullable(),
  captions: z.array(z.object({ language_id: z.number().int(), caption: z.string() })),
  subtitle: z.array(
    z.object({ file: z.string(), code: z.string(), language_id: z.number().int() }),
  ),
});

/** The banner's button and target as §3's form data names them, before defaults. */
export const bannerSettingsFields = {
  /** The banner's target URL: a web link (http or https), or empty. */
  url: webUrlSchema(2000),
  button_text: trimmed(BANNER_BUTTON_TEXT_MAX_LENGTH),
  button_color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #6a1b9a'),
  button_text_color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #ffffff'),
};

/** `POST /api/media/banner`: the banner's button and target. */
export const bannerSettingsSchema = z.strictObject({
  movie_id: idSchema,
  url: bannerSettingsFields.url.default(''),
  button_text: bannerSettingsFields.button_text.default(''),
  button_color: bannerSettingsFields.button_color.default('#000000'),
  button_text_color: bannerSettingsFields.button_text_color.default('#ffffff'),
});

/** `GET /api/language`. */
export const languageListSchema = z.array(
  z.object({ language_id: z.number().int(), name: z.string() }),
);
