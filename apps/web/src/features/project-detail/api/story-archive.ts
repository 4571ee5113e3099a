import { mutationOptions, useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '../../../lib/download-file.ts';

export interface StoryArchiveDownload {
  movieId: number;
  /** The whole percentage received so far: a story's sources can weigh gigabytes. */
  onProgress?: (percent: number) => void;
}

/**
 * `GET /api/movie/{movieId}/export`: the project as a portable story archive (docs/story-archive.md),
 * saved under the name the server gives it.
 */
export async function downloadStoryArchive({ movieId, onProgress }: StoryArchiveDownload) {
  const file = await fetchFile(`/api/movie/${movieId}/export`, { onProgress });
  saveFile(file.blob, file.name ?? `story-${movieId}.zip`);
}

export function useDownloadStoryArchive() {
  return useMutation(
    mutationOptions({ mutationKey: ['projects', 'export'], mutationFn: downloadStoryArchive }),
  );
}
