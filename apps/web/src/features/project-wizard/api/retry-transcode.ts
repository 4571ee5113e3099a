import { movieContentStatusSchema, type MovieContentStatus } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { movieStatusKey, withItems } from './movie-status.ts';

/** Queues a failed clip or bridge for transcoding again; `trailer` is always 0 from the studio. */
export function retryTranscode(id: number) {
  return apiRequest('/api/transcoder/retry', {
    method: 'POST',
    body: { id, trailer: 0 },
    schema: movieContentStatusSchema,
  });
}

export function retryTranscodeMutationOptions() {
  return mutationOptions({
    mutationKey: ['projects', 'retry-transcode'],
    mutationFn: retryTranscode,
  });
}

/**
 * Spec §4: a retry clears the item's log and thumbnail first, so it looks processing at once, then
 * posts. A refused retry puts the item back as it was.
 */
export function useRetryTranscode(movieId: number) {
  const queryClient = useQueryClient();
  const key = movieStatusKey(movieId);
  return useMutation({
    ...retryTranscodeMutationOptions(),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MovieContentStatus[]>(key);
      queryClient.setQueryData<MovieContentStatus[]>(key, (items) =>
        items?.map((item) =>
          item.movie_content_id === id
            ? { ...item, transcoder_log: null, thumbnail: null, status: 'queued', progress: 0 }
            : item,
        ),
      );
      return { previous };
    },
    onSuccess: (item) =>
      queryClient.setQueryData<MovieContentStatus[]>(key, (items) => withItems(items, [item])),
    onError: (_error, _id, context) => queryClient.setQueryData(key, context?.previous),
  });
}
