import { promotedCandidatePageSchema } from '@plotline/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/query-string.ts';
import type { ListQuery } from '../../../lib/use-list-state.ts';
import { PROMOTED_KEY, PROMOTED_PATH } from './list-promoted.ts';

/** Published app-channel projects, each saying whether it is promoted already (in the server's order). */
export function fetchCandidates(query: ListQuery) {
  const params = { search: query.search, page: query.page, perPage: query.perPage };
  return apiRequest(withQuery(`${PROMOTED_PATH}/candidates`, params), {
    schema: promotedCandidatePageSchema,
  });
}

export function candidatesQueryOptions(query: ListQuery) {
  return queryOptions({
    queryKey: [...PROMOTED_KEY, 'candidates', query],
    queryFn: () => fetchCandidates(query),
    placeholderData: keepPreviousData,
  });
}

export function useCandidates(query: ListQuery) {
  return useQuery(candidatesQueryOptions(query));
}
