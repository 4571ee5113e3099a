import { EPISODE_MAX, EPISODE_MIN, type Project, type Series } from '@plotline/core';

export interface EpisodeOption {
  number: number;
  /** Another episode of the series has it (spec §5: shown, but not selectable). */
  taken: boolean;
}

/**
 * The episode sequence of `series`: 1 to 50, with the numbers its episodes use taken, except the
 * project's own number when it already is an episode of that series.
 */
export function episodeOptions(
  series: Pick<Series, 'movie_id' | 'episodeList'> | undefined,
  project: Pick<Project, 'movieIdParent' | 'episodeNumber'> | undefined,
): EpisodeOption[] {
  const own =
    series && project?.movieIdParent === series.movie_id ? project.episodeNumber : undefined;
  const taken = new Set(series?.episodeList.filter((number) => number !== own));
  return Array.from({ length: EPISODE_MAX - EPISODE_MIN + 1 }, (_, index) => {
    const number = EPISODE_MIN + index;
    return { number, taken: taken.has(number) };
  });
}

/** The number the form keeps when another series is chosen: the saved one in its own series. */
export function episodeForSeries(
  seriesId: number | null,
  project: Pick<Project, 'movieIdParent' | 'episodeNumber'> | undefined,
): number | null {
  if (seriesId === null || project?.movieIdParent !== seriesId) return null;
  return project.episodeNumber;
}
