import { userRowSchema, type UserScope } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { USER_API_PATHS } from '../model/user-scope.ts';
import { usersKey } from './list-users.ts';

/** DELETE disables a user: they can no longer sign in. Nothing is erased. */
export function disableUser(scope: UserScope, id: number) {
  return apiRequest(`${USER_API_PATHS[scope]}/${id}`, { method: 'DELETE', schema: userRowSchema });
}

export function disableUserMutationOptions(scope: UserScope) {
  return mutationOptions({
    mutationKey: [...usersKey(scope), 'disable'],
    mutationFn: (id: number) => disableUser(scope, id),
  });
}

export function useDisableUser(scope: UserScope) {
  const queryClient = useQueryClient();
  return useMutation({
    ...disableUserMutationOptions(scope),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey(scope) }),
  });
}
