import type { LinkedIdentity } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { LINKED_IDENTITIES_PATH, refreshLinkedIdentities } from './linked-identities.ts';

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

/** Unlinks, then refreshes the list and the session user's providers. */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    ...unlinkIdentityMutationOptions(),
    onSettled: () => refreshLinkedIdentities(queryClient),
  });
}
