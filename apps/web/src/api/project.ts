import { projectSchema, type Project } from '@plotline/core';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';

/**
 * The whole form data of a project (spec §3): step 1's info, its items, languages and banner. The
 * wizard and the detail page share it, so an edit made in one is what the other shows.
 */
export function projectKey(movieId: number) {
  return ['projects', movieId, 'detail'] as const;
}

/** `GET /api/movie/{movieId}`: 404 'Project not found' for a project the caller may not see. */
export function fetchProject(movieId: number) {
  return apiRequest(`/api/movie/${movieId}`, { schema: projectSchema });
}

export function projectQueryOptions(movieId: number) {
  return queryOptions({ queryKey: projectKey(movieId), queryFn: () => fetchProject(movieId) });
}

/** The project; none to ask for without an id (a wizard before its first save, a bad address). */
export function useProject(movieId: number | undefined) {
  return useQuery({ ...projectQueryOptions(movieId ?? 0), enabled: movieId !== undefined });
}

/**
 * Writes what a call has just changed into the cached project, so the page shows it at once, and
 * asks for the server's copy behind it.
 */
export function patchProject(queryClient: QueryClient, movieId: number, changes: Partial<Project>) {
  queryClient.setQueryData<Project>(projectKey(movieId), (project) =>
    project ? { ...project, ...changes } : project,
  );
  return queryClient.invalidateQueries({ queryKey: projectKey(movieId) });
}
