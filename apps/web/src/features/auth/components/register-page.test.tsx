import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { jsonResponse, makeUser } from '../../../test/fixtures.ts';
import { fakePopup } from '../../../test/popup.ts';
import { renderAt } from '../../../test/render.tsx';
import { IDENTITY_PROVIDERS_PATH } from '../../../api/identity-providers.ts';
import { RegisterPage } from './register-page.tsx';

function renderPage() {
  renderAt(<RegisterPage />, '/register');
  return userEvent.setup();
}

/** What the form sent: the page also asks for the identity providers on every visit. */
function formCalls(fetch: Mock) {
  return fetch.mock.calls.filter(([url]) => url !== IDENTITY_PROVIDERS_PATH);
}

const submit = () => screen.getByRole('button', { name: 'Register' });

describe('RegisterPage', () => {
  it('asks for every field and the terms, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = renderPage();

    await user.click(submit());

    // Username, email, password and the terms checkbox.
    expect(await screen.findAllByText('Required')).toHaveLength(4);
    expect(formCalls(fetch)).toEqual([]);
  });

  it('shows the email and length messages', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = renderPage();

    await user.type(screen.getByLabelText('Email'), 'ayu@plotline');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(submit());
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Please Input Minimum 8 Character')).toBeInTheDocument();
  });

  it('says when the retyped password differs', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = renderPage();

    await user.type(screen.getByLabelText('Username'), 'Ayu');
    await user.type(screen.getByLabelText('Email'), 'ayu@plotline.test');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Retype Password'), 'correct horses');
    await user.click(screen.getByRole('checkbox', { name: /terms/ }));
    await user.click(submit());

    expect(await screen.findByText('Passwords dont match')).toBeInTheDocument();
    expect(formCalls(fetch)).toEqual([]);
  });

  it('says so as soon as the retype differs, before anything else is filled in', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = renderPage();
    const mismatch = () => screen.queryByText('Passwords dont match');

    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Retype Password'), 'correct');
    expect(await screen.findByText('Passwords dont match')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Retype Password'), ' horse');
    await waitFor(() => expect(mismatch()).not.toBeInTheDocument());

    await user.type(screen.getByLabelText('Password'), '!');
    expect(await screen.findByText('Passwords dont match')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '{Backspace}');
    await waitFor(() => expect(mismatch()).not.toBeInTheDocument());

    // Nothing else was checked on the way, and nothing was sent.
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    expect(formCalls(fetch)).toEqual([]);
  });

  it('says so for a pasted retype, and not under a retype left empty', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = renderPage();

    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.tab();
    await user.tab();
    expect(screen.queryByText('Passwords dont match')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Retype Password'));
    await user.paste('correct horse battery');
    await user.tab();
    expect(await screen.findByText('Passwords dont match')).toBeInTheDocument();
  });

  it('links the terms in a new tab and sign-in', () => {
    renderPage();
    const terms = screen.getByRole('link', { name: /terms/i });
    expect(terms).toHaveAttribute('href', '/terms-conditions');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('checkbox', { name: /terms/ })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('sends the username, the trimmed email and the password only, then signs in', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse({ data: { ...makeUser({ name: 'Ayu' }), token: 'new-token' } }, 201),
    );
    vi.stubGlobal('fetch', fetch);
    const user = renderPage();

    await user.type(screen.getByLabelText('Username'), 'Ayu');
    await user.type(screen.getByLabelText('Email'), ' ayu@plotline.test ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Retype Password'), 'correct horse');
    await user.click(screen.getByRole('checkbox', { name: /terms/ }));
    await user.click(submit());

    await waitFor(() => expect(useAppStore.getState().token).toBe('new-token'));
    const [url, init] = formCalls(fetch)[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/register');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      username: 'Ayu',
      email: 'ayu@plotline.test',
      password: 'correct horse',
    });
  });

  it("shows the server's refusal in the error banner", async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ message: 'This email is already in use' }, 409),
    );
    const user = renderPage();

    await user.type(screen.getByLabelText('Username'), 'Ayu');
    await user.type(screen.getByLabelText('Email'), 'ayu@plotline.test');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Retype Password'), 'correct horse');
    await user.click(screen.getByRole('checkbox', { name: /terms/ }));
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already in use');
    expect(useAppStore.getState().loggedIn).toBe(false);
  });

  it('signs up with a provider only once the terms are accepted', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url === IDENTITY_PROVIDERS_PATH
        ? jsonResponse({ data: [{ kind: 'google', name: 'Google' }] })
        : jsonResponse({}, 500),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(fakePopup());
    const user = renderPage();
    const google = await screen.findByRole('button', { name: 'Continue with Google' });

    await user.click(google);
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: /terms/ }));
    await user.click(google);
    expect(open).toHaveBeenCalledWith(
      expect.stringContaining('/api/auth/oidc/google/start'),
      'plotline-oidc',
      expect.any(String),
    );
  });
});
