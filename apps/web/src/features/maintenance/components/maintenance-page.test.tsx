import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { MaintenancePage } from './maintenance-page.tsx';

const state =
  (on: boolean, message = '') =>
  () =>
    jsonResponse({ data: { on, message, forced: false } });

describe('MaintenancePage', () => {
  it("shows the operator's message, and the root user's way in", async () => {
    stubApi({ 'GET /api/maintenance': state(true, 'Back at ten, with faster uploads.') });
    renderPage(<MaintenancePage />, '/maintenance');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Under maintenance' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Back at ten, with faster uploads.')).toBeInTheDocument();
    expect(screen.getByText(/Published stories keep playing/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Operator sign-in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('shows the default message when the operator wrote none, in the chosen language', async () => {
    stubApi({ 'GET /api/maintenance': state(true) });
    renderPage(<MaintenancePage />, '/maintenance');
    expect(
      await screen.findByText('Plotline is under maintenance. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('notices when maintenance is over and leads a signed-in user back to the studio', async () => {
    signInAs({ role: 'contributor' });
    let on = true;
    const api = stubApi({ 'GET /api/maintenance': () => state(on)() });
    const { user } = renderPage(<MaintenancePage />, '/maintenance');
    expect(await screen.findByText(/under maintenance\. Please/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Operator sign-in' })).not.toBeInTheDocument();

    on = false;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByRole('heading', { name: 'Plotline is running again' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/app');
    expect(api.to('GET', '/api/maintenance').length).toBe(2);
  });
});
