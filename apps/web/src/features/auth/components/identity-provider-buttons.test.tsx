import { OIDC_MESSAGE_TYPE } from '@plotline/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { fakePopup } from '../../../test/popup.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { COMPLETE_OIDC_PATH } from '../api/complete-oidc.ts';
import { IDENTITY_PROVIDERS_PATH } from '../../../api/identity-providers.ts';
import { leavePageFor } from '../../../lib/leave-page.ts';
import { takeProviderFlow } from '../../../lib/provider-window.ts';
import { SignInPage } from './sign-in-page.tsx';

// A test's document cannot leave the page.
vi.mock(import('../../../lib/leave-page.ts'), () => ({ leavePageFor: vi.fn() }));

const GOOGLE = { kind: 'google', name: 'Google' } as const;
const ACME = { kind: 'generic', name: 'Acme SSO' } as const;

function renderSignIn(search = '') {
  renderRoutes([{ path: '/login', element: <SignInPage /> }], `/login${search}`);
}

function serveProviders(providers: unknown[]) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
    url === IDENTITY_PROVIDERS_PATH
      ? jsonResponse({ data: providers })
      : jsonResponse({ message: 'This link is invalid or has expired' }, 400),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The popup, its close and focus watched. */
function watchedPopup(): Window {
  const popup = fakePopup();
  vi.spyOn(popup, 'close');
  vi.spyOn(popup, 'focus');
  return popup;
}

function post(data: unknown, source: Window, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source, origin }));
  });
}

async function openPopup(name: string, popup: Window | null) {
  const open = vi.spyOn(window, 'open').mockReturnValue(popup);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  // The popup's watcher is loaded on the click.
  await vi.dynamicImportSettled();
  return { open, user };
}

describe('identity provider buttons on the sign-in screen', () => {
  it('shows a button for each configured provider only, under an "or"', async () => {
    serveProviders([GOOGLE, ACME]);
    renderSignIn();

    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue with Acme SSO' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Microsoft/ })).not.toBeInTheDocument();
    expect(screen.getByText('or')).toBeInTheDocument();
  });

  it('shows none when no provider is configured', async () => {
    const fetch = serveProviders([]);
    renderSignIn();

    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(IDENTITY_PROVIDERS_PATH, expect.anything()),
    );
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('opens the popup at the start call with the page to land on and "Remember me"', async () => {
    serveProviders([GOOGLE, ACME]);
    useAppStore.getState().rememberNext('project-list');
    renderSignIn();
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Remember me' }));

    const { open } = await openPopup('Continue with Acme SSO', watchedPopup());

    expect(open).toHaveBeenCalledWith(
      '/api/auth/oidc/generic/start?mode=popup&next=project-list&remember=true',
      'plotline-oidc',
      expect.stringContaining('popup'),
    );
    expect(screen.getByRole('button', { name: 'Waiting for Acme SSO…' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  });

  it.each([
    ['project-list', 'project-list'],
    ['%2Fapp%2Fproject-list%3Fpage%3D2', 'project-list%3Fpage%3D2'],
  ])('keeps /login?next=%s through the provider', async (next, sent) => {
    serveProviders([GOOGLE]);
    renderSignIn(`?next=${next}`);

    const { open } = await openPopup('Continue with Google', watchedPopup());

    expect(open).toHaveBeenCalledWith(
      `/api/auth/oidc/google/start?mode=popup&next=${sent}&remember=false`,
      'plotline-oidc',
      expect.stringContaining('popup'),
    );
    expect(useAppStore.getState().next).toBe(decodeURIComponent(sent));
  });

  it('drops a /login?next= outside the studio', async () => {
    serveProviders([GOOGLE]);
    renderSignIn(`?next=${encodeURIComponent('https://evil.example/')}`);

    const { open } = await openPopup('Continue with Google', watchedPopup());

    expect(open).toHaveBeenCalledWith(
      '/api/auth/oidc/google/start?mode=popup&remember=false',
      'plotline-oidc',
      expect.stringContaining('popup'),
    );
    expect(useAppStore.getState().next).toBeNull();
  });

  it('ignores messages from another origin or another window, then exchanges the right one', async () => {
    const fetch = serveProviders([GOOGLE]);
    renderSignIn();
    const popup = watchedPopup();
    await openPopup('Continue with Google', popup);

    post({ type: OIDC_MESSAGE_TYPE, handoff: 'forged' }, popup, 'https://evil.example');
    post({ type: OIDC_MESSAGE_TYPE, handoff: 'forged' }, watchedPopup());
    post({ type: 'something-else', handoff: 'forged' }, popup);
    expect(fetch.mock.calls.filter(([url]) => url === COMPLETE_OIDC_PATH)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Waiting for Google…' })).toBeInTheDocument();

    post({ type: OIDC_MESSAGE_TYPE, handoff: 'the-handoff' }, popup);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(COMPLETE_OIDC_PATH, expect.anything()));
    const exchange = fetch.mock.calls.find(([url]) => url === COMPLETE_OIDC_PATH);
    expect(JSON.parse(exchange?.[1]?.body as string)).toEqual({ handoff: 'the-handoff' });
  });

  it("shows the popup's error with the provider's name, and the buttons again", async () => {
    serveProviders([GOOGLE, ACME]);
    renderSignIn();
    const popup = watchedPopup();
    await openPopup('Continue with Acme SSO', popup);

    post({ type: OIDC_MESSAGE_TYPE, error: 'unverified_email' }, popup);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Acme SSO has not verified the email of this account: verify it there, or sign in with your password',
    );
    expect(screen.getByRole('button', { name: 'Continue with Acme SSO' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it('closes the popup on Cancel and offers the buttons again', async () => {
    serveProviders([GOOGLE]);
    renderSignIn();
    const popup = watchedPopup();
    const { user } = await openPopup('Continue with Google', popup);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(popup.close).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('goes on in the whole page when the popup is blocked, the tab remembering the sign-in as its own', async () => {
    serveProviders([GOOGLE]);
    renderSignIn();

    await openPopup('Continue with Google', null);

    expect(leavePageFor).toHaveBeenCalledWith(
      '/api/auth/oidc/google/start?mode=page&remember=false',
    );
    expect(takeProviderFlow()).toEqual({ purpose: 'sign-in', back: null });
    expect(
      screen.getByText('The sign-in window was blocked: continuing in this page'),
    ).toBeVisible();
  });

  it("shows the error of a sign-in that finished in the page, with the provider's name", async () => {
    serveProviders([GOOGLE, ACME]);
    renderSignIn('?oidc_error=identity_taken&provider=generic');

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This Acme SSO account is already linked to another user',
      ),
    );
  });

  it('offers the providers for an invitation, passing its token', async () => {
    serveProviders([GOOGLE]);
    renderSignIn('?invite=mail-token');

    const { open } = await openPopup('Continue with Google', watchedPopup());

    expect(screen.getByRole('button', { name: 'Set a password' })).toBeVisible();
    expect(open).toHaveBeenCalledWith(
      '/api/auth/oidc/google/start?mode=popup&remember=false&invite=mail-token',
      'plotline-oidc',
      expect.any(String),
    );
  });

  it('accepts an invitation with a password of its own when the user chooses so', async () => {
    const fetch = serveProviders([GOOGLE]);
    renderSignIn('?invite=mail-token');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Set a password' }));

    // The invitation is opened only now; this token is refused, so the sign-in form says why.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired',
    );
    const invite = fetch.mock.calls.find(([url]) => url === '/api/v1.6/auth/invite');
    expect(JSON.parse(invite?.[1]?.body as string)).toEqual({ t: 'mail-token' });
  });
});
