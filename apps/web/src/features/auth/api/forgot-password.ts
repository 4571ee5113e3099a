import type { forgotPasswordSchema } from '@plotline/core';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiReply } from '../../../lib/api-client.ts';
import { resetLinkNotice } from '../model/reset-link-notice.ts';

export const FORGOT_PASSWORD_PATH = '/api/user/forgot_password';

/** Asks for a reset mail; resolves to the notice to show (the same whether the account exists or not). */
export async function forgotPassword(body: z.output<typeof forgotPasswordSchema>) {
  const reply = await apiReply(FORGOT_PASSWORD_PATH, {
    method: 'POST',
    body,
    schema: z.null(),
  });
  return resetLinkNotice(reply.message);
}

export function forgotPasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'forgot-password'], mutationFn: forgotPassword });
}

export function useForgotPassword() {
  return useMutation(forgotPasswordMutationOptions());
}
