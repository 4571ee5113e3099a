import { mutationOptions, useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '../../../lib/download-file.ts';
import type { DateRange } from '../model/date-range.ts';

export interface FiguresCsv {
  movieId: number;
  range: DateRange;
}

/**
 * `GET /api/movie/{movieId}/figures.csv?from&to`: one row per plot, saved under the name the
 * server gives it.
 */
export async function downloadFiguresCsv({ movieId, range }: FiguresCsv) {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  const file = await fetchFile(`/api/movie/${movieId}/figures.csv?${query.toString()}`);
  saveFile(file.blob, file.name ?? `figures-${range.from}-to-${range.to}.csv`);
}

export function useDownloadFiguresCsv() {
  return useMutation(
    mutationOptions({ mutationKey: ['projects', 'figures-csv'], mutationFn: downloadFiguresCsv }),
  );
}
