import { loginResponseSchema, oidcCompleteResponseSchema } from '@plotline/core';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAppStore } from '../../../lib/app-store.ts';

export const COMPLETE_OIDC_PATH = '/api/auth/oidc/complete';

/** Exchanges the single-use handoff of a provider's sign-in for a session. */
export function completeOidc(handoff: string) {
  return apiRequest(COMPLETE_OIDC_PATH, {
    method: 'POST',
    body: { handoff },
    schema: oidcCompleteResponseSchema,
  });
}

export function completeOidcMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'oidc-complete'], mutationFn: completeOidc });
}

/** Signs in with the provider's result, exactly as the password sign-in does. */
export function useCompleteOidc() {
  const signIn = useAppStore((state) => state.signIn);
  return useMutation({
    ...completeOidcMutationOptions(),
    // The store keeps a login's fields only: `next` and `outcome` are for the caller.
    onSuccess: (reply) => signIn(loginResponseSchema.parse(reply)),
  });
}
