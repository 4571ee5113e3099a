import { promotedRowSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const PROMOTED_PATH = '/api/promoted';
/** Every promoted query starts with this key, so one invalidation refreshes them all. */
export const PROMOTED_KEY = ['promoted'] as const;
/**
 * Segment Management's key: a promoted content's segments change the segments' "promoted" counts.
 * Named here rather than imported, as features do not import each other.
 */
export const SEGMENTS_KEY = ['segments'] as const;

export const promotedListSchema = z.array(promotedRowSchema);

/** The platform's promoted contents, in the order the feed shows them. */
export function fetchPromoted() {
  return apiRequest(PROMOTED_PATH, { schema: promotedListSchema });
}

export const promotedListKey = [...PROMOTED_KEY, 'list'] as const;

export function promotedQueryOptions() {
  return queryOptions({ queryKey: promotedListKey, queryFn: fetchPromoted });
}

export function usePromoted() {
  return useQuery(promotedQueryOptions());
}
