import { loginResponseSchema, type LoginRequest } from '@plotline/core';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAppStore } from '../../../lib/app-store.ts';

export const LOGIN_PATH = '/api/v1.6/auth/login';

export function login(request: LoginRequest) {
  return apiRequest(LOGIN_PATH, { method: 'POST', body: request, schema: loginResponseSchema });
}

export function loginMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'login'], mutationFn: login });
}

/** Signs in; the public route guard then sends the user on (see landingPath). */
export function useLogin() {
  const signIn = useAppStore((state) => state.signIn);
  return useMutation({ ...loginMutationOptions(), onSuccess: signIn });
}
