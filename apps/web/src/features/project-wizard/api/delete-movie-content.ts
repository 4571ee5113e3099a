import type { MovieContentStatus } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { movieStatusKey } from './movie-status.ts';
import { projectKey } from '../../../api/project.ts';

/** `DELETE /api/movie-content/{movieId}/{movieContentId}`: a clip or bridge, with its captions and subtitles. */
export function deleteMovieContent({ movieId, id }: { movieId: number; id: number }) {
  return apiRequest(`/api/movie-content/${movieId}/${id}`, {
    method: 'DELETE',
    schema: z.unknown(),
  });
}

export function deleteMovieContentMutationOptions() {
  return mutationOptions({
    mutationKey: ['projects', 'delete-content'],
    mutationFn: deleteMovieContent,
  });
}

/** The item leaves its list at once; the project, whose languages may have gone with it, is asked again. */
export function useDeleteMovieContent() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteMovieContentMutationOptions(),
    onSuccess: (_reply, { movieId, id }) => {
      queryClient.setQueryData<MovieContentStatus[]>(movieStatusKey(movieId), (items) =>
        items?.filter((item) => item.movie_content_id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: projectKey(movieId) });
    },
  });
}
