import { z } from 'zod';
import { fromDecimal, idParamSchema, idSchema } from './ids.schema.ts';
import { CONTENT_TYPE, isLanguageId, TRANSCODE_STATUSES, VIEW_MODES } from './media.ts';
import { MESSAGES } from './messages.ts';

/** The media calls (§7): the upload forms' fields, the transcoding status, a retry. */

/** Multipart fields arrive as text; an empty field means "not given". */
const optionalId = z.preprocess(
  (value) => (value === '' ? undefined : value),
  idParamSchema.optional(),
);

/**
 * Fields of `POST /api/v1.5/upload/movie-content` (§7). Without movieId a draft single project is
 * made. Any field but these is refused; `contentType` is accepted and ignored (the content decides).
 */
export const movieContentUploadFieldsSchema = z.strictObject({
  movieId: optionalId,
  view_mode: z.enum(VIEW_MODES).default('horizontal'),
  type: fromDecimal(z.union([z.literal(CONTENT_TYPE.clip), z.literal(CONTENT_TYPE.bridge)])),
  contentType: z.string().max(100).optional(),
});
export type MovieContentUploadFields = z.infer<typeof movieContentUploadFieldsSchema>;

/** Fields of `POST /api/upload/thumbnailMobile` and `/thumbnailDesktop`; `contentType` is ignored. */
export const thumbnailUploadFieldsSchema = z.strictObject({
  movieId: optionalId,
  contentType: z.string().max(100).optional(),
});

/**
 * Fields of `POST /api/upload/subtitle`; `exist` (§7: the language already had a subtitle) is
 * accepted and ignored: an upload replaces the language's subtitle either way.
 */
export const subtitleUploadFieldsSchema = z.strictObject({
  movie_content_id: idParamSchema,
  language_id: fromDecimal(idSchema.refine(isLanguageId, MESSAGES.unknownLanguage)),
  exist: z.string().max(10).optional(),
});

/**
 * Fields of `POST /api/upload/banner/{kind}`; `mediaId` (§7: the image being replaced) is accepted
 * and ignored: an upload replaces the kind's image either way.
 */
export const bannerUploadFieldsSchema = z.strictObject({
  movieId: idParamSchema,
  mediaId: optionalId,
});

/** One subtitle or caption language of a movie content, as the status call lists it. */
export const contentLanguageSchema = z.object({
  language_id: z.number().int(),
  caption: z.string(),
  /** The WebVTT file browsers read, or null without a subtitle. */
  file: z.string().nullable(),
  /** The name the subtitle was uploaded under. */
  file_name: z.string().nullable(),
});
export type ContentLanguage = z.infer<typeof contentLanguageSchema>;

/** One entry of `GET /api/transcoder/movie-status/{movieId}` (§7). */
export const movieContentStatusSchema = z.object({
  movie_content_id: z.number().int(),
  type: z.number().int(),
  file_name: z.string(),
  /** The HLS master playlist, from `playable` on; null before. */
  url: z.string().nullable(),
  /** The poster, once `ready`. */
  thumbnail: z.string().nullable(),
  status: z.enum(TRANSCODE_STATUSES),
  /** Whole percent of the whole job (first rendition and ladder). */
  progress: z.number().int().min(0).max(100),
  /** Seconds, once known. */
  duration: z.number().nullable(),
  /** Why the last attempt failed; null unless `failed`. */
  transcoder_log: z.string().nullable(),
  lang: z.array(contentLanguageSchema),
});
export type MovieContentStatus = z.infer<typeof movieContentStatusSchema>;

/** `data` of `POST /api/v1.5/upload/movie-content`: the project (made when none was given) and one entry per file. */
export const movieContentUploadResultSchema = z.object({
  movieId: z.number().int(),
  files: z.array(movieContentStatusSchema),
});
export type MovieContentUploadResult = z.infer<typeof movieContentUploadResultSchema>;

/** `POST /api/transcoder/retry`: `id` is the movie content; `trailer` is always 0 from the studio. */
export const transcodeRetrySchema = z.strictObject({
  id: idSchema,
  trailer: z.union([z.literal(0), z.literal(1)]).default(0),
});
