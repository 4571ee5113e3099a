import { sessionUserSchema } from '@plotline/core';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAppStore } from '../../../lib/app-store.ts';

export const SET_PASSWORD_PATH = '/api/user/new_password';

interface SetPassword {
  user_id: number;
  new_password: string;
}

/** Sets the first password of an invited account; answers with the updated user. */
export function setPassword(body: SetPassword) {
  return apiRequest(SET_PASSWORD_PATH, { method: 'POST', body, schema: sessionUserSchema });
}

export function setPasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'set-password'], mutationFn: setPassword });
}

export function useSetPassword() {
  const updateUser = useAppStore((state) => state.updateUser);
  return useMutation({ ...setPasswordMutationOptions(), onSuccess: updateUser });
}
