import { ACCESS_TOKEN_HEADER, MESSAGES, TUS_UPLOAD_EXPIRY_MS } from '@plotline/core';
import {
  defaultOptions,
  DetailedError,
  Upload,
  type PreviousUpload,
  type UrlStorage,
} from 'tus-js-client';
import type { z } from 'zod';
import { ApiError, apiRequest, replyError, sessionHeaders } from './api-client.ts';
import { useAppStore } from './app-store.ts';
import { parseJson } from './upload-file.ts';

/** Bytes sent per PATCH: a lost connection costs at most this much again. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits before each new try after a network or server failure; a 4xx refusal is never retried. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000];

export interface ResumableUploadOptions<T> {
  /** The shape of the `data` of the reply that completes the upload. */
  schema: z.ZodType<T>;
  /** Upload metadata (tus `Upload-Metadata`); empty values are left out. */
  metadata: Record<string, string | number | undefined>;
  /** Called with the share sent so far, a whole percentage from 0 to 100. */
  onProgress?: (percent: number) => void;
  /**
   * Called once when the upload continues one begun before a reload (or a sleep that cut it off),
   * with the share the server already held; `onProgress` then goes on from there.
   */
  onResume?: (percent: number) => void;
  signal?: AbortSignal;
}

function errorOf(error: Error, sentToken: boolean): Error {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return new ApiError(MESSAGES.somethingWentWrong, 0);
  return replyError(response.getStatus(), parseJson(response.getBody()), sentToken);
}

/**
 * What makes an upload the same one after a reload: the same file (name, type, size, last change),
 * the same user, and the same target and fields (the endpoint, and the metadata: project, slot,
 * orientation). A JSON array, so no fingerprint is a prefix of another in tus's `tus::<fingerprint>::`
 * storage keys.
 */
export function uploadFingerprint(
  file: Pick<File, 'name' | 'type' | 'size' | 'lastModified'>,
  target: { endpoint: string; metadata: Record<string, string>; userId: number | null },
): string {
  const fields = Object.entries(target.metadata).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    'plotline-tus',
    target.userId,
    target.endpoint,
    file.name,
    file.type,
    file.size,
    file.lastModified,
    fields,
  ]);
}

const storedAt = (upload: PreviousUpload) => Date.parse(upload.creationTime);

/**
 * Forgets the notes of uploads the server no longer keeps (older than its expiry, or unreadable),
 * whoever made them: a note is otherwise only removed when its upload finishes or is found gone.
 */
export async function forgetExpiredUploads(storage: UrlStorage, now: number): Promise<void> {
  const uploads = await storage.findAllUploads();
  await Promise.all(
    uploads
      .filter((upload) => !(now - storedAt(upload) < TUS_UPLOAD_EXPIRY_MS))
      .map((upload) => storage.removeUpload(upload.urlStorageKey)),
  );
}

/** Of the unfinished uploads of the same file, the one to continue: the latest begun. */
export function latestUpload(uploads: readonly PreviousUpload[]): PreviousUpload | null {
  return uploads.reduce<PreviousUpload | null>(
    (latest, upload) =>
      upload.uploadUrl && (!latest || storedAt(upload) > storedAt(latest)) ? upload : latest,
    null,
  );
}

/** The notes of unfinished uploads, in localStorage: the one tus-js-client keeps by default. */
const urlStorage: UrlStorage = defaultOptions.urlStorage;

/** The note of an unfinished upload of the same file to continue, once expired notes are gone. */
async function findEarlierUpload(upload: Upload): Promise<PreviousUpload | null> {
  await forgetExpiredUploads(urlStorage, Date.now());
  return latestUpload(await upload.findPreviousUploads());
}

/**
 * Uploads one file with the tus resumable protocol: it is sent in chunks, and after a dropped
 * connection or a server hiccup the upload goes on from the last byte the server holds. Its address
 * is noted in localStorage under `uploadFingerprint`, so the same file picked again after a reload
 * continues too, unless the server has meanwhile removed it: then it starts afresh. The reply
 * to the last chunk carries `{data}`, which is checked against `schema` and returned; when that
 * reply was lost and the server says the noted upload is complete, its address is asked for it. Failures throw
 * the api client's `ApiError`, with the server's message and the same 401 rule as every other call.
 */
export function uploadResumable<T>(
  path: string,
  file: File,
  options: ResumableUploadOptions<T>,
): Promise<T> {
  const { schema, onProgress, onResume, signal } = options;
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.metadata)) {
    if (value !== undefined && value !== '') metadata[name] = String(value);
  }
  const headers = sessionHeaders();
  const sentToken = ACCESS_TOKEN_HEADER in headers;

  // tus resolves the upload's Location against the endpoint, so it must be absolute.
  const endpoint = new URL(path, window.location.origin).toString();
  const fingerprint = uploadFingerprint(file, {
    endpoint,
    metadata,
    userId: useAppStore.getState().user?.id ?? null,
  });
  const percentOf = (sent: number) => (file.size > 0 ? Math.round((sent / file.size) * 100) : 0);
  /** The address of the earlier upload being continued, until the server says how far it got. */
  let resuming: string | null = null;

  return new Promise<T>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint,
      headers,
      metadata,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      fingerprint: () => Promise.resolve(fingerprint),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => {
        if (total > 0) onProgress?.(Math.round((sent / total) * 100));
      },
      // Only the first answer about the earlier upload tells: found, with its offset, or gone (tus
      // then forgets it and starts afresh, and nothing is said).
      onAfterResponse: (request, response) => {
        if (resuming === null || request.getMethod() !== 'HEAD') return;
        resuming = null;
        const offset = Number(response.getHeader('Upload-Offset'));
        if (Math.floor(response.getStatus() / 100) !== 2 || !(offset > 0)) return;
        onResume?.(percentOf(offset));
        onProgress?.(percentOf(offset));
      },
      onSuccess: ({ lastResponse }) => {
        const body = lastResponse.getBody();
        // The last PATCH answers what was stored. A HEAD that found the upload complete (stored
        // before a reload lost that answer) has no body: the upload's address answers it, once.
        const stored =
          body || !upload.url
            ? Promise.resolve().then(() => {
                const payload = parseJson(body) as { data?: unknown } | undefined;
                return schema.parse(payload?.data);
              })
            : apiRequest(upload.url, { schema });
        stored.then(resolve, (error: unknown) =>
          reject(error instanceof Error ? error : new Error(String(error))),
        );
      },
      onError: (error) => reject(errorOf(error, sentToken)),
    });

    const abort = () => {
      void upload.abort();
      reject(new DOMException('Upload aborted', 'AbortError'));
    };
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', abort, { once: true });
    void findEarlierUpload(upload)
      // localStorage refused (blocked, or full): the upload still goes, resumable within its page.
      .catch(() => null)
      .then((earlier) => {
        if (earlier) {
          upload.resumeFromPreviousUpload(earlier);
          resuming = earlier.uploadUrl;
        }
        if (!signal?.aborted) upload.start();
      });
  });
}
