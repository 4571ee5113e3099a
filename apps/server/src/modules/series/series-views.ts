import type { Series } from '@plotline/core';
import type { SeriesRecord, SeriesRepository } from './series.repository.ts';

/** Series as the wizard lists them, each with the episode numbers already taken. */
export async function seriesViews(
  series: Pick<SeriesRepository, 'listEpisodeNumbers'>,
  records: SeriesRecord[],
): Promise<Series[]> {
  const episodes = await series.listEpisodeNumbers(records.map((record) => record.id));
  return records.map((record) => ({
    movie_id: record.id,
    title: record.title,
    category_id: record.categoryId,
    synopsis: record.synopsis,
    tags: record.tags,
    episodeList: episodes
      .filter((episode) => episode.seriesId === record.id)
      .map((episode) => episode.episodeNumber),
  }));
}
