import { promotedCandidatePageSchema, type promotedCandidateSchema } from '@plotline/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/query-string.ts';
import type { z } from 'zod';

/** A project a condition can name: a published app-channel project, as the candidates call lists it. */
export type SegmentProject = z.infer<typeof promotedCandidateSchema>;

/** Every query about the projects conditions name starts with this key. */
export const SEGMENT_PROJECTS_KEY = ['segment-projects'] as const;

/** How many projects the picker lists at once: the first page of what the search matches. */
export const PROJECTS_PER_PAGE = 25;

/**
 * The published app-channel projects whose title holds `search`, newest first: the projects whose
 * viewers a platform's segments can follow (`GET /api/promoted/candidates`).
 */
export function fetchSegmentProjects(search: string) {
  const params = { search: search.trim(), page: 1, perPage: PROJECTS_PER_PAGE };
  return apiRequest(withQuery('/api/promoted/candidates', params), {
    schema: promotedCandidatePageSchema,
  });
}

export function useSegmentProjects(search: string) {
  return useQuery(
    queryOptions({
      queryKey: [...SEGMENT_PROJECTS_KEY, 'list', search.trim()],
      queryFn: () => fetchSegmentProjects(search),
      placeholderData: keepPreviousData,
    }),
  );
}
