import type { AppFeedRow } from '@plotline/core';
import type { AppWords } from '../i18n/app-words.ts';
import { h } from '../ui/dom.ts';
import { cardPicture } from './feed-view.ts';
import { projectPath } from './routes.ts';

export type SeriesRow = Extract<AppFeedRow, { kind: 'series' }>;

/** A series' page: its episodes in order, each a link to its player. */
export function seriesView(series: SeriesRow, words: AppWords): HTMLElement {
  return h(
    'div',
    { class: 'series' },
    // The titles are the projects' own, in the language they were written in.
    h('h1', { class: 'page-title', tabindex: -1 }, h('bdi', {}, series.title)),
    h('p', { class: 'series-count' }, words.episodes(series.episodes.length)),
    h(
      'ol',
      { class: 'episodes' },
      ...series.episodes.map((episode, position) =>
        h(
          'li',
          { class: 'episode' },
          h(
            'a',
            { class: 'episode-link', href: projectPath(episode.slug) },
            cardPicture(episode),
            h(
              'span',
              { class: 'episode-text' },
              h(
                'span',
                { class: 'card-meta' },
                words.episode(episode.episode_number ?? position + 1),
              ),
              h('span', { class: 'card-title' }, h('bdi', {}, episode.title)),
              episode.synopsis
                ? h('span', { class: 'episode-synopsis', dir: 'auto' }, episode.synopsis)
                : null,
            ),
          ),
        ),
      ),
    ),
  );
}

const SERIES_KEY = 'plotline:app:series';

/**
 * The series the feed showed, kept for the tab's life (sessionStorage, and in memory where the
 * browser keeps nothing): a series' page reads its episodes from the feed's row, also after a
 * reload, without a call of its own.
 */
export class SeriesMemory {
  private readonly kept: Record<number, SeriesRow>;

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null) {
    this.kept = this.stored();
  }

  remember(rows: readonly AppFeedRow[]): void {
    const series = rows.filter((row): row is SeriesRow => row.kind === 'series');
    if (series.length === 0) return;
    for (const row of series) this.kept[row.series_id] = row;
    try {
      this.storage?.setItem(SERIES_KEY, JSON.stringify(this.kept));
    } catch {
      // Full or private: kept for the page's life only.
    }
  }

  find(seriesId: number): SeriesRow | null {
    return this.kept[seriesId] ?? null;
  }

  private stored(): Record<number, SeriesRow> {
    try {
      return (JSON.parse(this.storage?.getItem(SERIES_KEY) ?? 'null') ?? {}) as Record<
        number,
        SeriesRow
      >;
    } catch {
      return {};
    }
  }
}
