import { seriesSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** The series of the caller's company, each with the episode numbers already taken. */
export const seriesListKey = ['series'] as const;

export function fetchSeriesList() {
  return apiRequest('/api/movie/series', { schema: z.array(seriesSchema) });
}

export function seriesListQueryOptions() {
  return queryOptions({ queryKey: seriesListKey, queryFn: fetchSeriesList });
}

export function useSeriesList() {
  return useQuery(seriesListQueryOptions());
}
