import { MAX_PER_PAGE, companyPageSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/query-string.ts';

/**
 * The companies a root user filters by and invites into. Keyed under 'companies' so that creating
 * or renaming a company on the company list refreshes these options too.
 */
export function fetchCompanyOptions() {
  return apiRequest(withQuery('/api/company', { perPage: MAX_PER_PAGE, sort: 'name' }), {
    schema: companyPageSchema,
  });
}

export function companyOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['companies', 'options'],
    queryFn: fetchCompanyOptions,
    select: (page) => page.rows.map(({ id, name }) => ({ id, name })),
  });
}

/** Asked only when `enabled`: callers without the company-list right would get 403. */
export function useCompanyOptions(enabled: boolean) {
  return useQuery({ ...companyOptionsQueryOptions(), enabled });
}
