import { promotedRowSchema, type PromotedUpdate } from '@plotline/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROMOTED_KEY, PROMOTED_PATH, SEGMENTS_KEY } from './list-promoted.ts';

interface UpdatePromotedRequest {
  id: number;
  changes: PromotedUpdate;
}

/** Changes a promoted content's window and segments. */
export function updatePromoted({ id, changes }: UpdatePromotedRequest) {
  return apiRequest(`${PROMOTED_PATH}/${id}`, {
    method: 'PUT',
    body: changes,
    schema: promotedRowSchema,
  });
}

export function useUpdatePromoted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PROMOTED_KEY, 'update'],
    mutationFn: updatePromoted,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROMOTED_KEY }),
        queryClient.invalidateQueries({ queryKey: SEGMENTS_KEY }),
      ]),
  });
}
