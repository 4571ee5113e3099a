import { loginResponseSchema, type Register } from '@plotline/core';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAppStore } from '../../../lib/app-store.ts';

export const REGISTER_PATH = '/api/user/register';

/** Creates an individual account and answers with its session, as sign-in does. */
export function register(body: Register) {
  return apiRequest(REGISTER_PATH, { method: 'POST', body, schema: loginResponseSchema });
}

export function registerMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'register'], mutationFn: register });
}

/** Registers and signs in; the public route guard then sends the user on (see landingPath). */
export function useRegister() {
  const signIn = useAppStore((state) => state.signIn);
  return useMutation({ ...registerMutationOptions(), onSuccess: signIn });
}
