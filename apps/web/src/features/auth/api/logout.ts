import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAppStore } from '../../../lib/app-store.ts';

export const LOGOUT_PATH = '/api/v1.6/auth/logout';

export function logout() {
  return apiRequest(LOGOUT_PATH, { method: 'POST', schema: z.unknown() });
}

export function logoutMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'logout'], mutationFn: logout });
}

/**
 * Revokes the token on the server, then forgets the session whatever the answer: a user who asks
 * to leave must never stay signed in. The route guard then shows sign-in.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const signOut = useAppStore((state) => state.signOut);
  return useMutation({
    ...logoutMutationOptions(),
    onSettled: () => {
      signOut();
      queryClient.clear();
    },
  });
}
