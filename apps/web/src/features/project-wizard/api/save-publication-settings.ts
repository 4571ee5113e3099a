import { MESSAGES, type PublicationSettings } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { patchProject, projectKey } from '../../../api/project.ts';

/**
 * `POST /api/movie` without `type`: step 4's slug and switches, or step 3's primary language. Only
 * the fields sent change; a slug another project has is refused (409, `MESSAGES.slugTaken`).
 */
export function savePublicationSettings(settings: PublicationSettings) {
  return apiRequest('/api/movie', {
    method: 'POST',
    body: settings,
    schema: z.object({ movieId: z.number().int() }),
  });
}

export function savePublicationSettingsMutationOptions() {
  return mutationOptions({
    mutationKey: ['projects', 'save-publication-settings'],
    mutationFn: savePublicationSettings,
  });
}

/**
 * Saves the settings; the cached project takes them. A new slug's `watch_url` is the server's to
 * say: until it has, the old one is dropped rather than shown for the new slug. A project published
 * meanwhile is read again, and shows so.
 */
export function useSavePublicationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    ...savePublicationSettingsMutationOptions(),
    onError: (error, { movieId }) => {
      if (error.message === MESSAGES.projectPublished) {
        void queryClient.invalidateQueries({ queryKey: projectKey(movieId) });
      }
    },
    onSuccess: (_reply, { movieId, ...settings }) =>
      patchProject(queryClient, movieId, {
        ...settings,
        ...(settings.slug === undefined ? {} : { watch_url: null }),
      }),
  });
}
