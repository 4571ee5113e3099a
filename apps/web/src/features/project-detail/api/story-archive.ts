import { mutationOptions, useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '../../../lib/download-file.ts';

/**
 * `GET /api/movie/{movieId}/export`: the project as a portable story archive (docs/story-archive.md),
 * saved under the name the server gives it.
 */
export async function downloadStoryArchive(movieId: number) {
  const file = await fetchFile(`/api/movie/${movieId}/export`);
  saveFile(file.blob, file.name ?? `story-${movieId}.zip`);
}

export function useDownloadStoryArchive() {
  return useMutation(
    mutationOptions({ mutationKey: ['projects', 'export'], mutationFn: downloadStoryArchive }),
  );
}
