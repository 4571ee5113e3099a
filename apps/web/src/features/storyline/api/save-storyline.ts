import { storylineSchema, type PlotNode, type StoryVariable } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { storylineKey } from '../../../api/storyline.ts';
import { apiWholeReply } from '../../../lib/api-client.ts';

export interface SaveStoryline {
  movieId: number;
  /** The version the plot was made from: the server refuses (409) when someone saved since. */
  version: number;
  plot: readonly PlotNode[];
  /** The project's variables, stored with the plot whose conditions and effects name them. */
  variables: readonly StoryVariable[];
}

/**
 * `POST /api/movie-plot`: the whole tree and the variables; new nodes keep their negative ids
 * until it answers, and the default options and links that name them are mapped with them.
 */
export function saveStoryline({ movieId, version, plot, variables }: SaveStoryline) {
  return apiWholeReply('/api/movie-plot', {
    method: 'POST',
    body: { movie_id: movieId, version, variables, plots: plot },
    schema: storylineSchema,
  });
}

export function saveStorylineMutationOptions() {
  return mutationOptions({
    mutationKey: ['projects', 'save-storyline'],
    mutationFn: saveStoryline,
  });
}

/** The stored storyline (real ids, next version) becomes the cached one. */
export function useSaveStoryline() {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveStorylineMutationOptions(),
    onSuccess: (storyline, { movieId }) =>
      queryClient.setQueryData(storylineKey(movieId), storyline),
  });
}
