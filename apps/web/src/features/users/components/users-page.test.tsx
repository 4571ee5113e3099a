import type { UserRow } from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { InternalUsersListPage, UsersListPage } from './users-page.tsx';

function makeRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: 20,
    name: 'Budi Santoso',
    email: 'budi@acme.test',
    role: 'contributor',
    status: 'active',
    last_login_at: null,
    company_id: 3,
    company_name: 'Acme',
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function usersApi(rows: UserRow[], path = '/api/user') {
  return stubApi({
    [`GET ${path}`]: () => jsonResponse({ data: { rows, total: rows.length } }),
    [`POST ${path}/invite`]: ({ body }) =>
      jsonResponse({ data: makeRow({ id: 99, status: 'invited', ...(body as object) }) }, 201),
    'GET /api/company': () =>
      jsonResponse({
        data: {
          rows: [
            {
              id: 3,
              name: 'Acme',
              type: 'company',
              status: 'active',
              user_count: 2,
              created_at: '2025-01-01',
            },
          ],
          total: 1,
        },
      }),
  });
}

async function openInvite() {
  const { user } = renderPage(<UsersListPage />, '/app/users-list');
  await screen.findByText('Budi Santoso');
  await user.click(screen.getByRole('button', { name: 'Invite user' }));
  const dialog = screen.getByRole('dialog', { name: 'Invite user' });
  await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
  const offered = screen.getAllByRole('option').map((option) => option.textContent);
  return { user, dialog, offered };
}

describe('Users list', () => {
  it('lets an administrator invite administrators, contributors and analysts but not a Super Admin', async () => {
    signInAs({ id: 7, role: 'administrator' });
    const api = usersApi([makeRow()]);
    const { user, dialog, offered } = await openInvite();
    expect(offered).toEqual(['Administrator', 'Contributors', 'Analyst']);

    await user.click(screen.getByRole('option', { name: 'Contributors' }));
    await user.type(within(dialog).getByLabelText('Email'), 'new@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.to('POST', '/api/user/invite')).toHaveLength(1));
    expect(api.to('POST', '/api/user/invite')[0]?.body).toEqual({
      email: 'new@acme.test',
      role: 'contributor',
    });
    expect(await screen.findByText('Invitation sent to new@acme.test')).toBeInTheDocument();
  });

  it('lets a Super Admin invite another Super Admin', async () => {
    signInAs({ id: 7, role: 'superadmin' });
    usersApi([makeRow()]);
    const { offered } = await openInvite();
    expect(offered).toEqual(['Super Admin', 'Administrator', 'Contributors', 'Analyst']);
  });

  it('has the root user pick the company to invite into', async () => {
    signInAs({ id: 1, role: 'king', company_type: null });
    const api = usersApi([makeRow()]);
    const { user, dialog } = await openInvite();
    await user.click(screen.getByRole('option', { name: 'Analyst' }));
    await user.type(within(dialog).getByLabelText('Email'), 'new@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText('Choose the company to invite into'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Company' }));
    await user.click(screen.getByRole('option', { name: 'Acme' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.to('POST', '/api/user/invite')).toHaveLength(1));
    expect(api.to('POST', '/api/user/invite')[0]?.body).toEqual({
      email: 'new@acme.test',
      role: 'analyst',
      companyId: 3,
    });
  });

  it('offers no actions on oneself or on a user whose role one may not give', async () => {
    signInAs({ id: 7, role: 'administrator' });
    usersApi([
      makeRow({ id: 7, name: 'Ayu Lestari', role: 'administrator' }),
      makeRow({ id: 8, name: 'Sari Owner', role: 'superadmin' }),
      makeRow({ id: 9, name: null, email: 'pending@acme.test', status: 'invited' }),
    ]);
    const { user } = renderPage(<UsersListPage />, '/app/users-list');
    await screen.findByText('pending@acme.test');

    expect(
      screen.queryByRole('button', { name: 'Actions for Ayu Lestari' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Actions for Sari Owner' }),
    ).not.toBeInTheDocument();
    expect(screen.getAllByText('Never')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Actions for pending@acme.test' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Change role', 'Resend invitation', 'Disable']);
  });

  it('disables a user only after Ok, through the staff API on the internal list', async () => {
    signInAs({ id: 1, role: 'internal', company_type: null });
    const rina = makeRow({ id: 5, name: 'Rina', role: 'accountManager', company_id: null });
    const api = stubApi({
      'GET /api/internal-user': () => jsonResponse({ data: { rows: [rina], total: 1 } }),
      'DELETE /api/internal-user/5': () => jsonResponse({ data: { ...rina, status: 'disabled' } }),
    });
    const { user } = renderPage(<InternalUsersListPage />, '/app/internal-users-list');
    await screen.findByRole('table', { name: 'Internal users' });
    await screen.findByText('Rina');

    await user.click(screen.getByRole('button', { name: 'Actions for Rina' }));
    await user.click(screen.getByRole('menuitem', { name: 'Disable' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable user' });
    expect(dialog).toHaveTextContent('Are you sure to do this?');
    expect(api.to('DELETE', '/api/internal-user/5')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Rina disabled')).toBeInTheDocument();
    expect(api.to('DELETE', '/api/internal-user/5')).toHaveLength(1);
    expect(api.to('DELETE', '/api/user/5')).toHaveLength(0);
  });
});
