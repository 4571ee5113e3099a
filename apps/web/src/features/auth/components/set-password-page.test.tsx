import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { SetPasswordPage } from './set-password-page.tsx';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/reset-password', element: <SetPasswordPage /> },
      { path: '*', element: <p>Navigated away</p> },
    ],
    { initialEntries: ['/reset-password'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const save = () => screen.getByRole('button', { name: 'Save' });

describe('SetPasswordPage (an invited user sets a first password)', () => {
  it('keeps Save disabled while the password is empty, too short or not retyped alike', async () => {
    signInAs({ password: false, name: null });
    const { user } = renderPage();
    expect(save()).toBeDisabled();

    await user.type(screen.getByLabelText('New Password'), 'short');
    expect(await screen.findByText('Please Input Minimum 8 Character')).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await user.type(screen.getByLabelText('New Password'), '-but-long-now');
    expect(screen.queryByText('Please Input Minimum 8 Character')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Retype New Password'), 'short-but-long');
    expect(await screen.findByText('Password did not match!')).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await user.type(screen.getByLabelText('Retype New Password'), '-now');
    await waitFor(() => expect(save()).toBeEnabled());
    expect(screen.queryByText('Password did not match!')).not.toBeInTheDocument();
  });

  it('checks the retype again when the first password changes after it', async () => {
    signInAs({ password: false, name: null });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('New Password'), 'abcdefgh');
    await user.type(screen.getByLabelText('Retype New Password'), 'abcdefgh');
    await waitFor(() => expect(save()).toBeEnabled());

    await user.type(screen.getByLabelText('New Password'), 'i');
    expect(await screen.findByText('Password did not match!')).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('sends the password for this user, stores the answer and goes on to create the profile', async () => {
    const me = signInAs({ password: false, name: null });
    const fetch = vi.fn(async () => jsonResponse({ data: { ...me, password: true } }));
    vi.stubGlobal('fetch', fetch);
    const { router, user } = renderPage();

    await user.type(screen.getByLabelText('New Password'), 'correct horse');
    await user.type(screen.getByLabelText('Retype New Password'), 'correct horse');
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/create-profile'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/new_password');
    expect(JSON.parse(init.body as string)).toEqual({
      user_id: me.id,
      new_password: 'correct horse',
    });
    expect(useAppStore.getState().user?.password).toBe(true);
  });

  it('goes straight to the dashboard when the account already has a name', async () => {
    const me = signInAs({ password: false, name: 'Ayu Lestari' });
    vi.stubGlobal('fetch', async () => jsonResponse({ data: { ...me, password: true } }));
    const { router, user } = renderPage();

    await user.type(screen.getByLabelText('New Password'), 'correct horse');
    await user.type(screen.getByLabelText('Retype New Password'), 'correct horse');
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });

  it("shows the server's refusal in a banner and stays", async () => {
    signInAs({ password: false, name: null });
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ message: 'This account already has a password' }, 409),
    );
    const { router, user } = renderPage();

    await user.type(screen.getByLabelText('New Password'), 'correct horse');
    await user.type(screen.getByLabelText('Retype New Password'), 'correct horse');
    await user.click(save());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account already has a password',
    );
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
