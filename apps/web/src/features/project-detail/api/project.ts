import { projectSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The same key as the wizard's, so an edit made there is what this page shows on return. */
export function projectKey(movieId: number) {
  return ['projects', movieId, 'detail'] as const;
}

/** `GET /api/movie/{movieId}`: the project's whole form data; 404 'Project not found' otherwise. */
export function projectQueryOptions(movieId: number) {
  return queryOptions({
    queryKey: projectKey(movieId),
    queryFn: () => apiRequest(`/api/movie/${movieId}`, { schema: projectSchema }),
  });
}

export function useProject(movieId: number, enabled = true) {
  return useQuery({ ...projectQueryOptions(movieId), enabled });
}
