import type { Series, seriesAddSchema } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { seriesListKey } from './series-list.ts';

export type SeriesAdd = z.input<typeof seriesAddSchema>;

const addedSchema = z.object({ movieId: z.number().int() });

/** `POST /api/movie/series/add`: a new series of the caller's company; answers its id. */
export function addSeries(series: SeriesAdd) {
  return apiRequest('/api/movie/series/add', { method: 'POST', body: series, schema: addedSchema });
}

export function addSeriesMutationOptions() {
  return mutationOptions({ mutationKey: ['series', 'add'], mutationFn: addSeries });
}

/** Adds a series; it joins the list at once, without episodes, and the list is asked for again. */
export function useAddSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    ...addSeriesMutationOptions(),
    onSuccess: ({ movieId }, series) => {
      queryClient.setQueryData<Series[]>(seriesListKey, (list) => [
        ...(list ?? []),
        {
          movie_id: movieId,
          title: series.title.trim(),
          category_id: null,
          synopsis: series.synopsis ?? '',
          tags: series.tags ?? [],
          episodeList: [],
        },
      ]);
      void queryClient.invalidateQueries({ queryKey: seriesListKey });
    },
  });
}
