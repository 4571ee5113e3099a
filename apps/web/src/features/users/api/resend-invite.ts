import { userRowSchema, type UserScope } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { USER_API_PATHS } from '../model/user-scope.ts';
import { usersKey } from './list-users.ts';

/** Mails an invited user a fresh link; the old one stops working. */
export function resendInvite(scope: UserScope, id: number) {
  return apiRequest(`${USER_API_PATHS[scope]}/${id}/resend-invite`, {
    method: 'POST',
    schema: userRowSchema,
  });
}

export function resendInviteMutationOptions(scope: UserScope) {
  return mutationOptions({
    mutationKey: [...usersKey(scope), 'resend-invite'],
    mutationFn: (id: number) => resendInvite(scope, id),
  });
}

export function useResendInvite(scope: UserScope) {
  const queryClient = useQueryClient();
  return useMutation({
    ...resendInviteMutationOptions(scope),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey(scope) }),
  });
}
