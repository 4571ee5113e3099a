import { screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '../../../lib/api-client.ts';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { MaintenanceGate } from './maintenance-gate.tsx';

const REFUSAL = { message: 'Plotline is under maintenance. Please try again later.' };

describe('MaintenanceGate', () => {
  it('sends a signed-in user to /maintenance once a call is refused with 503', async () => {
    signInAs({ role: 'administrator' });
    let on = false;
    const api = stubApi({
      'GET /api/maintenance': () => jsonResponse({ data: { on, message: '', forced: false } }),
      'PUT /api/user/guide': () => jsonResponse(REFUSAL, 503),
    });
    const { router } = renderPage(<MaintenanceGate />, '/app/project-list');
    await waitFor(() => expect(api.to('GET', '/api/maintenance')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/app/project-list');

    // The root user switches it on meanwhile; the user's next write is refused.
    on = true;
    await expect(
      apiRequest('/api/user/guide', { method: 'PUT', schema: z.unknown() }),
    ).rejects.toMatchObject({ status: 503, message: REFUSAL.message });
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance'));
  });

  it('sends a signed-in user to /maintenance when the server says it is on', async () => {
    signInAs({ role: 'contributor' });
    stubApi({
      'GET /api/maintenance': () =>
        jsonResponse({ data: { on: true, message: '', forced: false } }),
    });
    const { router } = renderPage(<MaintenanceGate />, '/app');
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance'));
  });

  it('keeps the root user working, under a banner with the switch', async () => {
    signInAs({ role: 'king', company_type: null });
    stubApi({
      'GET /api/maintenance': () =>
        jsonResponse({ data: { on: true, message: 'Back at ten.', forced: false } }),
    });
    const { router } = renderPage(<MaintenanceGate />, '/app');
    expect(await screen.findByText('Maintenance mode is on')).toBeInTheDocument();
    expect(screen.getByText('Shown to users: \u2068Back at ten.\u2069')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch off…' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
  });

  it('shows nothing while maintenance is off', async () => {
    signInAs({ role: 'king', company_type: null });
    const api = stubApi({
      'GET /api/maintenance': () =>
        jsonResponse({ data: { on: false, message: '', forced: false } }),
    });
    renderPage(<MaintenanceGate />, '/app');
    await waitFor(() => expect(api.to('GET', '/api/maintenance')).toHaveLength(1));
    expect(screen.queryByText('Maintenance mode is on')).not.toBeInTheDocument();
  });
});
