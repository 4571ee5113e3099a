import { sessionUserSchema } from '@plotline/core';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAppStore } from '../../../lib/app-store.ts';

export const SET_FIRST_PASSWORD_PATH = '/api/user/new_password';

interface SetFirstPassword {
  user_id: number;
  new_password: string;
}

/**
 * The first password of an account that signs in with an identity provider only: there is no
 * current password to give. Answers with the updated user (`password: true`).
 */
export function setFirstPassword(body: SetFirstPassword) {
  return apiRequest(SET_FIRST_PASSWORD_PATH, { method: 'POST', body, schema: sessionUserSchema });
}

export function setFirstPasswordMutationOptions() {
  return mutationOptions({
    mutationKey: ['profile', 'set-first-password'],
    mutationFn: setFirstPassword,
  });
}

export function useSetFirstPassword() {
  const updateUser = useAppStore((state) => state.updateUser);
  return useMutation({ ...setFirstPasswordMutationOptions(), onSuccess: updateUser });
}
