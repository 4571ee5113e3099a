import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../lib/app-store.ts';
import { jsonResponse, makeUser } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { routes } from './routes.tsx';

const invited = makeUser({ name: null, password: false, role: 'contributor' });

describe('the invitation link /login?invite=TOKEN', () => {
  it('exchanges the token once, signs in and goes on to set a password', async () => {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url === '/api/v1.6/auth/invite'
        ? jsonResponse({ data: { ...invited, token: 'invited-token' } })
        : jsonResponse({ data: invited }),
    );
    vi.stubGlobal('fetch', fetch);
    const router = renderRoutes(routes, '/login?invite=mail-token');

    expect(await screen.findByText('Opening your invitation…')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument();
    expect(useAppStore.getState()).toMatchObject({ token: 'invited-token', loggedIn: true });
    const inviteCalls = fetch.mock.calls.filter(([url]) => url === '/api/v1.6/auth/invite');
    expect(inviteCalls).toHaveLength(1);
    expect(JSON.parse(inviteCalls[0]?.[1]?.body as string)).toEqual({ t: 'mail-token' });
  });

  it("shows the sign-in form with the server's reason when the link is refused", async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ message: 'This link is invalid or has expired' }, 400),
    );
    renderRoutes(routes, '/?invite=used-token');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link is invalid or has expired');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(useAppStore.getState().loggedIn).toBe(false);
  });
});
