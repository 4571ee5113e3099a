import { seriesDetailSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROJECTS_KEY, PROJECTS_PATH } from './list-projects.ts';

export function fetchSeriesDetail(seriesId: number) {
  return apiRequest(`${PROJECTS_PATH}/series/${seriesId}`, { schema: seriesDetailSchema });
}

export function seriesDetailQueryOptions(seriesId: number) {
  return queryOptions({
    queryKey: [...PROJECTS_KEY, 'series', seriesId],
    queryFn: () => fetchSeriesDetail(seriesId),
  });
}

/** A series and its episodes in sequence order; 404 'Series not found' for another company's. */
export function useSeriesDetail(seriesId: number) {
  return useQuery(seriesDetailQueryOptions(seriesId));
}
