import type { ProjectInfo } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedValues } from '../model/project-info-values.ts';
import { patchProject } from '../../../api/project.ts';
import { seriesListKey } from './series-list.ts';

const savedSchema = z.object({ movieId: z.number().int() });

/** `POST /api/movie`: creates the project (no movieId) or updates its step 1 info; answers its id. */
export function saveProjectInfo(info: ProjectInfo) {
  return apiRequest('/api/movie', { method: 'POST', body: info, schema: savedSchema });
}

export function saveProjectInfoMutationOptions() {
  return mutationOptions({ mutationKey: ['projects', 'save-info'], mutationFn: saveProjectInfo });
}

/** Saves step 1; the cached project takes the saved info, and a series' taken episodes change. */
export function useSaveProjectInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveProjectInfoMutationOptions(),
    onSuccess: ({ movieId }, info) => {
      void patchProject(queryClient, movieId, savedValues(info));
      void queryClient.invalidateQueries({ queryKey: seriesListKey });
    },
  });
}
