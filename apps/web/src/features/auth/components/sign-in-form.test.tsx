import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { jsonResponse, makeUser } from '../../../test/fixtures.ts';
import { SignInForm } from './sign-in-form.tsx';

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SignInForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('SignInForm', () => {
  it('shows Required under both empty fields and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = renderForm();

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rejects an address without a proper domain', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = renderForm();

    await user.type(screen.getByLabelText('Email'), 'ayu@plotline');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
  });

  it("shows the server's message in a banner that can be dismissed", async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ message: 'Wrong email or password' }, 401));
    const user = renderForm();

    await user.type(screen.getByLabelText('Email'), 'ayu@plotline.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Wrong email or password');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(useAppStore.getState().loggedIn).toBe(false);
  });

  it('signs in with the trimmed email as username and remember: true when ticked', async () => {
    const fetch = vi.fn(async () => jsonResponse({ data: { ...makeUser(), token: 'fresh' } }));
    vi.stubGlobal('fetch', fetch);
    const user = renderForm();

    await user.type(screen.getByLabelText('Email'), ' ayu@plotline.test ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(useAppStore.getState().token).toBe('fresh'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1.6/auth/login');
    expect(JSON.parse(init.body as string)).toEqual({
      username: 'ayu@plotline.test',
      password: 'correct horse',
      remember: true,
    });
    expect(useAppStore.getState()).toMatchObject({ loggedIn: true, user: { name: 'Ayu Lestari' } });
  });

  it('reveals the password on request', async () => {
    const user = renderForm();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show characters' }));
    expect(password).toHaveAttribute('type', 'text');
  });
});
