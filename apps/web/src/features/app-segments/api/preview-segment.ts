import { segmentPreviewResultSchema, type SegmentRules } from '@plotline/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { SEGMENTS_KEY, SEGMENTS_PATH } from './list-segments.ts';

/** How many viewers `rules` would hold now. */
export function previewSegment(rules: SegmentRules) {
  return apiRequest(`${SEGMENTS_PATH}/preview`, {
    method: 'POST',
    body: { rules },
    schema: segmentPreviewResultSchema,
  });
}

/** The count of valid rules (none while `rules` is null); the last count stays while the next loads. */
export function useSegmentPreview(rules: SegmentRules | null) {
  return useQuery(
    queryOptions({
      queryKey: [...SEGMENTS_KEY, 'preview', rules],
      queryFn: () => previewSegment(rules as SegmentRules),
      enabled: rules !== null,
      placeholderData: keepPreviousData,
    }),
  );
}
