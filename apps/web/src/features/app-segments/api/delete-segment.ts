import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { SEGMENTS_KEY, SEGMENTS_PATH } from './list-segments.ts';

/** Deletes a custom segment; the server refuses presets and segments a promoted content targets. */
export function deleteSegment(id: number) {
  return apiRequest(`${SEGMENTS_PATH}/${id}`, { method: 'DELETE', schema: z.unknown() });
}

export function useDeleteSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...SEGMENTS_KEY, 'delete'],
    mutationFn: deleteSegment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEGMENTS_KEY }),
  });
}
