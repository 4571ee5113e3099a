import {
  BANNER_KINDS,
  bannerUploadFieldsSchema,
  movieContentUploadFieldsSchema,
  movieContentUploadResultSchema,
  subtitleUploadFieldsSchema,
  thumbnailUploadFieldsSchema,
  UPLOAD_LIMIT_BYTES,
  UPLOAD_PART,
} from '@plotline/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { callerOf, requireRight } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { inputProblemMessage } from '../../http/input-problems.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { ThumbnailField } from '../projects/projects.repository.ts';
import { receiveUploads, type ReceivedUpload } from './receive-uploads.ts';
import type { UploadsService } from './uploads.service.ts';

export interface UploadsRouteOptions {
  /** Temporary files of requests in progress. */
  incomingDir: string;
  /** The total a request may carry; the spec's 1,000,000,000 bytes unless a test lowers it. */
  limitBytes?: number;
}

/** At most this many videos in one request, as the widget's multiple selection sends them. */
const MAX_VIDEOS_PER_REQUEST = 20;

function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new AppError(400, inputProblemMessage(parsed.error.issues));
}

function onlyFile(upload: ReceivedUpload) {
  if (upload.files.length !== 1) throw new AppError(400, 'Send one file in the part "uploads"');
  return upload.files[0]!;
}

const documentation = (summary: string, description: string) => ({
  tags: ['uploads'],
  summary,
  description: `multipart/form-data; files in the part "${UPLOAD_PART}". ${description} The files of one request may total less than ${UPLOAD_LIMIT_BYTES} bytes.`,
  consumes: ['multipart/form-data'],
});

const uploadErrors = errors(400, 401, 403, 404, 409, 413, 415);

