import { userRowSchema, type UpdateUser, type UserScope } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { USER_API_PATHS } from '../model/user-scope.ts';
import { usersKey } from './list-users.ts';

interface UpdateUserRequest {
  id: number;
  changes: UpdateUser;
}

/** Changes a user's role, or enables them again (`status: 'active'`). */
export function updateUser(scope: UserScope, { id, changes }: UpdateUserRequest) {
  return apiRequest(`${USER_API_PATHS[scope]}/${id}`, {
    method: 'PUT',
    body: changes,
    schema: userRowSchema,
  });
}

export function updateUserMutationOptions(scope: UserScope) {
  return mutationOptions({
    mutationKey: [...usersKey(scope), 'update'],
    mutationFn: (request: UpdateUserRequest) => updateUser(scope, request),
  });
}

export function useUpdateUser(scope: UserScope) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateUserMutationOptions(scope),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey(scope) }),
  });
}
