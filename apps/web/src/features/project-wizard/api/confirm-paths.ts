import { MESSAGES, pathsConfirmedSchema, type PathsConfirm } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { patchProject, projectKey } from '../../../api/project.ts';
import { storylineKey } from '../../../api/storyline.ts';

/**
 * `PUT /api/movie/{movieId}/paths-confirmed`: step 4's word that the creator played the paths of a
 * story the check could not visit whole, for the storyline version they played. Another version
 * than the server's is refused (409, `MESSAGES.pathsConfirmStale`).
 */
export function confirmPaths({ movieId, version }: PathsConfirm & { movieId: number }) {
  return apiRequest(`/api/movie/${movieId}/paths-confirmed`, {
    method: 'PUT',
    body: { version },
    schema: pathsConfirmedSchema,
  });
}

export function confirmPathsMutationOptions() {
  return mutationOptions({ mutationKey: ['projects', 'confirm-paths'], mutationFn: confirmPaths });
}

/**
 * Confirms; the cached project takes the version. A storyline saved meanwhile is read again with
 * the project, so step 4 checks and asks about the new one.
 */
export function useConfirmPaths() {
  const queryClient = useQueryClient();
  return useMutation({
    ...confirmPathsMutationOptions(),
    onError: (error, { movieId }) => {
      if (error.message === MESSAGES.pathsConfirmStale) {
        void queryClient.invalidateQueries({ queryKey: storylineKey(movieId) });
      }
      void queryClient.invalidateQueries({ queryKey: projectKey(movieId) });
    },
    onSuccess: ({ paths_confirmed_version }, { movieId }) =>
      patchProject(queryClient, movieId, { paths_confirmed_version }),
  });
}
