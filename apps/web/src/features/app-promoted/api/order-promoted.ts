import type { PromotedRow } from '@plotline/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROMOTED_KEY, PROMOTED_PATH, promotedListKey } from './list-promoted.ts';

/** Sends every promoted id in the new order. */
export function orderPromoted(ids: number[]) {
  return apiRequest(`${PROMOTED_PATH}/order`, {
    method: 'PUT',
    body: { ids },
    schema: z.unknown(),
  });
}

/**
 * Reorders the list at once and saves the order; a refused order puts the list back as it was
 * (the caller says why). Takes the rows in their new order.
 */
export function useOrderPromoted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PROMOTED_KEY, 'order'],
    mutationFn: (rows: PromotedRow[]) => orderPromoted(rows.map((row) => row.id)),
    onMutate: async (rows) => {
      await queryClient.cancelQueries({ queryKey: promotedListKey });
      const previous = queryClient.getQueryData<PromotedRow[]>(promotedListKey);
      queryClient.setQueryData<PromotedRow[]>(promotedListKey, rows);
      return { previous };
    },
    onError: (_error, _rows, context) => {
      if (context?.previous) queryClient.setQueryData(promotedListKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotedListKey }),
  });
}
