import { MESSAGES, type SeriesDetail, type SeriesEpisode } from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { SeriesPage } from './series-page.tsx';

const ROUTE = '/app/project-list/series/:movieIdParent';

function makeEpisode(overrides: Partial<SeriesEpisode> = {}): SeriesEpisode {
  return {
    movieId: 21,
    episodeNumber: 1,
    title: 'Pilot',
    thumbnail: '/media/thumbnails/1.jpg',
    view_mode: 'vertical',
    status: 'published',
    app_channel_on: 1,
    watch_url: 'http://localhost/watch/pilot',
    updated_at: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

function makeSeries(overrides: Partial<SeriesDetail> = {}): SeriesDetail {
  return {
    movie_id: 9,
    title: 'Night Shift',
    synopsis: 'Three nights in a city hospital.',
    tags: ['drama', 'city'],
    created_at: '2025-02-01T10:00:00.000Z',
    author: 'Ayu Lestari',
    episodes: [
      // Out of order on purpose: the page lists them by number whatever the order received.
      makeEpisode({
        movieId: 23,
        episodeNumber: 3,
        title: 'Dawn',
        status: 'draft',
        app_channel_on: 0,
      }),
      makeEpisode(),
      makeEpisode({ movieId: 22, episodeNumber: 2, title: 'Second night', app_channel_on: 0 }),
    ],
    ...overrides,
  };
}

describe('SeriesPage', () => {
  it("shows the series' info and its episodes in sequence order", async () => {
    signInAs({ role: 'analyst' });
    stubApi({ 'GET /api/movie/series/9': () => jsonResponse({ data: makeSeries() }) });
    renderPage(<SeriesPage />, '/app/project-list/series/9', ROUTE);

    const info = await screen.findByRole('region', { name: 'Night Shift' });
    expect(info).toHaveTextContent('Three nights in a city hospital.');
    expect(info).toHaveTextContent(/drama.*city/);
    expect(info).toHaveTextContent(
      /Created.*2025.*Author.*Ayu Lestari.*Episodes.*3.*Published.*2.*Drafts.*1/,
    );

    const episodes = within(screen.getByRole('region', { name: 'Episodes' })).getAllByRole(
      'listitem',
    );
    expect(episodes.map((episode) => within(episode).getByRole('link').textContent)).toEqual([
      'Pilot',
      'Second night',
      'Dawn',
    ]);
    expect(episodes[0]).toHaveTextContent(/1.*Pilot.*Published.*Web.*App/);
    expect(episodes[1]).toHaveTextContent(/2.*Second night.*Published.*Web/);
    expect(episodes[1]).not.toHaveTextContent('App');
    expect(episodes[2]).toHaveTextContent(/3.*Dawn.*Draft.*Not published/);
    expect(within(episodes[2]!).getByRole('link', { name: 'Dawn' })).toHaveAttribute(
      'href',
      '/app/project-list/project-detail/23',
    );
    // An analyst may look, not add.
    expect(screen.queryByRole('link', { name: 'Add episode' })).not.toBeInTheDocument();
  });

  it('adds an episode through the wizard with the series chosen', async () => {
    signInAs({ role: 'contributor' });
    stubApi({ 'GET /api/movie/series/9': () => jsonResponse({ data: makeSeries() }) });
    renderPage(<SeriesPage />, '/app/project-list/series/9', ROUTE);

    expect(await screen.findByRole('link', { name: 'Add episode' })).toHaveAttribute(
      'href',
      '/app/project-create?series=9',
    );
  });

  it('gives episodes the actions of the project list, by right and status', async () => {
    signInAs({ role: 'administrator' });
    const api = stubApi({
      'GET /api/movie/series/9': () => jsonResponse({ data: makeSeries() }),
      'DELETE /api/movie/23': () => jsonResponse({ data: { movieId: 23 } }),
    });
    const { user } = renderPage(<SeriesPage />, '/app/project-list/series/9', ROUTE);

    await user.click(await screen.findByRole('button', { name: 'Actions for Pilot' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Open',
      'Copy watch link',
    ]);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for Dawn' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Open',
      'Edit',
      'Copy watch link',
      'Delete',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Delete project' })).toHaveTextContent(
      MESSAGES.confirmDelete,
    );
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(api.to('DELETE', '/api/movie/23')).toHaveLength(1));
    expect(await screen.findByText('Dawn deleted')).toBeInTheDocument();
    // The series is asked again, so the episode leaves its list.
    await waitFor(() => expect(api.to('GET', '/api/movie/series/9')).toHaveLength(2));
  });

  it('says when the series has no episodes yet', async () => {
    signInAs({ role: 'administrator' });
    stubApi({
      'GET /api/movie/series/9': () => jsonResponse({ data: makeSeries({ episodes: [] }) }),
    });
    renderPage(<SeriesPage />, '/app/project-list/series/9', ROUTE);

    expect(await screen.findByText('No Data')).toBeInTheDocument();
    expect(
      screen.getByText(/^This series has no episodes yet. Add the first one/),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add episode' })).toHaveLength(2);
  });

  it("shows 'Series not found' for a series the API does not give, and for an address naming none", async () => {
    signInAs({ role: 'administrator' });
    const api = stubApi({
      'GET /api/movie/series/404': () => jsonResponse({ message: MESSAGES.seriesNotFound }, 404),
    });
    renderPage(<SeriesPage />, '/app/project-list/series/404', ROUTE);

    expect(
      await screen.findByRole('heading', { name: MESSAGES.seriesNotFound }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the project list' })).toHaveAttribute(
      'href',
      '/app/project-list',
    );
    expect(api.to('GET', '/api/movie/series/404')).toHaveLength(1);
  });

  it('does not ask the server about an address that names no series', () => {
    signInAs({ role: 'administrator' });
    const api = stubApi({});
    renderPage(<SeriesPage />, '/app/project-list/series/abc', ROUTE);

    expect(screen.getByRole('heading', { name: MESSAGES.seriesNotFound })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
