import {
  idParamSchema,
  artworkDeleteSchema,
  BANNER_KINDS,
  bannerSettingsSchema,
  projectSaveSchema,
  projectSchema,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRight } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type {
  ArtworkDelete,
  BannerSettings,
  DeletedProject,
  ProjectsService,
} from './projects.service.ts';

const movieIdReply = envelope(z.object({ movieId: z.number().int() }));

const change = requireRight('canAddProject');
const read = requireRight('canSeeProject', 'canAddProject');

export function registerProjectsRoutes(app: FastifyInstance, projects: ProjectsService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/movie',
    {
      config: {
        access: change,
        activity: logsActivity<{ movieId: number }>(({ request, data }) => {
          const body = request.body as z.output<typeof projectSaveSchema>;
          if (body.type === undefined) {
            return {
              action: 'movie.publication_saved',
              entityType: 'movie',
              entityId: data.movieId,
              summary: `Saved the publication settings (${Object.keys(body)
                .filter((field) => field !== 'movieId')
                .join(', ')})`,
            };
          }
          return {
            action: body.movieId === undefined ? 'movie.created' : 'movie.updated',
            entityType: 'movie',
            entityId: data.movieId,
            summary: `Saved the project info of "${body.title}"`,
          };
        }),
      },
      schema: {
        tags: ['projects'],
        summary: 'Create a project, update its step 1 info, or save its publication settings',
        description:
          "With `type` (step 1): without movieId, a project of the caller's company (201); with it, that project (200). An episode (type 2) names a series of the project's company (movieIdParent) and a number not taken in it (409 otherwise). Without `type` (step 4, and step 3's primary language): movieId and any of slug, app_channel_on, shareable, primaryLanguageId; only the fields sent change. A slug is unique across all projects (409 when taken); primaryLanguageId must be a language of the project's clips and bridges (400), or null.",
        body: projectSaveSchema,
        response: { 200: movieIdReply, 201: movieIdReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.type === undefined) {
        return { data: await projects.saveSettings(callerOf(request), body) };
      }
      const { movieId, created } = await projects.saveInfo(callerOf(request), body);
      return reply.status(created ? 201 : 200).send({ data: { movieId } });
    },
  );

  routes.get(
    '/api/movie/:movieId',
    {
      config: { access: read },
      schema: {
        tags: ['projects'],
        summary: 'The whole form data of a project',
        description:
          'Step 1 info, the series, every clip and bridge with its transcode status and languages, the languages used, the banner settings and images, the publication settings (slug and its watch_url, app_channel_on, shareable, primaryLanguageId) and published_at.',
        params: z.object({ movieId: idParamSchema }),
        response: { 200: envelope(projectSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await projects.detail(callerOf(request), request.params.movieId),
    }),
  );

  routes.delete(
    '/api/movie/:movieId',
    {
      config: {
        access: change,
        // The reply's schema keeps only movieId of what the service answers.
        activity: logsActivity<DeletedProject>(({ data }) => ({
          action: 'movie.deleted',
          entityType: 'movie',
          entityId: data.movieId,
          companyId: data.companyId,
          summary: `Deleted the draft "${data.title}"`,
        })),
      },
      schema: {
        tags: ['projects'],
        summary: 'Delete a draft project',
        description:
          'With its clips, bridges, storyline, banners and every file stored for them (sources, renditions, posters, subtitles, artwork, banner images). A published project is refused (409).',
        params: z.object({ movieId: idParamSchema }),
        response: { 200: movieIdReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await projects.deleteDraft(callerOf(request), request.params.movieId),
    }),
  );

  routes.put(
    '/api/movie',
    {
      config: {
        access: change,
        activity: logsActivity<{ movieId: number }>(({ request, data }) => {
          const body = request.body as ArtworkDelete;
          const names = [
            'thumbnail_mobile' in body ? 'mobile' : null,
            'thumbnail_desktop' in body ? 'desktop' : null,
          ].filter((name) => name !== null);
          return {
            action: 'movie.thumbnail_deleted',
            entityType: 'movie',
            entityId: data.movieId,
            summary: `Deleted the ${names.join(' and ')} thumbnail`,
          };
        }),
      },
      schema: {
        tags: ['projects'],
        summary: 'Delete artwork: thumbnail_mobile or thumbnail_desktop set to null',
        body: artworkDeleteSchema,
        response: { 200: movieIdReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await projects.deleteArtwork(callerOf(request), request.body),
    }),
  );

  routes.post(
    '/api/media/banner',
    {
      config: {
        access: change,
        activity: logsActivity<BannerSettings>(({ data }) => ({
          action: 'movie.banner_settings_saved',
          entityType: 'movie',
          entityId: data.movie_id,
          summary: 'Saved the banner button and target URL',
        })),
      },
      schema: {
        tags: ['projects'],
        summary: "Save the banner's button text, colours and target URL",
        body: bannerSettingsSchema,
        response: {
          200: envelope(
            z.object({
              movie_id: z.number().int(),
              url: z.string(),
              button_text: z.string(),
              button_color: z.string(),
              button_text_color: z.string(),
            }),
          ),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      data: await projects.saveBannerSettings(callerOf(request), request.body),
    }),
  );

  routes.delete(
    '/api/media/banner/:movieId/:bannerKind',
    {
      config: {
        access: change,
        activity: logsActivity<{ movieId: number; kind: string }>(({ data }) => ({
          action: 'movie.banner_image_deleted',
          entityType: 'movie',
          entityId: data.movieId,
          summary: `Deleted the ${data.kind} banner image`,
        })),
      },
      schema: {
        tags: ['projects'],
        summary: "Delete the project's banner image of one kind",
        params: z.object({ movieId: idParamSchema, bannerKind: z.enum(BANNER_KINDS) }),
        response: {
          200: envelope(z.object({ movieId: z.number().int(), kind: z.enum(BANNER_KINDS) })),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      data: await projects.deleteBannerImage(
        callerOf(request),
        request.params.movieId,
        request.params.bannerKind,
      ),
    }),
  );
}
