import { userRowSchema, type UserScope } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Invitation } from '../model/invite-form.ts';
import { USER_API_PATHS } from '../model/user-scope.ts';
import { usersKey } from './list-users.ts';

/** Creates the user as 'invited' and mails them a link to set their password. */
export function inviteUser(scope: UserScope, body: Invitation) {
  return apiRequest(`${USER_API_PATHS[scope]}/invite`, {
    method: 'POST',
    body,
    schema: userRowSchema,
  });
}

export function inviteUserMutationOptions(scope: UserScope) {
  return mutationOptions({
    mutationKey: [...usersKey(scope), 'invite'],
    mutationFn: (body: Invitation) => inviteUser(scope, body),
  });
}

export function useInviteUser(scope: UserScope) {
  const queryClient = useQueryClient();
  return useMutation({
    ...inviteUserMutationOptions(scope),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey(scope) }),
  });
}
