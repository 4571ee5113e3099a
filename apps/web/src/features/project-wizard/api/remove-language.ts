import type { MovieContentStatus } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { movieStatusKey } from './movie-status.ts';
import { projectKey } from '../../../api/project.ts';

/**
 * `DELETE /api/movie-content/lang/{movieId}/{languageId}`: a language leaves the whole project, with
 * the caption and the subtitle of every item in it.
 */
export function removeLanguage({ movieId, languageId }: { movieId: number; languageId: number }) {
  return apiRequest(`/api/movie-content/lang/${movieId}/${languageId}`, {
    method: 'DELETE',
    schema: z.unknown(),
  });
}

export function removeLanguageMutationOptions() {
  return mutationOptions({
    mutationKey: ['projects', 'remove-language'],
    mutationFn: removeLanguage,
  });
}

export function useRemoveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    ...removeLanguageMutationOptions(),
    onSuccess: (_reply, { movieId, languageId }) => {
      queryClient.setQueryData<MovieContentStatus[]>(movieStatusKey(movieId), (items) =>
        items?.map((item) => ({
          ...item,
          lang: item.lang.filter((language) => language.language_id !== languageId),
        })),
      );
      return queryClient.invalidateQueries({ queryKey: projectKey(movieId) });
    },
  });
}
