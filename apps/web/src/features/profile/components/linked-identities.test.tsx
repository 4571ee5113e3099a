import { MESSAGES, type LinkedIdentity } from '@plotline/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { ProfileDrawer } from './profile-drawer.tsx';

const GOOGLE: LinkedIdentity = {
  id: 1,
  kind: 'google',
  provider_name: 'Google',
  email: 'ayu@gmail.test',
  created_at: '2026-03-04T10:00:00.000Z',
  last_used_at: null,
};
const ACME: LinkedIdentity = {
  id: 2,
  kind: 'generic',
  provider_name: 'Acme SSO',
  email: 'ayu@acme.test',
  created_at: '2026-05-06T10:00:00.000Z',
  last_used_at: null,
};

function renderDrawer() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <SnackbarProvider>
      <QueryClientProvider client={queryClient}>
        <ProfileDrawer open onClose={() => undefined} />
      </QueryClientProvider>
    </SnackbarProvider>,
  );
  return { user: userEvent.setup(), drawer: screen.getByRole('dialog', { name: 'Profile' }) };
}

/** The server's identities, less those DELETE removed; `refuse` answers DELETE with that reply. */
function serveIdentities(identities: LinkedIdentity[], refuse?: Response) {
  let list = identities;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE') {
      if (refuse) return refuse;
      const id = Number(url.split('/').pop());
      list = list.filter((identity) => identity.id !== id);
      return jsonResponse({ data: { id } });
    }
    return jsonResponse({ data: list });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const section = async () => within(await screen.findByRole('region', { name: 'Sign-in methods' }));

describe("the profile drawer's sign-in methods", () => {
  it('is not shown to a user who has linked no provider', () => {
    signInAs({ identity_providers: [] });
    const fetch = serveIdentities([]);
    renderDrawer();

    expect(screen.queryByRole('region', { name: 'Sign-in methods' })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lists each linked account with its provider, email and date, and removes one after confirming', async () => {
    signInAs({ password: false, identity_providers: ['google', 'generic'] });
    const fetch = serveIdentities([GOOGLE, ACME]);
    const { user } = renderDrawer();
    const methods = await section();

    expect(await methods.findByText('Google')).toBeVisible();
    expect(methods.getByText('ayu@gmail.test')).toBeVisible();
    expect(methods.getByText('Linked on Mar 4, 2026')).toBeVisible();
    expect(methods.getByText('Acme SSO')).toBeVisible();

    await user.click(methods.getByRole('button', { name: 'Remove Google (ayu@gmail.test)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove sign-in method?' });
    expect(dialog).toHaveTextContent('You will no longer be able to sign in with Google');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Google sign-in removed')).toBeVisible();
    await waitFor(() => expect(methods.queryByText('Google')).not.toBeInTheDocument());
    expect(fetch).toHaveBeenCalledWith(
      '/api/profile/identities/1',
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(useAppStore.getState().user?.identity_providers).toEqual(['generic']);
    // What is left is the last way to sign in.
    // Found once the dialog has gone and the drawer is no longer hidden behind it.
    expect(
      await methods.findByRole('button', { name: 'Remove Acme SSO (ayu@acme.test)' }),
    ).toBeDisabled();
    expect(methods.getByText(MESSAGES.lastSignInWay)).toBeVisible();
  });

  it('keeps the last way to sign in, but not an account with a password', async () => {
    signInAs({ password: true, identity_providers: ['google'] });
    serveIdentities([GOOGLE]);
    renderDrawer();
    const methods = await section();

    expect(
      await methods.findByRole('button', { name: 'Remove Google (ayu@gmail.test)' }),
    ).toBeEnabled();
    expect(methods.queryByText(MESSAGES.lastSignInWay)).not.toBeInTheDocument();
  });

  it("shows the server's refusal when it still is the last way", async () => {
    signInAs({ password: true, identity_providers: ['google'] });
    serveIdentities([GOOGLE], jsonResponse({ message: MESSAGES.lastSignInWay }, 409));
    const { user } = renderDrawer();
    const methods = await section();

    await user.click(await methods.findByRole('button', { name: /Remove Google/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove sign-in method?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(MESSAGES.lastSignInWay)).toBeVisible();
    expect(methods.getByText('Google')).toBeVisible();
  });

  it('asks a provider-only account for no current password, and sets its first', async () => {
    const me = signInAs({ name: 'Ayu', password: false, identity_providers: ['google'] });
    const fetch = vi.fn(async (url: string) =>
      url === '/api/profile/identities'
        ? jsonResponse({ data: [GOOGLE] })
        : jsonResponse({ data: { ...me, password: url === '/api/user/new_password' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const { user, drawer } = renderDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));

    const password = within(drawer).getByLabelText('Password');
    expect(password).toHaveValue('Not set');
    await user.click(password);
    expect(within(drawer).queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('New Password'), 'correct horse');
    await user.type(within(drawer).getByLabelText('Retype New Password'), 'correct horse');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/user/new_password', expect.anything()),
    );
    const call = fetch.mock.calls.find(([url]) => url === '/api/user/new_password') as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(call[1].body as string)).toEqual({
      user_id: me.id,
      new_password: 'correct horse',
    });
    expect(fetch.mock.calls.some(([url]) => url === '/api/user/reset_password')).toBe(false);
  });
});
