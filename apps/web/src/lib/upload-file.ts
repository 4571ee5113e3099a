import { ACCESS_TOKEN_HEADER, MESSAGES, UPLOAD_PART } from '@plotline/core';
import type { z } from 'zod';
import { ApiError, replyError, sessionHeaders } from './api-client.ts';

export interface UploadOptions<T> {
  /** The shape of the reply's `data`, checked as `apiRequest` checks it. */
  schema: z.ZodType<T>;
  /** Extra multipart fields sent beside the file. */
  fields?: Record<string, string | number>;
  /** Called with the share sent so far, a whole percentage from 0 to 100. */
  onProgress?: (percent: number) => void;
  /** The multipart part that carries the files, repeated once per file (spec §7: `uploads`). */
  fieldName?: string;
  signal?: AbortSignal;
}

/** A reply body as JSON, or undefined when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Posts one file, or several in one request, as multipart/form-data with the session's token and
 * returns the reply's `data`.
 * It uses XMLHttpRequest because fetch reports no upload progress. Failures throw the api client's
 * `ApiError`, with the same message rules and the same 401 rule as every other call.
 */
export function uploadFile<T>(
  path: string,
  files: File | readonly File[],
  options: UploadOptions<T>,
): Promise<T> {
  const { schema, fields = {}, onProgress, fieldName = UPLOAD_PART, signal } = options;
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  for (const file of files instanceof File ? [files] : files) body.append(fieldName, file);

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const headers: Record<string, string> = { accept: 'application/json', ...sessionHeaders() };
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    const sentToken = ACCESS_TOKEN_HEADER in headers;

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    });
    xhr.addEventListener('load', () => {
      const payload = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(replyError(xhr.status, payload, sentToken));
        return;
      }
      try {
        resolve(schema.parse((payload as { data?: unknown } | undefined)?.data));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError(MESSAGES.somethingWentWrong, 0)));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    if (signal?.aborted) xhr.abort();
    else xhr.send(body);
  });
}
