import { mutationOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const CHANGE_PASSWORD_PATH = '/api/user/reset_password';

interface ChangePassword {
  user_id: number;
  current_password: string;
  password: string;
}

/** A signed-in user changes their password; their other sessions end, this one stays. */
export function changePassword(body: ChangePassword) {
  return apiRequest(CHANGE_PASSWORD_PATH, { method: 'POST', body, schema: z.null() });
}

export function changePasswordMutationOptions() {
  return mutationOptions({
    mutationKey: ['profile', 'change-password'],
    mutationFn: changePassword,
  });
}

export function useChangePassword() {
  return useMutation(changePasswordMutationOptions());
}
