import type { ActivityRow } from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { ActivityLogPage } from './activity-log-page.tsx';

function makeActivity(overrides: Partial<ActivityRow> = {}): ActivityRow {
  return {
    id: 1,
    actor_id: 4,
    actor_name: 'Nadia Rahman',
    actor_email: 'nadia@plotline.test',
    company_id: 3,
    company_name: 'Acme',
    action: 'company.created',
    entity_type: 'company',
    entity_id: '3',
    summary: 'Created the company "Acme"',
    ip: '10.0.0.1',
    created_at: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

describe('ActivityLogPage', () => {
  it('filters by the clicked actor and drops the filter with its chip', async () => {
    signInAs({ role: 'internal', company_type: null });
    const api = stubApi({
      'GET /api/activity-log': () => jsonResponse({ data: { rows: [makeActivity()], total: 1 } }),
    });
    const { user, router } = renderPage(<ActivityLogPage />, '/app/activity-log?entity=company');
    const lastQuery = () => api.to('GET', '/api/activity-log').at(-1)?.url.searchParams;

    await user.click(
      await screen.findByRole('button', { name: 'Show only activity by Nadia Rahman' }),
    );
    await waitFor(() => expect(lastQuery()?.get('actor')).toBe('4'));
    expect(lastQuery()?.get('entity')).toBe('company');
    expect(router.state.location.search).toContain('actor=4');

    await user.click(
      await screen.findByRole('button', { name: 'Remove filter Actor: Nadia Rahman' }),
    );
    await waitFor(() => expect(lastQuery()?.has('actor')).toBe(false));
    expect(screen.queryByText('Actor: Nadia Rahman')).not.toBeInTheDocument();
  });

  it('offers every kind of entity the log records, and sends the chosen one', async () => {
    signInAs({ role: 'internal', company_type: null });
    const api = stubApi({
      'GET /api/activity-log': () => jsonResponse({ data: { rows: [makeActivity()], total: 1 } }),
    });
    // `auth` was once offered, but no entry has that kind: the server refuses it, so it is not sent.
    const { user, router } = renderPage(<ActivityLogPage />, '/app/activity-log?entity=auth');
    const lastQuery = () => api.to('GET', '/api/activity-log').at(-1)?.url.searchParams;
    await waitFor(() => expect(lastQuery()).toBeDefined());
    expect(lastQuery()?.has('entity')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Entity type' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All',
      'Session',
      'User',
      'Company',
      'Project',
      'Series',
      'Clip or bridge',
      'Plot',
      'Banner image',
      'Promoted content',
      'Audience segment',
      'Operator settings',
      'Linked sign-in account',
      'Linear cut',
    ]);

    await user.click(screen.getByRole('option', { name: 'Clip or bridge' }));
    await waitFor(() => expect(lastQuery()?.get('entity')).toBe('movie_content'));
    expect(router.state.location.search).toContain('entity=movie_content');
    expect(screen.getByRole('combobox', { name: 'Entity type' })).toHaveTextContent(
      'Clip or bridge',
    );
  });
});
