import { publishResultSchema } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { patchProject, projectKey } from '../../../api/project.ts';

/**
 * `POST /api/movie/{movieId}/publish`: final (§4). Refused with 400 while §5's fields are missing
 * and 409 once published.
 */
export function publishProject(movieId: number) {
  return apiRequest(`/api/movie/${movieId}/publish`, {
    method: 'POST',
    schema: publishResultSchema,
  });
}

export function publishProjectMutationOptions() {
  return mutationOptions({ mutationKey: ['projects', 'publish'], mutationFn: publishProject });
}

/**
 * Publishes; the cached project becomes the published one at its address. A 409 means it was
 * published meanwhile (another tab, another user): the project is read again and shows so.
 */
export function usePublishProject() {
  const queryClient = useQueryClient();
  return useMutation({
    ...publishProjectMutationOptions(),
    onError: (error, movieId) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: projectKey(movieId) });
      }
    },
    onSuccess: ({ slug, url, published_at }, movieId) =>
      patchProject(queryClient, movieId, {
        status: 'published',
        slug,
        watch_url: url,
        published_at,
      }),
  });
}
