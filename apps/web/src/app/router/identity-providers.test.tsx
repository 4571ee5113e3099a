import { OIDC_MESSAGE_TYPE } from '@plotline/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../lib/app-store.ts';
import { jsonResponse, makeUser } from '../../test/fixtures.ts';
import { fakePopup } from '../../test/popup.ts';
import { renderRoutes } from '../../test/render.tsx';
import { routes } from './routes.tsx';

describe('signing in with an identity provider', () => {
  it("exchanges the popup's handoff, signs in and lands by the landing order", async () => {
    const created = makeUser({ name: null, password: false, identity_providers: ['generic'] });
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/api/auth/oidc/providers') {
        return jsonResponse({ data: [{ kind: 'generic', name: 'Acme SSO' }] });
      }
      if (url === '/api/auth/oidc/complete') {
        return jsonResponse({
          data: { ...created, token: 'oidc-token', next: null, outcome: 'created' },
        });
      }
      return jsonResponse({ data: created });
    });
    vi.stubGlobal('fetch', fetch);
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    const router = renderRoutes(routes, '/login');

    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Continue with Acme SSO' }));
    await vi.dynamicImportSettled();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: OIDC_MESSAGE_TYPE, handoff: 'the-handoff' },
          source: popup,
          origin: window.location.origin,
        }),
      );
    });

    // A provider's account has a way to sign in: no password step, the profile step for the name.
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-profile'));
    expect(useAppStore.getState()).toMatchObject({ token: 'oidc-token', loggedIn: true });
  });
});
