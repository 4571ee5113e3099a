import { dashboardSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const dashboardKey = ['dashboard'] as const;

/** `GET /api/dashboard`: the parts the viewer may see; the others are null. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardKey,
    queryFn: () => apiRequest('/api/dashboard', { schema: dashboardSchema }),
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
