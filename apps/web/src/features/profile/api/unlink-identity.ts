import type { LinkedIdentity } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { LINKED_IDENTITIES_PATH, linkedIdentitiesQueryOptions } from './linked-identities.ts';

/** Removes one of the user's identities; the server refuses the last way to sign in (409). */
export function unlinkIdentity(identity: Pick<LinkedIdentity, 'id'>) {
  return apiRequest(`${LINKED_IDENTITIES_PATH}/${identity.id}`, {
    method: 'DELETE',
    schema: z.object({ id: z.number().int() }),
  });
}

export function unlinkIdentityMutationOptions() {
  return mutationOptions({
    mutationKey: ['profile', 'unlink-identity'],
    mutationFn: unlinkIdentity,
  });
}

/**
 * Unlinks, then refreshes the list, and the session user's providers with it: the landing order
 * and the password fields read them.
 */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    ...unlinkIdentityMutationOptions(),
    onSettled: async () => {
      const list = await queryClient.fetchQuery({
        ...linkedIdentitiesQueryOptions(),
        staleTime: 0,
      });
      const { user, updateUser } = useAppStore.getState();
      if (user) {
        updateUser({ ...user, identity_providers: [...new Set(list.map(({ kind }) => kind))] });
      }
    },
  });
}
