import {
  MESSAGES,
  movieContentUploadFieldsSchema,
  TUS_UPLOAD_PATH,
  UPLOAD_LIMIT_BYTES,
} from '@plotline/core';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../adapters/clock.ts';
import { AppError } from '../../errors.ts';
import { callerOf, requireRight } from '../../http/access.ts';
import { inputProblemMessage } from '../../http/input-problems.ts';
import { findNul, NUL_REFUSED } from '../../http/nul-guard.ts';
import type { ActivityRepository } from '../activity/activity.repository.ts';
import type { AuthContext } from '../../access/caller.ts';
import type { TusStorage } from './tus-storage.ts';
import type { UploadsService } from './uploads.service.ts';

export interface TusUploadsOptions {
  /** Where partial uploads wait to be resumed (`openTusStorage`). */
  storage: TusStorage;
  /** One past the largest accepted upload; the spec's 1,000,000,000 bytes unless a test lowers it. */
  limitBytes?: number;
}

/** tus's own metadata of the file: its name, which is shown, and its type (ignored: the content decides). */
const TUS_FILE_METADATA = ['filename', 'filetype'];
/** The metadata the server adds at creation: who may continue the upload. */
const OWNER_METADATA = 'ownerId';
/** A refusal as tus-js-client reports it: the status, and our usual `{message}` body. */
function tusError(status: number, message: string) {
  return { status_code: status, body: JSON.stringify({ message }) };
}

function asTusError(error: unknown) {
  if (error instanceof AppError) return tusError(error.status, error.message);
  throw error;
}

/**
 * Resumable video uploads (tus 1.0) at TUS_UPLOAD_PATH, for the studio's clips and bridges: a dropped
 * connection resumes where it stopped. The upload's metadata carries the multipart call's fields
 * (movieId, view_mode, type) and `filename`; once the last byte arrives the file goes through the
 * same checks and storage as a multipart upload, and the final response carries the same
 * `{data: {movieId, files}}`. Only the user who created an upload may continue or finish it.
 */
export function registerTusUploads(
  app: FastifyInstance,
  deps: {
    uploads: UploadsService;
    activity: Pick<ActivityRepository, 'record'>;
    clock: Clock;
  },
  options: TusUploadsOptions,
): { deleteExpired(): Promise<number> } {
  const limitBytes = options.limitBytes ?? UPLOAD_LIMIT_BYTES;
  // tus's hooks see a web Request wrapping the raw one: the guard's caller is found through it.
  const callers = new WeakMap<object, { caller: AuthContext; ip: string }>();
  const { storage } = options;
  const store = storage.datastore;

  const callerOfTus = (request: { runtime?: { node?: { req: object } } }) => {
    const raw = request.runtime?.node?.req;
    const known = raw && callers.get(raw);
    if (!known) throw tusError(401, MESSAGES.signInRequired);
    return known;
  };

  /**
   * The multipart call's fields from the metadata, beside tus's file names and the names in `ours`
   * (what the server itself stored with the upload); any other name is refused.
   */
  const readFields = (upload: Upload, ours: readonly string[] = []) => {
    const withNul = findNul(upload.metadata, 'metadata');
    if (withNul !== null) throw tusError(400, `${withNul}: ${NUL_REFUSED}`);
    const fields = Object.fromEntries(
      Object.entries(upload.metadata ?? {}).filter(
        ([name]) => !TUS_FILE_METADATA.includes(name) && !ours.includes(name),
      ),
    );
    const parsed = movieContentUploadFieldsSchema.safeParse({
      ...fields,
      movieId: fields.movieId ?? undefined,
    });
    if (parsed.success) return parsed.data;
    throw tusError(400, inputProblemMessage(parsed.error.issues));
  };

  const server = new Server({
    path: TUS_UPLOAD_PATH,
    datastore: store,
    ...storage.naming,
    relativeLocation: true,
    // "Smaller than 1GB": the largest accepted upload is one byte under the limit.
    maxSize: limitBytes - 1,
    respectForwardedHeaders: false,
    async onUploadCreate(request, upload) {
      const { caller } = callerOfTus(request);
      const fields = readFields(upload);
      await deps.uploads.checkUploadTarget(caller, fields.movieId).catch((error: unknown) => {
        throw asTusError(error);
      });
      return { metadata: { ...upload.metadata, [OWNER_METADATA]: String(caller.userId) } };
    },
    async onIncomingRequest(request, uploadId) {
      const { caller } = callerOfTus(request);
      if (request.method === 'POST' || request.method === 'OPTIONS') return;
      const upload = await store.getUpload(uploadId).catch(() => null);
      // Another user's upload is answered as if it did not exist.
      if (upload && upload.metadata?.[OWNER_METADATA] !== String(caller.userId)) {
        throw tusError(404, MESSAGES.apiNotFound);
      }
    },
    async onUploadFinish(request, upload) {
      const { caller, ip } = callerOfTus(request);
      try {
        const fields = readFields(upload, [OWNER_METADATA]);
        const result = await storage.withFinishedFile(upload.id, (file) =>
          deps.uploads.storeMovieContents(
            caller,
            { movieId: fields.movieId, viewMode: fields.view_mode, type: fields.type },
            [{ clientName: upload.metadata?.filename ?? '', path: file, bytes: upload.offset }],
          ),
        );
        await deps.activity.record({
          actorId: caller.userId,
          companyId: caller.companyId,
          action: 'movie_content.uploaded',
          entityType: 'movie',
          entityId: String(result.movieId),
          summary: `Uploaded ${result.files.map((entry) => entry.file_name).join(', ')}`,
          ip,
          at: deps.clock.now(),
        });
        return {
          status_code: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ data: result }),
        };
      } catch (error) {
        throw asTusError(error);
      } finally {
        // Stored or refused, a finished upload is not resumed again.
        await storage.removeFinished(upload.id);
      }
    },
    onResponseError(_request, error) {
      if ('status_code' in error && error.status_code === 413) {
        return tusError(413, MESSAGES.uploadTooLarge);
      }
      if ('status_code' in error && !error.body.startsWith('{')) {
        return tusError(error.status_code, error.body.trim());
      }
      return undefined;
    },
  });

  // tus reads the request body itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );
  for (const url of [TUS_UPLOAD_PATH, `${TUS_UPLOAD_PATH}/*`]) {
    app.all(
      url,
      { config: { access: requireRight('canAddProject') }, schema: { hide: true } },
      async (request, reply) => {
        callers.set(request.raw, { caller: callerOf(request), ip: request.ip });
        reply.hijack();
        await server.handle(request.raw, reply.raw);
      },
    );
  }
  return { deleteExpired: () => store.deleteExpired() };
}
