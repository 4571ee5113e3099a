import type { AppFeed, AppProjectCard } from '@plotline/core';

/** A feed card as the App API answers it. */
export function makeCard(overrides: Partial<AppProjectCard> = {}): AppProjectCard {
  const id = overrides.movie_id ?? 1;
  return {
    movie_id: id,
    slug: `story-${id}`,
    title: `Story ${id}`,
    synopsis: `What happens in story ${id}.`,
    view_mode: 'horizontal',
    thumbnail_desktop: `/api/media/${id}/thumbnail-desktop.jpg`,
    thumbnail_mobile: null,
    company_name: 'Acme Films',
    episode_number: null,
    published_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A feed: one promoted story, a single story and a series of two episodes. */
export function makeFeed(overrides: Partial<AppFeed> = {}): AppFeed {
  return {
    promoted: [makeCard({ movie_id: 7, title: 'The Promoted One' })],
    rows: [
      { kind: 'single', project: makeCard({ movie_id: 1, title: 'The Fork' }) },
      {
        kind: 'series',
        series_id: 4,
        title: 'Night Shift',
        episodes: [
          makeCard({ movie_id: 2, title: 'Pilot', episode_number: 1, thumbnail_desktop: null }),
          makeCard({ movie_id: 3, title: 'Second Night', episode_number: 2 }),
        ],
      },
    ],
    total: 2,
    ...overrides,
  };
}
