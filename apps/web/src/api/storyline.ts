import { storylineSchema, type PlotNode, type StoryVariable } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiWholeReply } from '../lib/api-client.ts';

export interface Storyline {
  data: PlotNode[];
  /** The project's story variables, which the plot's conditions and effects name. */
  variables: StoryVariable[];
  version: number;
}

/** A project's storyline: its plot nodes in reading order and the version they are at. */
export function storylineKey(movieId: number) {
  return ['projects', movieId, 'storyline'] as const;
}

/**
 * `GET /api/movie-plot/{movieId}`. Every movie-plot call answers `{ data: nodes, version }`; the
 * version is what a save names, so the whole reply is read.
 */
export function fetchStoryline(movieId: number): Promise<Storyline> {
  return apiWholeReply(`/api/movie-plot/${movieId}`, { schema: storylineSchema });
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

/** The storyline as the editor reads it: fetched once while it is cached. */
export function useStoryline(movieId: number) {
  return useQuery(storylineQueryOptions(movieId));
}

/** The storyline as a page that only shows it reads it: asked again each time the page opens. */
export function useStorylineShown(movieId: number) {
  return useQuery({ ...storylineQueryOptions(movieId), staleTime: 0 });
}
