import { MESSAGES } from '@plotline/core';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const RENEW_PASSWORD_PATH = '/api/user/renew_password';

interface RenewPassword {
  t: string;
  new_password: string;
}

/** Sets a new password through the token of a reset mail; the server ends every session. */
export function renewPassword(body: RenewPassword) {
  return apiRequest(RENEW_PASSWORD_PATH, {
    method: 'POST',
    body,
    schema: z.null(),
    // Spec §8: this call, unlike the others, falls back to the "something went wrong" text.
    fallbackMessage: MESSAGES.somethingWentWrong,
  });
}

export function renewPasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'renew-password'], mutationFn: renewPassword });
}

export function useRenewPassword() {
  return useMutation(renewPasswordMutationOptions());
}
