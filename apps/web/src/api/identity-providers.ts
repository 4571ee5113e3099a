import { identityProviderSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';

export const IDENTITY_PROVIDERS_PATH = '/api/auth/oidc/providers';

/** The providers the server is configured for, in the order their buttons show. */
export function fetchIdentityProviders() {
  return apiRequest(IDENTITY_PROVIDERS_PATH, { schema: z.array(identityProviderSchema) });
}

/** The configuration changes only with a restart: asked once per visit. */
export function identityProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'identity-providers'],
    queryFn: fetchIdentityProviders,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useIdentityProviders() {
  return useQuery(identityProvidersQueryOptions());
}
