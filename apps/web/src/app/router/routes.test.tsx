import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../lib/app-store.ts';
import { jsonResponse, makeProject, makeUser, signInAs } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { routes } from './routes.tsx';

/** The server confirms whatever session the test signed in with. */
function serverKnows(user = useAppStore.getState().user) {
  vi.stubGlobal('fetch', async () => jsonResponse({ data: user }));
}

describe('route guards', () => {
  it('sends a signed-out visitor of an /app page to sign-in and remembers the page', async () => {
    const router = renderRoutes(routes, '/app/project-list/series/3');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useAppStore.getState().next).toBe('project-list/series/3');
  });

  it('shows the not-found page, without the frame, to a user lacking the right', async () => {
    signInAs({ role: 'analyst' });
    serverKnows();
    renderRoutes(routes, '/app/company-list');

    expect(await screen.findByText('Oops, page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/app');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('opens a page the user has the right to inside the frame', async () => {
    const user = signInAs({ role: 'analyst' });
    vi.stubGlobal('fetch', async (path: string) =>
      jsonResponse({
        data: path === '/api/movie/42' ? makeProject({ movieId: 42, title: 'Night train' }) : user,
      }),
    );
    renderRoutes(routes, '/app/project-list/project-detail/42');

    expect(await screen.findByRole('heading', { name: 'Project Detail' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Night train' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('opens the project wizard to a user who may add projects', async () => {
    signInAs({ role: 'contributor' });
    serverKnows();
    renderRoutes(routes, '/app/project-create');

    expect(await screen.findByRole('heading', { name: 'Project Create' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Project info' })).toBeInTheDocument();
  });

  it('answers an unknown /app path with the not-found page', async () => {
    signInAs({ role: 'king' });
    serverKnows();
    renderRoutes(routes, '/app/no-such-page');
    expect(await screen.findByText('Oops, page not found')).toBeInTheDocument();
  });

  it('takes a stored session from / to the dashboard', async () => {
    signInAs({ role: 'contributor' });
    serverKnows();
    const router = renderRoutes(routes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });

  it('after sign-in follows the remembered page once, then forgets it', async () => {
    useAppStore.getState().rememberNext('project-list');
    const router = renderRoutes(routes, '/');
    await screen.findByRole('heading', { name: 'Sign in' });

    useAppStore.getState().signIn({ ...makeUser({ role: 'analyst' }), token: 't' });
    serverKnows();

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/project-list'));
    await waitFor(() => expect(useAppStore.getState().next).toBeNull());
  });

  it('signs out and returns to sign-in when the server refuses the stored token', async () => {
    signInAs({ role: 'king' });
    vi.stubGlobal('fetch', async () => jsonResponse({ message: 'Session revoked' }, 401));
    const router = renderRoutes(routes, '/app/dashboard');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useAppStore.getState()).toMatchObject({ loggedIn: false, next: null });
  });
});
