import { plotNodeSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** The plot nodes only: this page never saves, so the version beside them is not needed. */
export function storylineKey(movieId: number) {
  return ['projects', movieId, 'storyline', 'nodes'] as const;
}

/** `GET /api/movie-plot/{movieId}`. */
export function storylineQueryOptions(movieId: number) {
  return queryOptions({
    queryKey: storylineKey(movieId),
    queryFn: () => apiRequest(`/api/movie-plot/${movieId}`, { schema: z.array(plotNodeSchema) }),
  });
}

export function useStoryline(movieId: number) {
  return useQuery(storylineQueryOptions(movieId));
}
