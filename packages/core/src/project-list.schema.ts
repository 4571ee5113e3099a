import { z } from 'zod';
import { VIEW_MODES } from './media.ts';
import { pageParamSchema, pageSchema, perPageParamSchema } from './paging.schema.ts';
import {
  PROJECT_LIST_DEFAULT_SORT,
  PROJECT_LIST_KINDS,
  PROJECT_LIST_SORTABLE,
  PROJECT_STATUSES,
} from './project-list.ts';

const sortKeys = PROJECT_LIST_SORTABLE.flatMap((field) => [field, `-${field}`]) as [
  string,
  ...string[],
];

/**
 * `GET /api/movie`: the caller's company's projects, paged like the back-office lists. `search`
 * matches a title or a tag (case-insensitive, part of a word); `status` keeps singles of that
 * status and series with at least one episode of it; `orientation` keeps singles of that view
 * mode and series with an episode of it.
 */
export const projectListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
  type: z.enum(PROJECT_LIST_KINDS).optional(),
  orientation: z.enum(VIEW_MODES).optional(),
  page: pageParamSchema,
  perPage: perPageParamSchema,
  sort: z.enum(sortKeys).default(PROJECT_LIST_DEFAULT_SORT),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

export const projectListRowSchema = z.object({
  kind: z.enum(PROJECT_LIST_KINDS),
  /** The project's movieId, or the series' id (its page is `/app/project-list/series/{id}`). */
  id: z.number().int(),
  title: z.string(),
  tags: z.array(z.string()),
  /** Desktop artwork URL; a series shows its first episode's. */
  thumbnail: z.string().nullable(),
  /** A series': null when its episodes differ or it has none. */
  view_mode: z.enum(VIEW_MODES).nullable(),
  /** A series is published once any of its episodes is. */
  status: z.enum(PROJECT_STATUSES),
  /** Series only (null for a single): its episodes, and how many of them are published. */
  episode_count: z.number().int().nullable(),
  published_count: z.number().int().nullable(),
  /** Channels: a published project is always on the web; the app channel is its switch. */
  app_channel_on: z.union([z.literal(0), z.literal(1)]),
  /** Singles: the player's address once a slug is chosen (the preview address while a draft). */
  watch_url: z.string().nullable(),
  created_at: z.string(),
  /** A series': its latest episode change, or its own creation when it has none. */
  updated_at: z.string(),
  /** The creator's name, or e-mail when unnamed; null once that user is gone. */
  author: z.string().nullable(),
});
export type ProjectListRow = z.infer<typeof projectListRowSchema>;
export const projectListPageSchema = pageSchema(projectListRowSchema);

/** An episode on its series' page, in sequence order. */
export const seriesEpisodeSchema = z.object({
  movieId: z.number().int(),
  episodeNumber: z.number().int(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  view_mode: z.enum(VIEW_MODES).nullable(),
  status: z.enum(PROJECT_STATUSES),
  app_channel_on: z.union([z.literal(0), z.literal(1)]),
  watch_url: z.string().nullable(),
  updated_at: z.string(),
});
export type SeriesEpisode = z.infer<typeof seriesEpisodeSchema>;

/** `GET /api/movie/series/{seriesId}`: the series' info and its episodes by number. */
export const seriesDetailSchema = z.object({
  movie_id: z.number().int(),
  title: z.string(),
  synopsis: z.string(),
  tags: z.array(z.string()),
  created_at: z.string(),
  author: z.string().nullable(),
  episodes: z.array(seriesEpisodeSchema),
});
export type SeriesDetail = z.infer<typeof seriesDetailSchema>;
