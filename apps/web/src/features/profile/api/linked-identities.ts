import { linkedIdentitySchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const LINKED_IDENTITIES_PATH = '/api/profile/identities';

/** The identity providers' accounts the signed-in user signs in with. */
export function fetchLinkedIdentities() {
  return apiRequest(LINKED_IDENTITIES_PATH, { schema: z.array(linkedIdentitySchema) });
}

export function linkedIdentitiesQueryOptions() {
  return queryOptions({ queryKey: ['profile', 'identities'], queryFn: fetchLinkedIdentities });
}

export function useLinkedIdentities(enabled: boolean) {
  return useQuery({ ...linkedIdentitiesQueryOptions(), enabled });
}
