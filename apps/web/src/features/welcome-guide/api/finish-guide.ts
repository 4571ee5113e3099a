import { sessionUserSchema } from '@plotline/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAppStore } from '../../../lib/app-store.ts';

/** `PUT /api/user/guide` (no body): the guide is done for this user, on every device. */
export function finishGuide() {
  return apiRequest('/api/user/guide', { method: 'PUT', schema: sessionUserSchema });
}

export function useFinishGuide() {
  const updateUser = useAppStore((state) => state.updateUser);
  return useMutation({ mutationFn: finishGuide, onSuccess: updateUser });
}
