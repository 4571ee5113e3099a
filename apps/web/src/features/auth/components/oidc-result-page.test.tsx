import { OIDC_MESSAGE_TYPE } from '@plotline/core';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { jsonResponse, makeUser } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { OidcResultPage } from './oidc-result-page.tsx';

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

  it('in a whole page, exchanges the handoff, signs in and lands', async () => {
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
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ message: 'This link is invalid or has expired' }, 400),
    );

    const router = renderResult('?handoff=used');

    await waitFor(() => expect(router.state.location.search).toBe('?oidc_error=invalid_link'));
    expect(useAppStore.getState().loggedIn).toBe(false);
  });
});
