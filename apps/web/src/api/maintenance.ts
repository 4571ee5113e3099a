import { maintenanceStateSchema } from '@plotline/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, onServiceUnavailable } from '../lib/api-client.ts';

export const MAINTENANCE_PATH = '/api/maintenance';
export const maintenanceKey = ['maintenance'] as const;

/** `GET /api/maintenance`: public, so the studio knows before any write is refused. */
export function maintenanceQueryOptions() {
  return queryOptions({
    queryKey: maintenanceKey,
    queryFn: () => apiRequest(MAINTENANCE_PATH, { schema: maintenanceStateSchema }),
  });
}

/**
 * Whether maintenance is on, asked again every `everyMs` and at once whenever a call is refused
 * with 503: a switch made while the studio is open shows at the next refused write.
 */
export function useMaintenanceState(everyMs: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onServiceUnavailable(() => void queryClient.invalidateQueries({ queryKey: maintenanceKey })),
    [queryClient],
  );
  return useQuery({ ...maintenanceQueryOptions(), refetchInterval: everyMs });
}
