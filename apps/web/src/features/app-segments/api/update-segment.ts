import { segmentRowSchema, type SegmentUpdate } from '@plotline/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { SEGMENTS_KEY, SEGMENTS_PATH } from './list-segments.ts';

interface UpdateSegmentRequest {
  id: number;
  changes: SegmentUpdate;
}

/** Renames a custom segment or changes its rules. */
export function updateSegment({ id, changes }: UpdateSegmentRequest) {
  return apiRequest(`${SEGMENTS_PATH}/${id}`, {
    method: 'PUT',
    body: changes,
    schema: segmentRowSchema,
  });
}

export function useUpdateSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...SEGMENTS_KEY, 'update'],
    mutationFn: updateSegment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEGMENTS_KEY }),
  });
}
