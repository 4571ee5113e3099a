import {
  MESSAGES,
  OIDC_MESSAGE_TYPE,
  type IdentityProvider,
  type LinkedIdentity,
} from '@plotline/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
import { IDENTITY_PROVIDERS_PATH } from '../../../api/identity-providers.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { leavePageFor } from '../../../lib/leave-page.ts';
import { takeProviderFlow } from '../../../lib/provider-window.ts';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { fakePopup } from '../../../test/popup.ts';
import { LINK_IDENTITY_PATH } from '../api/link-identity.ts';
import { ProfileDrawer } from './profile-drawer.tsx';

// A test's document cannot leave the page.
vi.mock(import('../../../lib/leave-page.ts'), () => ({ leavePageFor: vi.fn() }));

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

const PROVIDERS: IdentityProvider[] = [
  { kind: 'google', name: 'Google' },
  { kind: 'generic', name: 'Acme SSO' },
];

/**
 * The server's identities, less those DELETE removed; `refuse` answers DELETE with that reply;
 * `providers` are those configured; `link` answers the link's start.
 */
function serveIdentities(
  identities: LinkedIdentity[],
  refuse?: Response,
  { providers = [], link }: { providers?: IdentityProvider[]; link?: () => Response } = {},
) {
  let list = identities;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === IDENTITY_PROVIDERS_PATH) return jsonResponse({ data: providers });
    if (url === LINK_IDENTITY_PATH && link) return link();
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
  it('is not shown to a user who has linked no provider where none is configured', async () => {
    signInAs({ identity_providers: [] });
    const fetch = serveIdentities([]);
    renderDrawer();

    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(IDENTITY_PROVIDERS_PATH, expect.anything()),
    );
    expect(screen.queryByRole('region', { name: 'Sign-in methods' })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
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

function post(data: unknown, source: Window) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, source, origin: window.location.origin }),
    );
  });
}

const linkDialog = () => screen.findByRole('dialog', { name: 'Link a sign-in method' });

describe("linking a further provider from the drawer's sign-in methods", () => {
  it('asks for the password, signs in at the provider in a popup, and lists what it linked', async () => {
    signInAs({ password: true, identity_providers: [] });
    const answers = [
      jsonResponse({ message: MESSAGES.wrongCurrentPassword }, 400),
      jsonResponse({ data: { location: 'https://sso.acme.test/authorize?state=s' } }),
    ];
    const fetch = serveIdentities([], undefined, {
      providers: PROVIDERS,
      link: () => answers.shift()!,
    });
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const { user } = renderDrawer();
    const methods = await section();

    await user.click(await methods.findByRole('button', { name: 'Link a sign-in method' }));
    const dialog = within(await linkDialog());
    await user.click(dialog.getByRole('button', { name: 'Continue with Google' }));
    expect(await dialog.findByText('Required')).toBeVisible();
    expect(fetch).not.toHaveBeenCalledWith(LINK_IDENTITY_PATH, expect.anything());

    await user.click(dialog.getByRole('radio', { name: 'Acme SSO' }));
    await user.type(dialog.getByLabelText('Current password'), 'not it');
    await user.click(dialog.getByRole('button', { name: 'Continue with Acme SSO' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.wrongCurrentPassword);
    expect(open).not.toHaveBeenCalled();

    await user.clear(dialog.getByLabelText('Current password'));
    await user.type(dialog.getByLabelText('Current password'), 'my secret');
    await user.click(dialog.getByRole('button', { name: 'Continue with Acme SSO' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'https://sso.acme.test/authorize?state=s',
        'plotline-oidc',
        expect.stringContaining('popup'),
      ),
    );
    const sent = fetch.mock.calls.filter(([url]) => url === LINK_IDENTITY_PATH);
    expect(sent.map(([, init]) => JSON.parse(init?.body as string))).toEqual([
      { kind: 'generic', password: 'not it' },
      { kind: 'generic', password: 'my secret' },
    ]);
    await vi.dynamicImportSettled();
    expect(
      await dialog.findByRole('button', { name: 'Waiting for Acme SSO…' }),
    ).toBeInTheDocument();

    // The server now lists the new identity.
    fetch.mockImplementation(async (url: string) =>
      url === IDENTITY_PROVIDERS_PATH
        ? jsonResponse({ data: PROVIDERS })
        : jsonResponse({ data: [ACME] }),
    );
    post({ type: OIDC_MESSAGE_TYPE, linked: 'generic' }, popup);

    expect(await screen.findByText('Acme SSO linked: you can now sign in with it')).toBeVisible();
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Link a sign-in method' }),
      ).not.toBeInTheDocument(),
    );
    expect(await methods.findByText('ayu@acme.test')).toBeVisible();
    expect(useAppStore.getState().user?.identity_providers).toEqual(['generic']);
  });

  it("shows the provider's refusal in the dialog, which stays open", async () => {
    signInAs({ password: true, identity_providers: ['google'] });
    serveIdentities([GOOGLE], undefined, {
      providers: PROVIDERS,
      link: () => jsonResponse({ data: { location: 'https://accounts.google.test/auth' } }),
    });
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    const { user } = renderDrawer();

    await user.click(
      await (await section()).findByRole('button', { name: 'Link a sign-in method' }),
    );
    const dialog = within(await linkDialog());
    await user.type(dialog.getByLabelText('Current password'), 'my secret');
    await user.click(dialog.getByRole('button', { name: 'Continue with Google' }));
    await vi.dynamicImportSettled();
    await dialog.findByRole('button', { name: 'Waiting for Google…' });
    post({ type: OIDC_MESSAGE_TYPE, error: 'identity_taken' }, popup);

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'This Google account is already linked to another user',
    );
    expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it('goes on in the whole page when the popup is blocked, remembering where to come back', async () => {
    signInAs({ password: true, identity_providers: [] });
    serveIdentities([], undefined, {
      providers: PROVIDERS,
      link: () => jsonResponse({ data: { location: 'https://accounts.google.test/auth' } }),
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    window.history.replaceState(null, '', '/app/project-list?page=2');
    const { user } = renderDrawer();

    await user.click(
      await (await section()).findByRole('button', { name: 'Link a sign-in method' }),
    );
    const dialog = within(await linkDialog());
    await user.type(dialog.getByLabelText('Current password'), 'my secret');
    await user.click(dialog.getByRole('button', { name: 'Continue with Google' }));

    await waitFor(() =>
      expect(leavePageFor).toHaveBeenCalledWith('https://accounts.google.test/auth'),
    );
    expect(takeProviderFlow()).toEqual({ purpose: 'link', back: '/app/project-list?page=2' });
    window.history.replaceState(null, '', '/');
  });

  it('tells an account without a password to set one first', async () => {
    signInAs({ password: false, identity_providers: ['google'] });
    const fetch = serveIdentities([GOOGLE], undefined, { providers: PROVIDERS });
    const { user } = renderDrawer();

    await user.click(
      await (await section()).findByRole('button', { name: 'Link a sign-in method' }),
    );
    const dialog = within(await linkDialog());

    expect(dialog.getByText(MESSAGES.linkNeedsPassword)).toBeVisible();
    expect(dialog.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(fetch).not.toHaveBeenCalledWith(LINK_IDENTITY_PATH, expect.anything());
  });
});
