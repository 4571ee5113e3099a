import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { PromotedSelectPage } from './promoted-select-page.tsx';

function makeCandidate(overrides: Record<string, unknown> = {}) {
  return {
    movie_id: 11,
    slug: 'the-forest',
    title: 'The forest',
    thumbnail_desktop: null,
    company_name: 'Acme Pictures',
    series_title: null,
    episode_number: null,
    published_at: '2026-03-04T10:00:00.000Z',
    promoted: false,
    ...overrides,
  };
}

const CANDIDATES = [
  makeCandidate(),
  makeCandidate({
    movie_id: 12,
    slug: 'night-train-2',
    title: 'Night train: the return',
    series_title: 'Night train',
    episode_number: 2,
    promoted: true,
  }),
];

describe('PromotedSelectPage', () => {
  beforeEach(() => {
    signInAs({ role: 'superadmin', company_type: 'platform' });
  });

  it('marks the projects promoted already, which cannot be picked again', async () => {
    stubApi({
      'GET /api/promoted/candidates': () => jsonResponse({ data: { rows: CANDIDATES, total: 2 } }),
    });
    renderPage(<PromotedSelectPage />, '/app/promoted/select');

    const table = await screen.findByRole('table', { name: 'Projects you can promote' });
    await within(table).findByText('The forest');
    const [, free, taken] = within(table).getAllByRole('row');
    expect(free).toHaveTextContent(/The forest.*Acme Pictures.*2026/);
    expect(within(free!).getByRole('button', { name: 'Promote The forest' })).toBeEnabled();
    expect(taken).toHaveTextContent(/Night train: the return.*Episode 2 of Night train/);
    expect(taken).toHaveTextContent('Already promoted');
    expect(within(taken!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('searches once typing pauses, with the search in the address', async () => {
    const api = stubApi({
      'GET /api/promoted/candidates': () => jsonResponse({ data: { rows: CANDIDATES, total: 2 } }),
    });
    const { user, router } = renderPage(<PromotedSelectPage />, '/app/promoted/select');
    await screen.findByText('The forest');

    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'night');
    await waitFor(() =>
      expect(api.to('GET', '/api/promoted/candidates').at(-1)?.url.searchParams.get('search')).toBe(
        'night',
      ),
    );
    expect(router.state.location.search).toContain('search=night');
  });

  it('promotes a picked project for the chosen segments and goes back to the list', async () => {
    const api = stubApi({
      'GET /api/promoted/candidates': () => jsonResponse({ data: { rows: CANDIDATES, total: 2 } }),
      'GET /api/segment': () =>
        jsonResponse({
          data: [
            {
              id: 4,
              preset: 'platform-android',
              name: 'Android viewers',
              rules: {
                match: 'all',
                conditions: [{ field: 'platform', op: 'eq', value: 'android' }],
              },
              viewers: 1200,
              promoted_count: 0,
              updated_at: '2026-03-04T10:00:00.000Z',
            },
          ],
        }),
      'POST /api/promoted': () =>
        jsonResponse(
          {
            data: {
              id: 5,
              position: 1,
              movie_id: 11,
              slug: 'the-forest',
              title: 'The forest',
              synopsis: '',
              thumbnail_desktop: null,
              thumbnail_mobile: null,
              company_name: 'Acme Pictures',
              starts_at: null,
              ends_at: null,
              segments: [{ id: 4, name: 'Android viewers', preset: 'platform-android' }],
              status: 'live',
            },
          },
          201,
        ),
    });
    const { user, router } = renderPage(<PromotedSelectPage />, '/app/promoted/select');

    await user.click(await screen.findByRole('button', { name: 'Promote The forest' }));
    const dialog = screen.getByRole('dialog', { name: 'Promote content' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Segments' }));
    await user.click(await screen.findByRole('option', { name: /Android viewers/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));

    await waitFor(() => expect(api.to('POST', '/api/promoted')).toHaveLength(1));
    expect(api.to('POST', '/api/promoted')[0]?.body).toEqual({
      movie_id: 11,
      starts_at: null,
      ends_at: null,
      segment_ids: [4],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/promoted'));
    expect(await screen.findByText('The forest promoted')).toBeInTheDocument();
  });
});
