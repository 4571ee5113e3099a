import { languageListSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/language`: the languages captions and subtitles can be written in. */
export function fetchLanguages() {
  return apiRequest('/api/language', { schema: languageListSchema });
}

export function languagesQueryOptions() {
  return queryOptions({
    queryKey: ['languages'],
    queryFn: fetchLanguages,
    // The list changes with a release of the studio, not while it is open.
    staleTime: Infinity,
  });
}

export function useLanguages() {
  return useQuery(languagesQueryOptions());
}
