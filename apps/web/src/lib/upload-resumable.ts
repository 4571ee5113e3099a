import { ACCESS_TOKEN_HEADER, MESSAGES } from '@plotline/core';
import { DetailedError, Upload } from 'tus-js-client';
import type { z } from 'zod';
import { ApiError, replyError, sessionHeaders } from './api-client.ts';
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
  signal?: AbortSignal;
}

function errorOf(error: Error, sentToken: boolean): Error {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return new ApiError(MESSAGES.somethingWentWrong, 0);
  return replyError(response.getStatus(), parseJson(response.getBody()), sentToken);
}

/**
 * Uploads one file with the tus resumable protocol: it is sent in chunks, and after a dropped
 * connection or a server hiccup the upload goes on from the last byte the server holds. The reply
 * to the last chunk carries `{data}`, which is checked against `schema` and returned. Failures throw
 * the api client's `ApiError`, with the server's message and the same 401 rule as every other call.
 */
export function uploadResumable<T>(
  path: string,
  file: File,
  options: ResumableUploadOptions<T>,
): Promise<T> {
  const { schema, onProgress, signal } = options;
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.metadata)) {
    if (value !== undefined && value !== '') metadata[name] = String(value);
  }
  const headers = sessionHeaders();
  const sentToken = ACCESS_TOKEN_HEADER in headers;

  return new Promise<T>((resolve, reject) => {
    const upload = new Upload(file, {
      // tus resolves the upload's Location against the endpoint, so it must be absolute.
      endpoint: new URL(path, window.location.origin).toString(),
      headers,
      metadata,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      // An upload resumes within its page; nothing is left in localStorage to resume later.
      storeFingerprintForResuming: false,
      onProgress: (sent, total) => {
        if (total > 0) onProgress?.(Math.round((sent / total) * 100));
      },
      onSuccess: ({ lastResponse }) => {
        try {
          const payload = parseJson(lastResponse.getBody()) as { data?: unknown } | undefined;
          resolve(schema.parse(payload?.data));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
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
    upload.start();
  });
}
