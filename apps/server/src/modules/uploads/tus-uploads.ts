import {
  MESSAGES,
  movieContentUploadFieldsSchema,
  TUS_UPLOAD_EXPIRY_MS,
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
import type { FinishedUploadsRepository } from './finished-uploads.repository.ts';
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
 *
 * A stored upload is remembered (`finished_uploads`, until it would have expired): a browser that
 * lost the last reply and asks again about the upload (HEAD) is told it is complete, and a GET of
 * its address answers that `{data}`, to its owner only, so the clip is not sent and stored twice.
 */
export function registerTusUploads(
  app: FastifyInstance,
  deps: {
    uploads: UploadsService;
    activity: Pick<ActivityRepository, 'record'>;
    finished: Pick<FinishedUploadsRepository, 'insert' | 'find' | 'deleteExpired'>;
    clock: Clock;
  },
  options: TusUploadsOptions,
): { deleteExpired(): Promise<number> } {
  const limitBytes = options.limitBytes ?? UPLOAD_LIMIT_BYTES;
  // tus's hooks see a web Request wrapping the raw one: the guard's caller is found through it.
  const callers = new WeakMap<object, { caller: AuthContext; ip: string }>();
  const { storage } = options;
  const store = storage.datastore;
  /** This process's uploads being stored: what is asked about one waits until it is. */
  const finishing = new Map<string, Promise<void>>();

  /** The caller's stored upload that an upload URL's last segment names; null for anyone else's. */
  const finishedOf = async (name: string, caller: AuthContext) => {
    const id = storage.idOf(name);
    if (id === undefined) return null;
    await finishing.get(id);
    return deps.finished.find(id, caller.userId, deps.clock.now());
  };

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
      let stored!: () => void;
      finishing.set(upload.id, new Promise((resolve) => (stored = resolve)));
      try {
        const fields = readFields(upload, [OWNER_METADATA]);
        const result = await storage.withFinishedFile(upload.id, (file) =>
          deps.uploads.storeMovieContents(
            caller,
            { movieId: fields.movieId, viewMode: fields.view_mode, type: fields.type },
            [{ clientName: upload.metadata?.filename ?? '', path: file, bytes: upload.offset }],
          ),
        );
        const finishedAt = deps.clock.now();
        await deps.finished.insert({
          uploadId: upload.id,
          userId: caller.userId,
          bytes: upload.offset,
          result,
          finishedAt,
          expiresAt: new Date(finishedAt.getTime() + TUS_UPLOAD_EXPIRY_MS),
        });
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
        await storage.removeFinished(upload.id).finally(() => {
          finishing.delete(upload.id);
          stored();
        });
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
        const caller = callerOf(request);
        const name = (request.params as { '*'?: string })['*'];
        if (name && (request.method === 'HEAD' || request.method === 'GET')) {
          const finished = await finishedOf(name, caller);
          if (request.method === 'GET') {
            if (!finished) throw new AppError(404, MESSAGES.apiNotFound);
            return { data: finished.result };
          }
          if (finished) {
            const bytes = String(finished.bytes);
            return reply
              .header('tus-resumable', '1.0.0')
              .header('upload-offset', bytes)
              .header('upload-length', bytes)
              .header('cache-control', 'no-store')
              .send();
          }
        }
        callers.set(request.raw, { caller, ip: request.ip });
        reply.hijack();
        await server.handle(request.raw, reply.raw);
      },
    );
  }
  return {
    async deleteExpired() {
      const uploads = await store.deleteExpired();
      return uploads + (await deps.finished.deleteExpired(deps.clock.now()));
    },
  };
}
