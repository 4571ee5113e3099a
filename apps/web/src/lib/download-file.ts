import { ACCESS_TOKEN_HEADER, MESSAGES } from '@plotline/core';
import { ApiError, replyError, sessionHeaders } from './api-client.ts';

/** A file the API answered: its bytes, and the name its `Content-Disposition` gives, if any. */
export interface DownloadedFile {
  blob: Blob;
  name: string | null;
}

/** The quoted `filename` of an attachment's `Content-Disposition`. */
function attachmentName(disposition: string | null): string | null {
  return disposition?.match(/filename="([^"]+)"/)?.[1] ?? null;
}

/** The body read chunk by chunk, reporting the share received against its `Content-Length`. */
async function readWithProgress(response: Response, onProgress: (percent: number) => void) {
  const total = Number(response.headers.get('content-length'));
  if (!response.body || !(total > 0)) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(Math.min(100, Math.round((received / total) * 100)));
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
}

/**
 * A small file from the API (a CSV), with the session: a link cannot carry the session's header,
 * so the file is fetched and handed to the browser (`saveFile`). Large files go by a download
 * ticket instead (`downloadFrom`), never through memory. `onProgress` hears the whole percentage
 * received so far when the server says the file's length.
 */
export async function fetchFile(
  path: string,
  { onProgress }: { onProgress?: (percent: number) => void } = {},
): Promise<DownloadedFile> {
  const headers = sessionHeaders();
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch {
    throw new ApiError(MESSAGES.somethingWentWrong, 0);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    throw replyError(response.status, payload, ACCESS_TOKEN_HEADER in headers);
  }
  return {
    blob: onProgress ? await readWithProgress(response, onProgress) : await response.blob(),
    name: attachmentName(response.headers.get('content-disposition')),
  };
}

/** Hands the browser a file to save, under the given name. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Revoked once the browser has taken the file; at once, some browsers lose it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Lets the browser fetch an address that needs no session (a download ticket's) and save what it
 * answers as its own download, written to disk as it comes: nothing of the file passes through
 * the page. `download` keeps the page where it is even when the server refuses.
 */
export function downloadFrom(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.click();
}
