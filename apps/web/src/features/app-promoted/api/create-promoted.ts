import { promotedRowSchema, type PromotedCreate } from '@plotline/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROMOTED_KEY, PROMOTED_PATH, SEGMENTS_KEY } from './list-promoted.ts';

/** Promotes a project: it joins the end of the list. */
export function createPromoted(item: PromotedCreate) {
  return apiRequest(PROMOTED_PATH, { method: 'POST', body: item, schema: promotedRowSchema });
}

export function useCreatePromoted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PROMOTED_KEY, 'create'],
    mutationFn: createPromoted,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROMOTED_KEY }),
        queryClient.invalidateQueries({ queryKey: SEGMENTS_KEY }),
      ]),
  });
}
