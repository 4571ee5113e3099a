import type { MovieContentStatus } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { withLanguage } from '../model/caption-drafts.ts';
import { movieStatusKey } from './movie-status.ts';

/** `DELETE /api/movie-content/sub/{movieContentId}/{languageId}`: the subtitle goes, the caption stays. */
export function removeSubtitle({
  movieContentId,
  languageId,
}: {
  movieContentId: number;
  languageId: number;
}) {
  return apiRequest(`/api/movie-content/sub/${movieContentId}/${languageId}`, {
    method: 'DELETE',
    schema: z.unknown(),
  });
}

export function removeSubtitleMutationOptions() {
  return mutationOptions({
    mutationKey: ['projects', 'remove-subtitle'],
    mutationFn: removeSubtitle,
  });
}

export function useRemoveSubtitle(movieId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...removeSubtitleMutationOptions(),
    onSuccess: (_reply, { movieContentId, languageId }) =>
      queryClient.setQueryData<MovieContentStatus[]>(movieStatusKey(movieId), (items) =>
        withLanguage(items, movieContentId, languageId, (language) => ({
          ...language,
          file: null,
          file_name: null,
        })),
      ),
  });
}
