import type { ProjectInfo } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedValues } from '../model/project-info-values.ts';
import { patchProject } from '../../../api/project.ts';
import { clientListKey } from './client-list.ts';
import { seriesListKey } from './series-list.ts';

const savedSchema = z.object({ movieId: z.number().int() });

/** `POST /api/movie`: creates the project (no movieId) or updates its step 1 info; answers its id. */
export function saveProjectInfo(info: ProjectInfo) {
  return apiRequest('/api/movie', { method: 'POST', body: info, schema: savedSchema });
}

export function saveProjectInfoMutationOptions() {
  return mutationOptions({ mutationKey: ['projects', 'save-info'], mutationFn: saveProjectInfo });
}

/**
 * Saves step 1; the cached project takes the saved info, a series' taken episodes change, and a
 * client sent may be a new one of the company's.
 */
export function useSaveProjectInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveProjectInfoMutationOptions(),
    onSuccess: ({ movieId }, info) => {
      // Only a body that names the client changes it: `savedValues` says '' for one that does not.
      const { client_name: clientName, ...values } = savedValues(info);
      const sent = info.client_name !== undefined;
      void patchProject(
        queryClient,
        movieId,
        sent ? { ...values, client_name: clientName || null } : values,
      );
      void queryClient.invalidateQueries({ queryKey: seriesListKey });
      if (sent) {
        void queryClient.invalidateQueries({ queryKey: clientListKey });
      }
    },
  });
}
