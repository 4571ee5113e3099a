import { newsSignupPageSchema, type NewsSignupListQuery } from '@plotline/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/query-string.ts';

export const NEWS_SIGNUPS_PATH = '/api/news-signup';

export function fetchNewsSignups(query: NewsSignupListQuery) {
  return apiRequest(withQuery(NEWS_SIGNUPS_PATH, query), { schema: newsSignupPageSchema });
}

export function newsSignupsQueryOptions(query: NewsSignupListQuery) {
  return queryOptions({
    queryKey: ['news-signups', 'list', query],
    queryFn: () => fetchNewsSignups(query),
    placeholderData: keepPreviousData,
  });
}

export function useNewsSignups(query: NewsSignupListQuery) {
  return useQuery(newsSignupsQueryOptions(query));
}
