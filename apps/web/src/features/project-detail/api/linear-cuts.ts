import { linearCutSchema, type LinearCut, type LinearCutRequest } from '@plotline/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadWithTicket } from './download-ticket.ts';

/** How often the list is asked again while a cut waits or renders. */
export const LINEAR_CUTS_POLL_MS = 2000;

export function linearCutsKey(movieId: number) {
  return ['projects', movieId, 'linear-cuts'] as const;
}

const underWay = (cuts: readonly LinearCut[] | undefined) =>
  cuts?.some((cut) => cut.status === 'queued' || cut.status === 'rendering') ?? false;

/** `GET /api/movie/{movieId}/linear-cuts`: newest first; polled while one is under way, not after. */
export function linearCutsQueryOptions(movieId: number) {
  return queryOptions({
    queryKey: linearCutsKey(movieId),
    queryFn: () =>
      apiRequest(`/api/movie/${movieId}/linear-cuts`, { schema: z.array(linearCutSchema) }),
    refetchInterval: (query) => (underWay(query.state.data) ? LINEAR_CUTS_POLL_MS : false),
  });
}

export function useLinearCuts(movieId: number) {
  return useQuery(linearCutsQueryOptions(movieId));
}

/** `POST /api/movie/{movieId}/linear-cuts`: the cut, queued; the list is asked again. */
export function useRequestLinearCut(movieId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: LinearCutRequest) =>
      apiRequest(`/api/movie/${movieId}/linear-cuts`, {
        method: 'POST',
        body: request,
        schema: linearCutSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linearCutsKey(movieId) }),
  });
}

/** `DELETE /api/movie/{movieId}/linear-cuts/{id}`. */
export function useDeleteLinearCut(movieId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cutId: number) =>
      apiRequest(`/api/movie/${movieId}/linear-cuts/${cutId}`, {
        method: 'DELETE',
        schema: linearCutSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linearCutsKey(movieId) }),
  });
}

/**
 * A ready cut's MP4 (`GET /api/movie/{movieId}/linear-cuts/{id}/file`), saved by the browser
 * itself through a download ticket.
 */
export function useDownloadLinearCut(movieId: number) {
  return useMutation({
    mutationFn: (cutId: number) =>
      downloadWithTicket({ kind: 'linear-cut', movie_id: movieId, linear_cut_id: cutId }),
  });
}
