import { segmentRowSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { SEGMENTS_KEY } from './list-promoted.ts';

const segmentOptionsSchema = z.array(segmentRowSchema);

/** The segments a promoted content can target (`GET /api/segment`), presets first. */
export function segmentOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...SEGMENTS_KEY, 'list'],
    queryFn: () => apiRequest('/api/segment', { schema: segmentOptionsSchema }),
  });
}

export function useSegmentOptions() {
  return useQuery(segmentOptionsQueryOptions());
}
