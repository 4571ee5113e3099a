import { AVATAR_MAX_BYTES, MESSAGES } from '@plotline/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { installFakeXhr } from '../../../test/fake-xhr.ts';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { ProfileDrawer } from './profile-drawer.tsx';

function renderDrawer() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <SnackbarProvider>
      <QueryClientProvider client={queryClient}>
        <ProfileDrawer open onClose={() => undefined} />
      </QueryClientProvider>
    </SnackbarProvider>,
  );
  return { user: userEvent.setup(), drawer: screen.getByRole('dialog', { name: 'Profile' }) };
}

/** What the drawer sent, leaving out its reads (the providers one may link). */
function sentBy(fetch: { mock: { calls: unknown[][] } }) {
  return (fetch.mock.calls as [string, RequestInit | undefined][])
    .filter(([, init]) => init?.body !== undefined)
    .map(([url, init]) => ({ url, body: JSON.parse(init!.body as string) as unknown }));
}

beforeEach(() => {
  // The drawer previews a picked image with an object URL, stood in for here.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ProfileDrawer', () => {
  it('shows the profile read-only until Edit is pressed', async () => {
    signInAs({ name: 'Ayu Lestari', email: 'ayu@plotline.test', role: 'administrator' });
    const { user, drawer } = renderDrawer();

    expect(within(drawer).getByText('Ayu Lestari')).toBeInTheDocument();
    expect(within(drawer).getByText('ayu@plotline.test')).toBeInTheDocument();
    expect(within(drawer).getByText('Administrator')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(drawer).queryByLabelText('Upload avatar')).not.toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));
    expect(within(drawer).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Full Name')).toHaveValue('Ayu Lestari');
    expect(within(drawer).getByLabelText('Email')).toHaveAttribute('readonly');
  });

  it('reveals the password change on focus and saves both, then returns to view mode', async () => {
    const me = signInAs({ name: 'Ayu Lestari', role: 'contributor' });
    const fetch = vi.fn(async (url: string) =>
      url === '/api/user/reset_password'
        ? jsonResponse({ data: null, message: 'Change saved!' })
        : jsonResponse({ data: { ...me, name: 'Ayu L.' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const { user, drawer } = renderDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));

    expect(within(drawer).queryByLabelText('New Password')).not.toBeInTheDocument();
    await user.click(within(drawer).getByLabelText('Password'));
    expect(within(drawer).getByLabelText('Current password')).toHaveFocus();

    await user.clear(within(drawer).getByLabelText('Full Name'));
    await user.type(within(drawer).getByLabelText('Full Name'), 'Ayu L.');
    await user.type(within(drawer).getByLabelText('Current password'), 'old secret');
    await user.type(within(drawer).getByLabelText('New Password'), 'new secret');
    await user.type(within(drawer).getByLabelText('Retype New Password'), 'new secret');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Change saved!')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(drawer).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument(),
    );
    expect(sentBy(fetch)).toEqual([
      {
        url: '/api/user/reset_password',
        body: { user_id: me.id, current_password: 'old secret', password: 'new secret' },
      },
      { url: '/api/user/profile', body: { user_id: me.id, full_name: 'Ayu L.' } },
    ]);
    expect(useAppStore.getState().user?.name).toBe('Ayu L.');
  });

  it('saves only the name when no new password is typed', async () => {
    const me = signInAs({ role: 'superadmin', company_type: 'company', name: 'Lumen' });
    const fetch = vi.fn(async () => jsonResponse({ data: me }));
    vi.stubGlobal('fetch', fetch);
    const { user, drawer } = renderDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Change saved!')).toBeInTheDocument();
    expect(sentBy(fetch)).toEqual([
      { url: '/api/company/profile', body: { user_id: me.id, name: 'Lumen' } },
    ]);
  });

  it('checks the new password as it is typed and asks for the current one', async () => {
    signInAs();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user, drawer } = renderDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));
    await user.click(within(drawer).getByLabelText('Password'));
    await user.type(within(drawer).getByLabelText('New Password'), 'short');

    expect(await within(drawer).findByText('Please Input Minimum 8 Character')).toBeVisible();
    expect(within(drawer).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.type(within(drawer).getByLabelText('New Password'), '-but-long');
    await user.type(within(drawer).getByLabelText('Retype New Password'), 'short-but-long');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Required')).toBeVisible();
    expect(sentBy(fetch)).toEqual([]);
  });

  it("toasts the server's refusal and stays in edit mode", async () => {
    signInAs();
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ message: 'The current password is wrong' }, 400),
    );
    const { user, drawer } = renderDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));
    await user.click(within(drawer).getByLabelText('Password'));
    await user.type(within(drawer).getByLabelText('Current password'), 'wrong one');
    await user.type(within(drawer).getByLabelText('New Password'), 'new secret');
    await user.type(within(drawer).getByLabelText('Retype New Password'), 'new secret');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('uploads an avatar with a progress bar that hides 500 ms after it is done', async () => {
    signInAs({ avatar: null });
    const requests = installFakeXhr();
    const { user, drawer } = renderDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));
    await user.upload(
      within(drawer).getByLabelText('Upload avatar'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );

    const [request] = requests;
    expect(request?.url).toBe('/api/upload/avatar');
    expect((request?.body as FormData).get('uploads')).toBeInstanceOf(File);
    act(() => request?.progress(40, 100));
    expect(within(drawer).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => request?.respond(200, { data: { avatar: '/api/media/avatars/me.png' } }));
    await vi.waitFor(
      () => expect(useAppStore.getState().user?.avatar).toBe('/api/media/avatars/me.png'),
      { interval: 0 },
    );
    expect(within(drawer).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(within(drawer).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('reports a refused or oversized avatar in the drawer banner and resets the upload', async () => {
    signInAs();
    const requests = installFakeXhr();
    const { user, drawer } = renderDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));

    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: AVATAR_MAX_BYTES + 1 });
    await user.upload(within(drawer).getByLabelText('Upload avatar'), huge);
    expect(within(drawer).getByRole('alert')).toHaveTextContent(MESSAGES.avatarTooLarge);
    expect(requests).toHaveLength(0);

    await user.upload(
      within(drawer).getByLabelText('Upload avatar'),
      new File(['gif?'], 'fake.png', { type: 'image/png' }),
    );
    act(() => requests[0]?.respond(400, { message: MESSAGES.avatarNotImage }));
    expect(await within(drawer).findByText(MESSAGES.avatarNotImage)).toBeInTheDocument();
    expect(within(drawer).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(drawer).getByLabelText('Upload avatar')).toBeEnabled();
  });
});
