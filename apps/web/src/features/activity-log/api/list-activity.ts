import { activityPageSchema, type ActivityQuery } from '@plotline/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/query-string.ts';

export const ACTIVITY_PATH = '/api/activity-log';

export function fetchActivity(query: ActivityQuery) {
  return apiRequest(withQuery(ACTIVITY_PATH, query), { schema: activityPageSchema });
}

export function activityQueryOptions(query: ActivityQuery) {
  return queryOptions({
    queryKey: ['activity-log', 'list', query],
    queryFn: () => fetchActivity(query),
    placeholderData: keepPreviousData,
  });
}

export function useActivity(query: ActivityQuery) {
  return useQuery(activityQueryOptions(query));
}
