import { segmentRowSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const SEGMENTS_PATH = '/api/segment';
/** Every segment query starts with this key, so one invalidation refreshes them all. */
export const SEGMENTS_KEY = ['segments'] as const;

const segmentListSchema = z.array(segmentRowSchema);

/** The platform's segments, presets first, each with its viewers now. */
export function fetchSegments() {
  return apiRequest(SEGMENTS_PATH, { schema: segmentListSchema });
}

export function segmentsQueryOptions() {
  return queryOptions({ queryKey: [...SEGMENTS_KEY, 'list'], queryFn: fetchSegments });
}

export function useSegments() {
  return useQuery(segmentsQueryOptions());
}
