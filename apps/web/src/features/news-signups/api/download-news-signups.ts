import { mutationOptions, useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '../../../lib/download-file.ts';

export const NEWS_SIGNUPS_CSV_PATH = '/api/news-signup/csv';

export function useDownloadNewsSignups() {
  return useMutation(
    mutationOptions({
      mutationKey: ['news-signups', 'csv'],
      mutationFn: async () =>
        saveFile((await fetchFile(NEWS_SIGNUPS_CSV_PATH)).blob, 'news-signups.csv'),
    }),
  );
}
