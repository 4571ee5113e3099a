import { companyPageSchema, type CompanyListQuery } from '@plotline/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/query-string.ts';

export const COMPANIES_PATH = '/api/company';
/** Every company query starts with this key, so one invalidation refreshes them all. */
export const COMPANIES_KEY = ['companies'] as const;

export function fetchCompanies(query: CompanyListQuery) {
  return apiRequest(withQuery(COMPANIES_PATH, query), { schema: companyPageSchema });
}

export function companiesQueryOptions(query: CompanyListQuery) {
  return queryOptions({
    queryKey: [...COMPANIES_KEY, 'list', query],
    queryFn: () => fetchCompanies(query),
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(query: CompanyListQuery) {
  return useQuery(companiesQueryOptions(query));
}
