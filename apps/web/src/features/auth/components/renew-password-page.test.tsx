import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { RenewPasswordPage } from './renew-password-page.tsx';

function renderPage(path = '/renew-password?t=reset-token') {
  const router = createMemoryRouter(
    [
      { path: '/renew-password', element: <RenewPasswordPage /> },
      { path: '*', element: <p>Navigated away</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <SnackbarProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SnackbarProvider>,
  );
  return router;
}

async function submitNewPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('New Password'), 'correct horse');
  await user.type(screen.getByLabelText('Retype New Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RenewPasswordPage (the link of a reset mail)', () => {
  it('saves with the token, toasts, signs out and returns to / after 100 ms', async () => {
    signInAs();
    const fetch = vi.fn(async () => jsonResponse({ data: null, message: 'Change saved!' }));
    vi.stubGlobal('fetch', fetch);
    const router = renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), 'correct horse');
    await user.type(screen.getByLabelText('Retype New Password'), 'correct horse');

    // Only the clock of the redirect is faked: user-event waits on real timers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Vitest's waitFor, as the faked clock is Vitest's; interval 0: it would otherwise move that
    // clock on by its polling interval.
    await vi.waitFor(() => expect(useAppStore.getState().loggedIn).toBe(false), { interval: 0 });

    expect(screen.getByText('Change saved!')).toBeInTheDocument();
    expect(useAppStore.getState()).toMatchObject({ token: null, user: null });
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(router.state.location.pathname).toBe('/renew-password');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/');

    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/renew_password');
    expect(JSON.parse(init.body as string)).toEqual({
      t: 'reset-token',
      new_password: 'correct horse',
    });
  });

  it("shows the server's message when it sends one", async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ message: 'This link is invalid or has expired' }, 400),
    );
    renderPage();
    await submitNewPassword(userEvent.setup());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired',
    );
  });

  it('falls back to the something-went-wrong text when the server sends none', async () => {
    vi.stubGlobal('fetch', async () => new Response('Bad Gateway', { status: 502 }));
    const router = renderPage();
    await submitNewPassword(userEvent.setup());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Oops.. Something went wrong on our server :(',
    );
    expect(router.state.location.pathname).toBe('/renew-password');
  });

  it('says the link is invalid and keeps the form shut without a token', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderPage('/renew-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is invalid or has expired');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByLabelText('New Password')).toBeDisabled();
  });
});
