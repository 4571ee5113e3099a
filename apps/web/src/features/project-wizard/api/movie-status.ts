import { movieContentStatusSchema, TIMINGS, type MovieContentStatus } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const movieStatusSchema = z.array(movieContentStatusSchema);

/** The clips and bridges of a project with their transcode status. */
export function movieStatusKey(movieId: number) {
  return ['projects', movieId, 'content-status'] as const;
}

export function fetchMovieStatus(movieId: number) {
  return apiRequest(`/api/transcoder/movie-status/${movieId}`, { schema: movieStatusSchema });
}

/** True while some item is still on its way: it is neither ready nor failed. */
export function isTranscoding(items: readonly MovieContentStatus[]): boolean {
  return items.some((item) => item.status !== 'ready' && item.status !== 'failed');
}

/** The list with `items` from the server: a known item is replaced where it is, a new one is added. */
export function withItems(
  current: readonly MovieContentStatus[] | undefined,
  items: readonly MovieContentStatus[],
): MovieContentStatus[] {
  const known = current ?? [];
  const fresh = new Map(items.map((item) => [item.movie_content_id, item]));
  return [
    ...known.map((item) => fresh.get(item.movie_content_id) ?? item),
    ...items.filter((item) => !known.some((old) => old.movie_content_id === item.movie_content_id)),
  ];
}

/** Spec §4, §9: the status is asked for every 15 s while anything is transcoding. */
export function movieStatusQueryOptions(movieId: number) {
  return queryOptions({
    queryKey: movieStatusKey(movieId),
    queryFn: () => fetchMovieStatus(movieId),
    refetchInterval: (query) =>
      query.state.data && isTranscoding(query.state.data) ? TIMINGS.statusPollMs : false,
  });
}

/** The project's items; none to ask for before the first upload has made the project. */
export function useMovieStatus(movieId: number | undefined) {
  return useQuery({
    ...movieStatusQueryOptions(movieId ?? 0),
    enabled: movieId !== undefined,
  });
}
