import { mkdir } from 'node:fs/promises';
import {
  ARCHIVE_LIMITS,
  ARCHIVE_MESSAGES,
  formatMessage,
  idParamSchema,
  MESSAGES,
  STORY_ARCHIVE_SCHEMA_FILE,
  UPLOAD_PART,
} from '@plotline/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { removeDeadProcessesFolders } from '../../adapters/scratch-folders.ts';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { callerOf, requireRight } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { envelope, errors } from '../../http/schemas.ts';
import { receiveUploads, type ReceivedUpload } from '../uploads/receive-uploads.ts';
import {
  createStoryArchiveService,
  type StoryArchiveDeps,
  type StoryArchiveService,
} from './story-archive.service.ts';
import { createStoryArchiveRepository } from './story-archive.repository.ts';

export interface StoryArchiveRouteOptions {
  /** Temporary files of requests in progress, as the upload calls keep them. */
  incomingDir: string;
}

const importReply = z.object({
  movieId: z.number().int(),
  title: z.string(),
  items: z.number().int(),
});

/** An archive as an attachment: what the export route and a download ticket answer alike. */
export function sendStoryArchive(
  reply: FastifyReply,
  archive: Awaited<ReturnType<StoryArchiveService['exportArchive']>>,
): FastifyReply {
  return reply
    .header('content-type', 'application/zip')
    .header('content-length', archive.bytes)
    .header('content-disposition', `attachment; filename="${archive.fileName}"`)
    .send(archive.stream);
}

/**
 * A story's portable archive (docs/story-archive.md): `GET /api/movie/{movieId}/export` and
 * `POST /api/movie/import`. The service is made here; its export is answered for the download
 * tickets too. Archives half unpacked by a process that was killed are removed first.
 */
export async function registerStoryArchiveRoutes(
  app: FastifyInstance,
  { db, ...deps }: Omit<StoryArchiveDeps, 'archives'> & { db: Executor },
  options: StoryArchiveRouteOptions,
): Promise<Pick<StoryArchiveService, 'exportArchive'>> {
  await removeDeadProcessesFolders(deps.scratchDir);
  await mkdir(deps.scratchDir, { recursive: true });
  const archives = createStoryArchiveService({
    ...deps,
    archives: createStoryArchiveRepository(db),
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/movie/:movieId/export',
    {
      config: { access: requireRight('canSeeProject', 'canAddProject') },
      schema: {
        tags: ['projects'],
        summary: 'The project as a portable story archive (zip)',
        description: `A zip streamed as it is written: story.json (validating against docs/${STORY_ARCHIVE_SCHEMA_FILE}: info, languages, settings, banner, items with captions and subtitles, the storyline with its logic) and the files it names: each clip's and bridge's source video as uploaded, subtitles (SRT), thumbnails and banner images. For whoever may read the project, draft or published. POST /api/movie/import makes a project of it.`,
        params: z.object({ movieId: idParamSchema }),
        response: {
          // fastify-swagger takes a response's `content` as it stands.
          200: z.unknown().meta({
            description: 'The story archive',
            content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      sendStoryArchive(
        reply,
        await archives.exportArchive(callerOf(request), request.params.movieId),
      ),
  );

  routes.post(
    '/api/movie/import',
    {
      config: {
        access: requireRight('canAddProject'),
        activity: logsActivity<z.infer<typeof importReply>>(({ data }) => ({
          action: 'movie.imported',
          entityType: 'movie',
          entityId: data.movieId,
          summary: `Imported "${data.title}" from a story archive, with ${data.items} clips and bridges`,
        })),
      },
      schema: {
        tags: ['projects'],
        summary: 'Make a new draft from a story archive',
        description: `multipart/form-data: the archive (a zip as GET /api/movie/{movieId}/export writes it) in the part "${UPLOAD_PART}" and no other field, at most ${ARCHIVE_LIMITS.archiveBytes} bytes. Everything is checked before anything is written, and any refusal is a 400 naming what is wrong: not a zip; no story.json, or one that is not JSON or does not match docs/${STORY_ARCHIVE_SCHEMA_FILE} (the path of the first problem); an entry whose path leaves the archive; a file story.json names that is missing; a zip bomb (more than ${ARCHIVE_LIMITS.entries} entries, files unpacking to more than their limits or to far more than they hold, counted as they inflate); a video ffprobe cannot read, a picture or subtitle that an upload would refuse; a storyline the plot rules refuse. Then a draft single project of the caller's company is made with the archive's info (title kept, no address), items queued for transcoding as uploads are, captions, subtitles, artwork, banner and storyline with its logic; answers its movieId.`,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(importReply), ...errors(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      archives.checkImportTarget(caller);
      let upload: ReceivedUpload | undefined;
      try {
        upload = await receiveUploads(request, {
          dir: options.incomingDir,
          limitBytes: ARCHIVE_LIMITS.archiveBytes,
          maxFiles: 1,
        });
        if (upload.files.length !== 1) throw new AppError(400, ARCHIVE_MESSAGES.importNeedsArchive);
        // The archive says everything: a field beside it would be dropped unread, so it is refused.
        const [field] = Object.keys(upload.fields);
        if (field !== undefined) {
          throw new AppError(400, formatMessage(MESSAGES.unknownField, { field }));
        }
        const imported = await archives.importArchive(caller, upload.files[0]!);
        return await reply.status(201).send({ data: imported });
      } catch (error) {
        // A refused import closes the connection: the client may still be sending a large body.
        if (!request.raw.readableEnded) void reply.header('connection', 'close');
        // The upload's refusal names an upload's limit; an archive has its own.
        if (error instanceof AppError && error.message === MESSAGES.uploadTooLarge) {
          throw new AppError(413, ARCHIVE_MESSAGES.archiveTooLarge);
        }
        throw error;
      } finally {
        await upload?.discard();
      }
    },
  );
  return archives;
}
