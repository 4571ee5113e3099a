import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { uploadFile } from '../../../lib/upload-file.ts';
import { PROJECTS_KEY, PROJECTS_PATH } from './list-projects.ts';

export const IMPORT_STORY_PATH = `${PROJECTS_PATH}/import`;

const importedSchema = z.object({
  movieId: z.number().int(),
  title: z.string(),
  items: z.number().int(),
});

export interface ImportStory {
  file: File;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /api/movie/import`: a story archive (docs/story-archive.md) becomes a new draft of the
 * caller's company. The server checks the whole archive before it writes anything and refuses a
 * bad one with a 400 naming the problem (core's ARCHIVE_MESSAGES), a too large one with a 413.
 */
export function importStory({ file, onProgress, signal }: ImportStory) {
  return uploadFile(IMPORT_STORY_PATH, file, { schema: importedSchema, onProgress, signal });
}

export function useImportStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PROJECTS_KEY, 'import'],
    mutationFn: importStory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
  });
}
