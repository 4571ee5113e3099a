import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROJECTS_KEY, PROJECTS_PATH } from './list-projects.ts';

const deletedSchema = z.object({ movieId: z.number().int() });

/** DELETE removes a draft and its media for good; the server refuses a published one (409). */
export function deleteProject(movieId: number) {
  return apiRequest(`${PROJECTS_PATH}/${movieId}`, { method: 'DELETE', schema: deletedSchema });
}

export function deleteProjectMutationOptions() {
  return mutationOptions({
    mutationKey: [...PROJECTS_KEY, 'delete'],
    mutationFn: deleteProject,
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteProjectMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
  });
}
