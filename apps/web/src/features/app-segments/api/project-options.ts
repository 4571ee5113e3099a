import { watchDataSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { SEGMENT_PROJECTS_KEY } from './list-projects.ts';

/**
 * A published project as its viewers' player loads it (`GET /api/watch/{slug}`, public): its plot
 * and its items' captions, which name the options a `chose` condition can hold.
 */
export function fetchProjectPlayerData(slug: string) {
  return apiRequest(`/api/watch/${encodeURIComponent(slug)}`, { schema: watchDataSchema });
}

/** The player data of the project `slug` names; nothing is asked while no project is picked. */
export function useProjectPlayerData(slug: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...SEGMENT_PROJECTS_KEY, 'player-data', slug],
      queryFn: () => fetchProjectPlayerData(slug as string),
      enabled: slug !== null,
      staleTime: Infinity,
    }),
  );
}
