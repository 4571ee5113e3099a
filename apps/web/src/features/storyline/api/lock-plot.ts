import { storylineSchema } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { storylineKey } from '../../../api/storyline.ts';
import { apiWholeReply } from '../../../lib/api-client.ts';

export interface LockPlot {
  movieId: number;
  /** A stored plot's id. */
  id: number;
  /** §4: true locks ('1'), false unlocks. */
  locked: boolean;
}

/** `PUT /api/movie-plot/lock`: answers the storyline at its next version. */
export function lockPlot({ id, locked }: LockPlot) {
  return apiWholeReply('/api/movie-plot/lock', {
    method: 'PUT',
    body: { movie_plot_id: id, status: locked },
    schema: storylineSchema,
  });
}

export function lockPlotMutationOptions() {
  return mutationOptions({ mutationKey: ['projects', 'lock-plot'], mutationFn: lockPlot });
}

export function useLockPlot() {
  const queryClient = useQueryClient();
  return useMutation({
    ...lockPlotMutationOptions(),
    onSuccess: (storyline, { movieId }) =>
      queryClient.setQueryData(storylineKey(movieId), storyline),
  });
}
