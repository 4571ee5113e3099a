import { termsSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const TERMS_PATH = '/api/public/terms';

export function fetchTerms() {
  return apiRequest(TERMS_PATH, { schema: termsSchema });
}

export function termsQueryOptions() {
  return queryOptions({ queryKey: ['public-pages', 'terms'], queryFn: fetchTerms });
}

export function useTerms() {
  return useQuery(termsQueryOptions());
}
