import { clientListSchema } from '@plotline/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/query-string.ts';

/** The clients of a company, searched by name (step 1's client field). */
export const clientListKey = ['clients'] as const;

/** `GET /api/client`: the clients of the project's company (else the caller's) whose name holds `search`. */
export function fetchClientList(search: string, movieId: number | undefined) {
  return apiRequest(withQuery('/api/client', { search: search.trim(), movieId }), {
    schema: clientListSchema,
  });
}

export function clientListQueryOptions(search: string, movieId: number | undefined) {
  return queryOptions({
    queryKey: [...clientListKey, { search: search.trim(), movieId }],
    queryFn: () => fetchClientList(search, movieId),
    placeholderData: keepPreviousData,
  });
}

export function useClientList(search: string, movieId: number | undefined, enabled: boolean) {
  return useQuery({ ...clientListQueryOptions(search, movieId), enabled });
}
