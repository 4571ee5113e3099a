import type { MovieContentStatus } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { uploadFile } from '../../../lib/upload-file.ts';
import { withLanguage } from '../model/caption-drafts.ts';
import { movieStatusKey } from './movie-status.ts';

/** `data` of `POST /api/upload/subtitle`: the WebVTT file browsers read and the uploaded name. */
const uploadedSchema = z.object({
  location: z.string(),
  file_name: z.string(),
  movie_content_id: z.number().int(),
  language_id: z.number().int(),
});

export interface UploadSubtitle {
  movieContentId: number;
  languageId: number;
  /** The language had a subtitle, which this one replaces. */
  exist: boolean;
  file: File;
  onProgress?: (percent: number) => void;
}

/** The subtitle of one item in one language (.srt); the server adds the language when it is new. */
export function uploadSubtitle({
  movieContentId,
  languageId,
  exist,
  file,
  onProgress,
}: UploadSubtitle) {
  return uploadFile('/api/upload/subtitle', file, {
    schema: uploadedSchema,
    fields: { movie_content_id: movieContentId, language_id: languageId, exist: exist ? '1' : '0' },
    onProgress,
  });
}

export function uploadSubtitleMutationOptions() {
  return mutationOptions({
    mutationKey: ['projects', 'upload-subtitle'],
    mutationFn: uploadSubtitle,
  });
}

export function useUploadSubtitle(movieId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...uploadSubtitleMutationOptions(),
    onSuccess: ({ location, file_name, movie_content_id, language_id }) =>
      queryClient.setQueryData<MovieContentStatus[]>(movieStatusKey(movieId), (items) =>
        withLanguage(items, movie_content_id, language_id, (language) => ({
          ...language,
          file: location,
          file_name,
        })),
      ),
  });
}
