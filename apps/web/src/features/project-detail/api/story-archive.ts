import { mutationOptions, useMutation } from '@tanstack/react-query';
import { downloadWithTicket } from './download-ticket.ts';

/**
 * The project as a portable story archive (docs/story-archive.md, `GET /api/movie/{movieId}/export`),
 * saved by the browser itself through a download ticket: a story's sources can weigh gigabytes.
 */
export function downloadStoryArchive(movieId: number) {
  return downloadWithTicket({ kind: 'story-archive', movie_id: movieId });
}

export function useDownloadStoryArchive() {
  return useMutation(
    mutationOptions({ mutationKey: ['projects', 'export'], mutationFn: downloadStoryArchive }),
  );
}
