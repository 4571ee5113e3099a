import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROMOTED_KEY, PROMOTED_PATH, SEGMENTS_KEY } from './list-promoted.ts';

/** Takes a project out of the promoted list (the project itself stays). */
export function deletePromoted(id: number) {
  return apiRequest(`${PROMOTED_PATH}/${id}`, { method: 'DELETE', schema: z.unknown() });
}

export function useDeletePromoted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PROMOTED_KEY, 'delete'],
    mutationFn: deletePromoted,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROMOTED_KEY }),
        queryClient.invalidateQueries({ queryKey: SEGMENTS_KEY }),
      ]),
  });
}
