import { ACCESS_TOKEN_HEADER, MESSAGES } from '@plotline/core';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { ApiError, replyError, sessionHeaders } from '../../../lib/api-client.ts';

export const NEWS_SIGNUPS_CSV_PATH = '/api/news-signup/csv';

/** Every address as a CSV file. A download link cannot carry the session's header, so it is fetched. */
export async function fetchNewsSignupsCsv(): Promise<Blob> {
  const headers = sessionHeaders();
  let response: Response;
  try {
    response = await fetch(NEWS_SIGNUPS_CSV_PATH, { headers });
  } catch {
    throw new ApiError(MESSAGES.somethingWentWrong, 0);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    throw replyError(response.status, payload, ACCESS_TOKEN_HEADER in headers);
  }
  return response.blob();
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

export function useDownloadNewsSignups() {
  return useMutation(
    mutationOptions({
      mutationKey: ['news-signups', 'csv'],
      mutationFn: async () => saveFile(await fetchNewsSignupsCsv(), 'news-signups.csv'),
    }),
  );
}
