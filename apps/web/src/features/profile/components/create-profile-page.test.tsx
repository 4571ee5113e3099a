import { MESSAGES } from '@plotline/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { installFakeXhr } from '../../../test/fake-xhr.ts';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderAt } from '../../../test/render.tsx';
import { CreateProfilePage } from './create-profile-page.tsx';

function renderPage() {
  const router = renderAt(<CreateProfilePage />, '/create-profile');
  return { router, user: userEvent.setup() };
}

describe('CreateProfilePage', () => {
  it("names the company for a company's own superadmin and saves it through company/profile", async () => {
    const me = signInAs({ role: 'superadmin', company_type: 'company', name: null });
    const fetch = vi.fn(async () => jsonResponse({ data: { ...me, name: 'Lumen Films' } }));
    vi.stubGlobal('fetch', fetch);
    const { router, user } = renderPage();

    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Company Name'), 'Lumen Films');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/company/profile');
    expect(JSON.parse(init.body as string)).toEqual({ user_id: me.id, name: 'Lumen Films' });
    expect(useAppStore.getState().user?.name).toBe('Lumen Films');
  });

  it('asks anyone else for their full name and saves it through user/profile', async () => {
    const me = signInAs({ role: 'contributor', company_type: 'company', name: null });
    const fetch = vi.fn(async () => jsonResponse({ data: { ...me, name: 'Ayu Lestari' } }));
    vi.stubGlobal('fetch', fetch);
    const { router, user } = renderPage();

    expect(screen.queryByLabelText('Company Name')).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Full Name'), '  Ayu Lestari ');
    await user.click(save);

    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/profile');
    expect(JSON.parse(init.body as string)).toEqual({ user_id: me.id, full_name: 'Ayu Lestari' });
  });

  it('refuses a file that is not an image before sending it', async () => {
    signInAs({ name: null });
    const requests = installFakeXhr();
    renderAt(<CreateProfilePage />, '/create-profile');
    // A file dialog can be told to show every file; the page must still refuse it.
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(
      screen.getByLabelText('Upload avatar'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.avatarNotImage);
    expect(requests).toHaveLength(0);
  });
});
