import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderAt } from '../../../test/render.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

describe('ForgotPasswordPage', () => {
  it('sends the email and shows the reply code as the sent message, with a way back', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse({ data: null, message: 'LINK.PASSWORD_RESET.SENT' }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt(<ForgotPasswordPage />, '/forgot-password');
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email'), 'ayu@plotline.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText("Reset link has been sent to Your'e email")).toBeInTheDocument();
    expect(screen.queryByText('LINK.PASSWORD_RESET.SENT')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/forgot_password');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'ayu@plotline.test' });
  });

  it('checks the address before asking', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAt(<ForgotPasswordPage />, '/forgot-password');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
