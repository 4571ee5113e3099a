import { ACCESS_TOKEN_HEADER, MESSAGES, storylineSchema, type PlotNode } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, replyError, sessionHeaders } from '../../../lib/api-client.ts';

export interface Storyline {
  data: PlotNode[];
  version: number;
}

/**
 * Every movie-plot call answers `{ data: nodes, version }`: the version sits beside `data`, where
 * `apiRequest` (which hands back `data` alone) does not look, so these calls read the whole reply.
 */
export async function storylineRequest(
  path: string,
  request: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown } = {},
): Promise<Storyline> {
  const headers: Record<string, string> = { accept: 'application/json', ...sessionHeaders() };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch {
    throw new ApiError(MESSAGES.somethingWentWrong, 0);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw replyError(response.status, payload, ACCESS_TOKEN_HEADER in headers);
  return storylineSchema.parse(payload);
}

/** A project's storyline (step 3): its plot nodes in reading order and the version they are at. */
export function storylineKey(movieId: number) {
  return ['projects', movieId, 'storyline'] as const;
}

/** `GET /api/movie-plot/{movieId}`. */
export function fetchStoryline(movieId: number) {
  return storylineRequest(`/api/movie-plot/${movieId}`);
}

export function storylineQueryOptions(movieId: number) {
  return queryOptions({
    queryKey: storylineKey(movieId),
    queryFn: () => fetchStoryline(movieId),
    // The editor holds its own copy while it is open; a refetch must not pull it from under it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useStoryline(movieId: number) {
  return useQuery(storylineQueryOptions(movieId));
}