export function registerUploadsRoutes(
  app: FastifyInstance,
  uploads: UploadsService,
  options: UploadsRouteOptions,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limitBytes = options.limitBytes ?? UPLOAD_LIMIT_BYTES;

  /**
   * Receives the request's files, runs `work` with them, and removes whatever temporary file is
   * left. A refused upload closes the connection: the client may still be sending a large body.
   */
  async function withUpload<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    maxFiles: number,
    work: (upload: ReceivedUpload) => Promise<T>,
  ): Promise<T> {
    let upload: ReceivedUpload | undefined;
    try {
      upload = await receiveUploads(request, { dir: options.incomingDir, limitBytes, maxFiles });
      return await work(upload);
    } catch (error) {
      if (!request.raw.readableEnded) void reply.header('connection', 'close');
      throw error;
    } finally {
      await upload?.discard();
    }
  }

  routes.post(
    '/api/v1.5/upload/movie-content',
    {
      config: {
        access: requireRight('canAddProject'),
        activity: logsActivity<z.infer<typeof movieContentUploadResultSchema>>(({ data }) => ({
          action: 'movie_content.uploaded',
          entityType: 'movie',
          entityId: data.movieId,
          summary: `Uploaded ${data.files.map((file) => file.file_name).join(', ')}`,
        })),
      },
      schema: {
        ...documentation(
          'Upload clips or bridges',
          'Fields: movieId (omit to start a draft single project), view_mode, type (1 clip, 2 bridge), contentType (accepted and ignored: the content decides); any other field is refused. Each file must be a video ffprobe can read; each becomes a movie content queued for transcoding. The same upload can be made resumable with tus 1.0 at /api/v1.5/upload/tus (metadata: filename and these fields); its last PATCH answers as this call does.',
        ),
        response: { 200: envelope(movieContentUploadResultSchema), ...uploadErrors },
      },
    },
    async (request, reply) =>
      withUpload(request, reply, MAX_VIDEOS_PER_REQUEST, async ({ files, fields }) => {
        const { movieId, view_mode, type } = parseFields(movieContentUploadFieldsSchema, fields);
        return {
          data: await uploads.storeMovieContents(
            callerOf(request),
            { movieId, viewMode: view_mode, type },
            files,
          ),
        };
      }),
  );

  const thumbnailRoutes: [string, ThumbnailField][] = [
    ['thumbnailMobile', 'thumbnailMobile'],
    ['thumbnailDesktop', 'thumbnailDesktop'],
  ];
  for (const [suffix, field] of thumbnailRoutes) {
    routes.post(
      `/api/upload/${suffix}`,
      {
        config: {
          access: requireRight('canAddProject'),
          activity: logsActivity<{ movieId: number }>(({ data }) => ({
            action: 'movie.thumbnail_changed',
            entityType: 'movie',
            entityId: data.movieId,
            summary: `Changed the ${field === 'thumbnailMobile' ? 'mobile' : 'desktop'} thumbnail`,
          })),
        },
        schema: {
          ...documentation(
            `Upload the project's ${field === 'thumbnailMobile' ? 'mobile' : 'desktop'} thumbnail`,
            'Fields: movieId (omit to start a draft single project), contentType (accepted and ignored: the content decides); any other field is refused. A PNG, JPEG, WebP or GIF image that decodes.',
          ),
          response: {
            200: envelope(z.object({ movieId: z.number(), location: z.string() })),
            ...uploadErrors,
          },
        },
      },
      async (request, reply) =>
        withUpload(request, reply, 1, async (upload) => {
          const { movieId } = parseFields(thumbnailUploadFieldsSchema, upload.fields);
          return {
            data: await uploads.storeThumbnail(callerOf(request), field, movieId, onlyFile(upload)),
          };
        }),
    );
  }

  routes.post(
    '/api/upload/subtitle',
    {
      config: {
        access: requireRight('canAddProject'),
        activity: logsActivity<{ movie_content_id: number; file_name: string }>(({ data }) => ({
          action: 'movie_content.subtitle_uploaded',
          entityType: 'movie_content',
          entityId: data.movie_content_id,
          summary: `Uploaded the subtitle ${data.file_name}`,
        })),
      },
      schema: {
        ...documentation(
          'Upload the subtitle of a clip or bridge in one language',
          "Fields: movie_content_id, language_id, exist (accepted and ignored: an upload replaces the language's subtitle either way); any other field is refused. An .srt file that parses; stored as uploaded and as WebVTT (location).",
        ),
        response: {
          200: envelope(
            z.object({
              location: z.string(),
              file_name: z.string(),
              movie_content_id: z.number(),
              language_id: z.number(),
            }),
          ),
          ...uploadErrors,
        },
      },
    },
    async (request, reply) =>
      withUpload(request, reply, 1, async (upload) => {
        const fields = parseFields(subtitleUploadFieldsSchema, upload.fields);
        return {
          data: await uploads.storeSubtitle(
            callerOf(request),
            { movieContentId: fields.movie_content_id, languageId: fields.language_id },
            onlyFile(upload),
          ),
        };
      }),
  );

  routes.post(
    '/api/upload/banner/:kind',
    {
      config: {
        access: requireRight('canAddProject'),
        activity: logsActivity<{ mediaId: number }>(({ request, data }) => ({
          action: 'movie.banner_uploaded',
          entityType: 'banner_image',
          entityId: data.mediaId,
          summary: `Uploaded the ${(request.params as { kind: string }).kind} banner image`,
        })),
      },
      schema: {
        ...documentation(
          'Upload a banner image of one kind',
          "Fields: movieId, mediaId (the image it replaces; accepted and ignored: an upload replaces the kind's image either way); any other field is refused. A PNG, JPEG, WebP or GIF image that decodes.",
        ),
        params: z.object({ kind: z.enum(BANNER_KINDS) }),
        response: {
          200: envelope(z.object({ location: z.string(), mediaId: z.number() })),
          ...uploadErrors,
        },
      },
    },
    async (request, reply) =>
      withUpload(request, reply, 1, async (upload) => {
        const { movieId } = parseFields(bannerUploadFieldsSchema, upload.fields);
        return {
          data: await uploads.storeBanner(
            callerOf(request),
            request.params.kind,
            movieId,
            onlyFile(upload),
          ),
        };
      }),
  );
}
