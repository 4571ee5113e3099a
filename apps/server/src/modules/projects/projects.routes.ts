import {
  idParamSchema,
  artworkDeleteSchema,
  BANNER_KINDS,
  bannerSettingsSchema,
  clientListQuerySchema,
  clientListSchema,
  projectSaveSchema,
  type ProjectSave,
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
  SavedProject,
} from './projects.service.ts';

const movieIdReply = envelope(z.object({ movieId: z.number().int() }));

const change = requireRight('canAddProject');
const read = requireRight('canSeeProject', 'canAddProject');

/** The activity log's entry of `POST /api/movie`: what was saved, by part. */
function describeSave(form: ProjectSave, saved: SavedProject) {
  const parts = [
    form.info && `the project info of "${form.info.title}"`,
    saved.client !== undefined &&
      (saved.client === null ? 'no client' : `the client "${saved.client}"`),
    Object.keys(form.settings).length > 0 &&
      `the publication settings (${Object.keys(form.settings).join(', ')})`,
    Object.keys(form.banner).length > 0 &&
      `the banner settings (${Object.keys(form.banner).join(', ')})`,
  ].filter((part) => typeof part === 'string');
  const onlySettings = !form.info && Object.keys(form.banner).length === 0;
  return {
    action: saved.created
      ? 'movie.created'
      : onlySettings
        ? 'movie.publication_saved'
        : 'movie.updated',
    entityType: 'movie' as const,
    entityId: saved.movieId,
    summary:
      parts.length === 0
        ? 'Saved nothing: the request carried only fields that are ignored'
        : `Saved ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`}`,
  };
}

export function registerProjectsRoutes(app: FastifyInstance, projects: ProjectsService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/movie',
    {
      config: {
        access: change,
        activity: logsActivity<SavedProject>(({ request, data }) =>
          describeSave(request.body as ProjectSave, data),
        ),
      },
      schema: {
        tags: ['projects'],
        summary: "Save a project's form data: step 1 info, publication and banner settings",
        description: [
          "§3's form data, whole or in part, saved in one transaction: a refusal of any part changes nothing.",
          "With `type`, step 1's info, saved whole: without movieId a new project of the caller's company (201), with it that project (200). An episode (type 2) names a series of the project's company (movieIdParent) and a number not taken in it (409 otherwise); a single project (type 1) names none (absent or null).",
          "`client_name` (with `type`, optional) names the project's client: found among its company's clients by name (any case) or added to them; empty or null for none; absent keeps it. Only administrators, superadmins and staff may change it: anyone else sending another client than the project's gets a 403 and nothing is saved.",
          'Without `type`, movieId names the project and no step 1 field may come.',
          "Either way, any of slug, app_channel_on, shareable, primaryLanguageId (step 4 and step 3) and button_text, button_color, button_text_color, url (the banner's button and target) are saved when sent; fields not sent keep their value. A slug is unique across all projects (409 when taken); primaryLanguageId must be a language of the project's clips and bridges (400), or null.",
          "The form data's client state and what other calls set (busy, step, series, seriesList, movieContent, language, client_id (client_name names the client), the thumbnails and the banner images with their media ids) are accepted and ignored; any other field is a 400 naming it.",
        ].join(' '),
        body: projectSaveSchema,
        response: { 200: movieIdReply, 201: movieIdReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const saved = await projects.save(callerOf(request), request.body);
      // The reply's schema keeps only movieId; `created` and `client` are for the activity log.
      return reply.status(saved.created ? 201 : 200).send({ data: saved });
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
          "Step 1 info (with client_id and client_name, the project's client or null), the series, every clip and bridge with its transcode status and languages, the languages used, the banner settings and images, the publication settings (slug and its watch_url, which carries ?client_name= when the project has a client, app_channel_on, shareable, primaryLanguageId) and published_at.",
        params: z.object({ movieId: idParamSchema }),
        response: { 200: envelope(projectSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await projects.detail(callerOf(request), request.params.movieId),
    }),
  );

  routes.get(
    '/api/client',
    {
      config: { access: read },
      schema: {
        tags: ['projects'],
        summary: "A company's clients, for step 1's client field",
        description:
          "The clients of the project's company (movieId, a project the caller reaches), else of the caller's company, whose name holds `search` (any case), by name, 20 at most.",
        querystring: clientListQuerySchema,
        response: { 200: envelope(clientListSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await projects.clients(callerOf(request), request.query),
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
