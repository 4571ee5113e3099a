import { OIDC_MESSAGE_TYPE } from '@plotline/core';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_PROVIDERS_PATH } from '../../../api/identity-providers.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { openProviderWindow, type ProviderFlow } from '../../../lib/provider-window.ts';
import { jsonResponse, makeUser } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { renderPage } from '../../../test/render-page.tsx';
import { OidcResultPage } from './oidc-result-page.tsx';

// A test's document cannot leave the page.
vi.mock(import('../../../lib/leave-page.ts'), () => ({ leavePageFor: vi.fn() }));

/** This tab went to the provider itself (its popup blocked), as the sign-in and the drawer do. */
function startedHere(flow: ProviderFlow) {
  vi.spyOn(window, 'open').mockReturnValueOnce(null);
  openProviderWindow('/popup', '/page', flow);
}

function renderResult(search: string) {
  return renderRoutes(
    [
      { path: '/auth/oidc', element: <OidcResultPage /> },
      { path: '*', element: <p>Navigated away</p> },
    ],
    `/auth/oidc${search}`,
  );
}

function openedBy(opener: unknown) {
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
}

afterEach(() => {
  openedBy(null);
});

describe('the provider sign-in result page', () => {
  it('in the popup, hands the handoff to the studio that opened it, and closes', async () => {
    const opener = { location: { origin: window.location.origin }, postMessage: vi.fn() };
    openedBy(opener);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);

    renderResult('?handoff=abc');

    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: OIDC_MESSAGE_TYPE, handoff: 'abc' },
      window.location.origin,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('in the popup, hands on an error as its code, an unknown one as a failure', async () => {
    const opener = { location: { origin: window.location.origin }, postMessage: vi.fn() };
    openedBy(opener);
    vi.spyOn(window, 'close').mockImplementation(() => undefined);

    renderResult('?error=<b>hi</b>&provider=google');

    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith(
        { type: OIDC_MESSAGE_TYPE, error: 'failed' },
        window.location.origin,
      ),
    );
  });

  it('in the popup, hands on the provider a link added', async () => {
    const opener = { location: { origin: window.location.origin }, postMessage: vi.fn() };
    openedBy(opener);
    vi.spyOn(window, 'close').mockImplementation(() => undefined);

    renderResult('?linked=microsoft');

    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith(
        { type: OIDC_MESSAGE_TYPE, linked: 'microsoft' },
        window.location.origin,
      ),
    );
  });

  it('in a whole page, exchanges the handoff, signs in and lands', async () => {
    startedHere({ purpose: 'sign-in', back: null });
    const user = makeUser({ name: null, password: false, identity_providers: ['generic'] });
    const fetch = vi.fn(async () =>
      jsonResponse({ data: { ...user, token: 'oidc-token', next: null, outcome: 'created' } }),
    );
    vi.stubGlobal('fetch', fetch);

    const router = renderResult('?handoff=abc');

    await waitFor(() => expect(router.state.location.pathname).toBe('/create-profile'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(useAppStore.getState()).toMatchObject({ token: 'oidc-token', loggedIn: true });
    expect(useAppStore.getState().user).not.toHaveProperty('outcome');
  });

  it('in a whole page, lands on the page asked for before signing in', async () => {
    startedHere({ purpose: 'sign-in', back: null });
    const user = makeUser({ name: 'Ayu' });
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ data: { ...user, token: 't', next: 'project-list', outcome: 'linked' } }),
    );

    const router = renderResult('?handoff=abc');

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/project-list'));
  });

  it('in a whole page, goes back to sign-in with the error', async () => {
    const router = renderResult('?error=unverified_email&provider=google');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?oidc_error=unverified_email&provider=google');
    expect(screen.getByText('Navigated away')).toBeInTheDocument();
  });

  it('in a whole page, sends a used handoff back to sign-in as a dead link', async () => {
    startedHere({ purpose: 'sign-in', back: null });
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ message: 'This link is invalid or has expired' }, 400),
    );

    const router = renderResult('?handoff=used');

    await waitFor(() => expect(router.state.location.search).toBe('?oidc_error=invalid_link'));
    expect(useAppStore.getState().loggedIn).toBe(false);
  });
});

describe('a handoff this tab did not ask for (a sign-in link made in another browser)', () => {
  it('is not exchanged: back to sign-in with the reason, nobody signed in', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);

    const router = renderResult('?handoff=the-attackers');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?oidc_error=other_browser');
    expect(fetch).not.toHaveBeenCalled();
    expect(useAppStore.getState().loggedIn).toBe(false);
  });

  it('nor once the flow this tab started has been used up', async () => {
    startedHere({ purpose: 'sign-in', back: null });
    const user = makeUser({ name: 'Ayu' });
    const fetch = vi.fn(async () =>
      jsonResponse({ data: { ...user, token: 't', next: null, outcome: 'signed_in' } }),
    );
    vi.stubGlobal('fetch', fetch);
    renderResult('?handoff=mine');
    await waitFor(() => expect(useAppStore.getState().loggedIn).toBe(true));
    useAppStore.getState().signOut();

    const router = renderResult('?handoff=carried-here-later');

    await waitFor(() => expect(router.state.location.search).toBe('?oidc_error=other_browser'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("a link's result in a whole page", () => {
  it('goes back to the page the drawer was on, saying the provider is linked', async () => {
    startedHere({ purpose: 'link', back: '/app/project-list?page=2' });
    vi.stubGlobal('fetch', async (url: string) =>
      url === IDENTITY_PROVIDERS_PATH
        ? jsonResponse({ data: [{ kind: 'generic', name: 'Acme SSO' }] })
        : jsonResponse({ message: 'Not found' }, 404),
    );

    const { router } = renderPage(<OidcResultPage />, '/auth/oidc?linked=generic');

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/project-list'));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('Acme SSO linked: you can now sign in with it')).toBeVisible();
  });
});
