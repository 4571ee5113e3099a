import {
  idParamSchema,
  captionSchema,
  CONTENT_LANGUAGES,
  contentDetailSchema,
  contentLanguageSchema,
  isLanguageId,
  languageListSchema,
  languageName,
  MESSAGES,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRight, signedIn } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { ContentLanguageEntry, ContentService } from './content.service.ts';

const languageId = idParamSchema.refine(isLanguageId, MESSAGES.unknownLanguage);
const languageEntrySchema = contentLanguageSchema.extend({ movie_content_id: z.number().int() });

const change = requireRight('canAddProject');
const read = requireRight('canSeeProject', 'canAddProject');

export function registerContentRoutes(app: FastifyInstance, content: ContentService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/language',
    {
      config: { access: signedIn },
      schema: {
        tags: ['content'],
        summary: 'The languages captions and subtitles can be written in',
        response: { 200: envelope(languageListSchema), ...errors(401) },
      },
    },
    async () => ({
      data: CONTENT_LANGUAGES.map((language) => ({
        language_id: language.language_id,
        name: language.name,
      })),
    }),
  );

  routes.post(
    '/api/movie-content/lang',
    {
      config: {
        access: change,
        activity: logsActivity<ContentLanguageEntry>(({ data }) => ({
          action: 'movie_content.caption_saved',
          entityType: 'movie_content',
          entityId: data.movie_content_id,
          summary: `Saved the ${languageName(data.language_id)} caption`,
        })),
      },
      schema: {
        tags: ['content'],
        summary: 'Set the caption of a clip or bridge in one language',
        description: 'Adds the language to the item when it had none; its subtitle is kept.',
        body: captionSchema,
        response: { 200: envelope(languageEntrySchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await content.saveCaption(callerOf(request), {
        movieContentId: request.body.movie_content_id,
        languageId: request.body.language_id,
        caption: request.body.caption,
      }),
    }),
  );

  routes.delete(
    '/api/movie-content/lang/:movieId/:languageId',
    {
      config: {
        access: change,
        activity: logsActivity<{ movieId: number; language_id: number }>(({ data }) => ({
          action: 'movie.language_removed',
          entityType: 'movie',
          entityId: data.movieId,
          summary: `Removed ${languageName(data.language_id)} captions and subtitles from every clip and bridge`,
        })),
      },
      schema: {
        tags: ['content'],
        summary: 'Remove a language from every clip and bridge of a project',
        description:
          'Their captions and subtitles in that language go with it; 404 when no item has it.',
        params: z.object({ movieId: idParamSchema, languageId }),
        response: {
          200: envelope(
            z.object({
              movieId: z.number().int(),
              language_id: z.number().int(),
              movie_content_ids: z.array(z.number().int()),
            }),
          ),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      data: await content.removeLanguage(
        callerOf(request),
        request.params.movieId,
        request.params.languageId,
      ),
    }),
  );

  routes.delete(
    '/api/movie-content/sub/:movieContentId/:languageId',
    {
      config: {
        access: change,
        activity: logsActivity<ContentLanguageEntry>(({ data }) => ({
          action: 'movie_content.subtitle_removed',
          entityType: 'movie_content',
          entityId: data.movie_content_id,
          summary: `Removed the ${languageName(data.language_id)} subtitle`,
        })),
      },
      schema: {
        tags: ['content'],
        summary: 'Remove the subtitle of a clip or bridge in one language',
        description: 'The caption stays; 404 when there is no subtitle.',
        params: z.object({ movieContentId: idParamSchema, languageId }),
        response: { 200: envelope(languageEntrySchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await content.removeSubtitle(
        callerOf(request),
        request.params.movieContentId,
        request.params.languageId,
      ),
    }),
  );

  routes.delete(
    '/api/movie-content/:movieId/:movieContentId',
    {
      config: {
        access: change,
        activity: logsActivity<{ movie_content_id: number; file_name: string }>(({ data }) => ({
          action: 'movie_content.deleted',
          entityType: 'movie_content',
          entityId: data.movie_content_id,
          summary: `Deleted ${data.file_name}`,
        })),
      },
      schema: {
        tags: ['content'],
        summary: 'Delete a clip or bridge',
        description:
          'With its source, renditions, poster, captions and subtitles; a transcode under way is dropped.',
        params: z.object({ movieId: idParamSchema, movieContentId: idParamSchema }),
        response: {
          200: envelope(
            z.object({
              movieId: z.number().int(),
              movie_content_id: z.number().int(),
              file_name: z.string(),
            }),
          ),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      data: await content.deleteContent(
        callerOf(request),
        request.params.movieId,
        request.params.movieContentId,
      ),
    }),
  );

  routes.get(
    '/api/movie-content/content/:movieContentId',
    {
      config: { access: read },
      schema: {
        tags: ['content'],
        summary: 'The stream, captions and subtitles of a clip or bridge',
        description:
          'url is the HLS master playlist (null until playable); subtitle lists the WebVTT files, code is the language code.',
        params: z.object({ movieContentId: idParamSchema }),
        response: { 200: envelope(contentDetailSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await content.contentDetail(callerOf(request), request.params.movieContentId),
    }),
  );
}
