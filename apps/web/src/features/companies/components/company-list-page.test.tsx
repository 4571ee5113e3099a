import type { CompanyRow } from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { CompanyListPage } from './company-list-page.tsx';

function makeCompany(overrides: Partial<CompanyRow> = {}): CompanyRow {
  return {
    id: 1,
    name: 'Acme Pictures',
    type: 'company',
    status: 'active',
    user_count: 12,
    created_at: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

function page(rows: CompanyRow[], total = rows.length) {
  return () => jsonResponse({ data: { rows, total } });
}

describe('CompanyListPage', () => {
  it('shows each company with its type, status, users and creation day', async () => {
    signInAs({ role: 'internal', company_type: null });
    stubApi({
      'GET /api/company': page(
        [
          makeCompany(),
          makeCompany({
            id: 2,
            name: 'Solo Studio',
            type: 'individual',
            status: 'disabled',
            user_count: 1,
          }),
        ],
        2,
      ),
    });
    renderPage(<CompanyListPage />, '/app/company-list');

    const table = await screen.findByRole('table', { name: 'Companies' });
    await within(table).findByText('Acme Pictures');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/Acme Pictures.*Company.*Active.*12.*2025/);
    expect(rows[2]).toHaveTextContent(/Solo Studio.*Individual.*Disabled.*1/);
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it("shows the 'No Data' placeholder and no pager when there are no companies", async () => {
    signInAs({ role: 'internal', company_type: null });
    stubApi({ 'GET /api/company': page([]) });
    renderPage(<CompanyListPage />, '/app/company-list');

    expect(await screen.findByText('No Data')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('asks the server for the typed search once typing pauses, and for the clicked sort', async () => {
    signInAs({ role: 'internal', company_type: null });
    const api = stubApi({ 'GET /api/company': page([makeCompany()]) });
    const { user, router } = renderPage(<CompanyListPage />, '/app/company-list');
    await screen.findByRole('table', { name: 'Companies' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'acme');
    await waitFor(() =>
      expect(api.to('GET', '/api/company').at(-1)?.url.searchParams.get('search')).toBe('acme'),
    );
    // One request for the whole word, not one per key.
    expect(
      api.to('GET', '/api/company').filter((call) => call.url.searchParams.has('search')),
    ).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Users' }));
    await waitFor(() =>
      expect(api.to('GET', '/api/company').at(-1)?.url.searchParams.get('sort')).toBe('user_count'),
    );
    await user.click(screen.getByRole('button', { name: 'Users' }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=-user_count'));
  });

  it('disables a company only after Ok in the confirmation dialog', async () => {
    signInAs({ role: 'internal', company_type: null });
    const api = stubApi({
      'GET /api/company': page([makeCompany()]),
      'DELETE /api/company/1': () => jsonResponse({ data: makeCompany({ status: 'disabled' }) }),
    });
    const { user } = renderPage(<CompanyListPage />, '/app/company-list');

    await user.click(await screen.findByRole('button', { name: 'Actions for Acme Pictures' }));
    await user.click(screen.getByRole('menuitem', { name: 'Disable' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable company' });
    expect(dialog).toHaveTextContent('Are you sure to do this?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('DELETE', '/api/company/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Actions for Acme Pictures' }));
    await user.click(screen.getByRole('menuitem', { name: 'Disable' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(api.to('DELETE', '/api/company/1')).toHaveLength(1));
    expect(await screen.findByText('Acme Pictures disabled')).toBeInTheDocument();
    // The list is asked again so the row shows its new status.
    await waitFor(() => expect(api.to('GET', '/api/company')).toHaveLength(2));
  });

  it("reports a failed disable as 'Delete error!' with the server's message", async () => {
    signInAs({ role: 'internal', company_type: null });
    stubApi({
      'GET /api/company': page([makeCompany()]),
      'DELETE /api/company/1': () =>
        jsonResponse({ message: 'You do not have the right to do this' }, 403),
    });
    const { user } = renderPage(<CompanyListPage />, '/app/company-list');

    await user.click(await screen.findByRole('button', { name: 'Actions for Acme Pictures' }));
    await user.click(screen.getByRole('menuitem', { name: 'Disable' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(
      await screen.findByText('Delete error! You do not have the right to do this'),
    ).toBeInTheDocument();
  });

  it('creates a company from the dialog and invites its first admin', async () => {
    signInAs({ role: 'internal', company_type: null });
    const api = stubApi({
      'GET /api/company': page([]),
      'POST /api/company': () => jsonResponse({ data: makeCompany({ name: 'Nova' }) }, 201),
    });
    const { user } = renderPage(<CompanyListPage />, '/app/company-list');

    await user.click(await screen.findByRole('button', { name: 'New company' }));
    const dialog = screen.getByRole('dialog', { name: 'New company' });
    await user.type(within(dialog).getByLabelText('Name'), 'Nova');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(api.to('POST', '/api/company')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("First admin's email"), 'boss@nova.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.to('POST', '/api/company')).toHaveLength(1));
    expect(api.to('POST', '/api/company')[0]?.body).toEqual({
      name: 'Nova',
      type: 'company',
      adminEmail: 'boss@nova.test',
    });
    expect(await screen.findByText('Nova created, invitation sent')).toBeInTheDocument();
  });
});
