import { projectFiguresSchema } from '@plotline/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { DateRange } from '../model/date-range.ts';

export function figuresKey(movieId: number, range: DateRange) {
  return ['projects', movieId, 'figures', range.from, range.to] as const;
}

/** `GET /api/movie/{movieId}/figures?from&to`: whole UTC days, both ends included. */
export function figuresQueryOptions(movieId: number, range: DateRange) {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return queryOptions({
    queryKey: figuresKey(movieId, range),
    queryFn: () =>
      apiRequest(`/api/movie/${movieId}/figures?${query.toString()}`, {
        schema: projectFiguresSchema,
      }),
  });
}

/** While another range loads, the last one stays on screen rather than a blank. */
export function useFigures(movieId: number, range: DateRange, enabled: boolean) {
  return useQuery({
    ...figuresQueryOptions(movieId, range),
    enabled,
    placeholderData: keepPreviousData,
  });
}
