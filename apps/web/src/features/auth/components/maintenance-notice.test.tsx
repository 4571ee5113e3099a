import { MESSAGES } from '@plotline/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IDENTITY_PROVIDERS_PATH } from '../../../api/identity-providers.ts';
import { MAINTENANCE_PATH } from '../../../api/maintenance.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { SignInPage } from './sign-in-page.tsx';

function serveMaintenance(state: { on: boolean; message: string }) {
  return stubApi({
    [`GET ${MAINTENANCE_PATH}`]: () => jsonResponse({ data: { ...state, forced: false } }),
    [`GET ${IDENTITY_PROVIDERS_PATH}`]: () => jsonResponse({ data: [] }),
  });
}

describe('the sign-in screen during maintenance', () => {
  it("shows the operator's message above the form, which stays usable for the root user", async () => {
    serveMaintenance({ on: true, message: 'Back at 6 with the new player' });
    renderPage(<SignInPage />, '/login');

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      'Back at 6 with the new player Only the operator can sign in until it is over.',
    );
    const email = screen.getByLabelText('Email');
    expect(notice.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(email).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('says the default message when the operator left none', async () => {
    serveMaintenance({ on: true, message: '' });
    renderPage(<SignInPage />, '/login');

    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.underMaintenance);
  });

  it('says nothing while maintenance is off', async () => {
    const api = serveMaintenance({ on: false, message: 'stale' });
    renderPage(<SignInPage />, '/login');

    await waitFor(() =>
      expect(api.calls.some(({ url }) => url.pathname === MAINTENANCE_PATH)).toBe(true),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('stale')).not.toBeInTheDocument();
  });
});
