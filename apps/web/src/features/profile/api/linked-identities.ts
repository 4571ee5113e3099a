import { linkedIdentitySchema } from '@plotline/core';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAppStore } from '../../../lib/app-store.ts';

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

/**
 * Reads the list again after a link or an unlink, and the session user's providers with it: the
 * landing order and the password fields read them.
 */
export async function refreshLinkedIdentities(queryClient: QueryClient): Promise<void> {
  const list = await queryClient.fetchQuery({ ...linkedIdentitiesQueryOptions(), staleTime: 0 });
  const { user, updateUser } = useAppStore.getState();
  if (user) {
    updateUser({ ...user, identity_providers: [...new Set(list.map(({ kind }) => kind))] });
  }
}
