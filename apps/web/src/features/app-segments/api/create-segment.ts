import { segmentRowSchema, type SegmentCreate } from '@plotline/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { SEGMENTS_KEY, SEGMENTS_PATH } from './list-segments.ts';

export function createSegment(segment: SegmentCreate) {
  return apiRequest(SEGMENTS_PATH, { method: 'POST', body: segment, schema: segmentRowSchema });
}

export function useCreateSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...SEGMENTS_KEY, 'create'],
    mutationFn: createSegment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEGMENTS_KEY }),
  });
}
