import type { NewsSignupRow } from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { catchDownloads } from '../../../test/downloads.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { NewsSignupListPage } from './news-signup-list-page.tsx';

function makeSignup(overrides: Partial<NewsSignupRow> = {}): NewsSignupRow {
  return {
    id: 1,
    email: 'ayu@example.com',
    language: 'id',
    created_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

function page(rows: NewsSignupRow[], total = rows.length) {
  return () => jsonResponse({ data: { rows, total } });
}

describe('NewsSignupListPage', () => {
  it('shows each address with its language and day, and asks for the typed search', async () => {
    signInAs({ role: 'internal', company_type: null });
    const api = stubApi({
      'GET /api/news-signup': page(
        [makeSignup(), makeSignup({ id: 2, email: 'lena@example.de', language: 'de' })],
        2,
      ),
    });
    const { user } = renderPage(<NewsSignupListPage />, '/app/news-signups');

    const table = await screen.findByRole('table', { name: 'News sign-ups' });
    await within(table).findByText('ayu@example.com');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/ayu@example\.com.*Bahasa Indonesia.*Mar 4, 2026/);
    expect(rows[2]).toHaveTextContent(/lena@example\.de.*Deutsch/);
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'lena');
    await waitFor(() =>
      expect(api.to('GET', '/api/news-signup').at(-1)?.url.searchParams.get('search')).toBe('lena'),
    );
  });

  it("shows the 'No Data' placeholder when nobody signed up, with nothing to download", async () => {
    signInAs({ role: 'internal', company_type: null });
    stubApi({ 'GET /api/news-signup': page([]) });
    renderPage(<NewsSignupListPage />, '/app/news-signups');

    expect(await screen.findByText('No Data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('downloads every address as a CSV file with the session', async () => {
    signInAs({ role: 'internal', company_type: null });
    const api = stubApi({
      'GET /api/news-signup': page([makeSignup()]),
      'GET /api/news-signup/csv': () =>
        new Response('"email"\r\n"ayu@example.com"\r\n', {
          headers: { 'content-type': 'text/csv' },
        }),
    });
    const click = catchDownloads('blob:news');
    const { user } = renderPage(<NewsSignupListPage />, '/app/news-signups');

    await screen.findByText('ayu@example.com');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('news-signups.csv');
    expect(link.href).toBe('blob:news');
    expect(api.to('GET', '/api/news-signup/csv')).toHaveLength(1);
  });
});
