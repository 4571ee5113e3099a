import { projectListPageSchema, type ProjectListQuery } from '@plotline/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/query-string.ts';

export const PROJECTS_PATH = '/api/movie';
/** Every query of this feature starts with this key, so a deletion refreshes the list and the series pages at once. */
export const PROJECTS_KEY = ['project-list'] as const;

export function fetchProjects(query: ProjectListQuery) {
  return apiRequest(withQuery(PROJECTS_PATH, query), { schema: projectListPageSchema });
}

export function projectsQueryOptions(query: ProjectListQuery) {
  return queryOptions({
    queryKey: [...PROJECTS_KEY, 'list', query],
    queryFn: () => fetchProjects(query),
    placeholderData: keepPreviousData,
  });
}

export function useProjects(query: ProjectListQuery) {
  return useQuery(projectsQueryOptions(query));
}
