import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { MaintenanceCard } from './maintenance-card.tsx';

/** A server holding the switch, which answers PUT as the API does. */
function stubSwitch(initial = { on: false, message: '', forced: false }) {
  let current = initial;
  return stubApi({
    'GET /api/maintenance': () => jsonResponse({ data: current }),
    'PUT /api/maintenance': ({ body }) => {
      const update = body as { on: boolean; message?: string };
      current = { ...current, on: update.on, message: update.message ?? current.message };
      return jsonResponse({ data: current });
    },
  });
}

describe('MaintenanceCard', () => {
  it('lets the root user switch maintenance on with a message, after confirming', async () => {
    signInAs({ role: 'king', company_type: null });
    const api = stubSwitch();
    const { user } = renderPage(<MaintenanceCard />, '/app');

    const card = await screen.findByRole('region', { name: 'Maintenance mode' });
    expect(await within(card).findByText('Off')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Switch on…' }));

    const dialog = screen.getByRole('dialog', { name: 'Switch maintenance mode on?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), ' Back at ten. ');
    await user.click(within(dialog).getByRole('button', { name: 'Switch on' }));

    await waitFor(() => expect(api.to('PUT', '/api/maintenance')).toHaveLength(1));
    expect(api.to('PUT', '/api/maintenance')[0]!.body).toEqual({
      on: true,
      message: 'Back at ten.',
    });
    expect(await within(card).findByText('On')).toBeInTheDocument();
    expect(await screen.findByText('Maintenance mode is on')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Switch off…' }));
    const off = screen.getByRole('dialog', { name: 'Switch maintenance mode off?' });
    await user.click(within(off).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(api.to('PUT', '/api/maintenance')).toHaveLength(2));
    expect(api.to('PUT', '/api/maintenance')[1]!.body).toEqual({ on: false });
    expect(await within(card).findByText('Off')).toBeInTheDocument();
  });

  it('refuses a message over 500 characters without calling the API', async () => {
    signInAs({ role: 'king', company_type: null });
    const api = stubSwitch();
    const { user } = renderPage(<MaintenanceCard />, '/app');
    await user.click(await screen.findByRole('button', { name: 'Switch on…' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.click(field);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Switch on' }));
    expect(
      await within(dialog).findByText('The maintenance message can have at most 500 characters'),
    ).toBeInTheDocument();
    expect(api.to('PUT', '/api/maintenance')).toHaveLength(0);
  });

  it("offers no switch off while the server's MAINTENANCE holds it on", async () => {
    signInAs({ role: 'king', company_type: null });
    stubSwitch({ on: true, message: '', forced: true });
    renderPage(<MaintenanceCard />, '/app');
    expect(await screen.findByText(/holds maintenance on/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit message' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch off…' })).not.toBeInTheDocument();
  });

  it('shows nothing to anyone but the root user', async () => {
    signInAs({ role: 'internal', company_type: null });
    const api = stubSwitch();
    renderPage(<MaintenanceCard />, '/app');
    expect(screen.queryByRole('region', { name: 'Maintenance mode' })).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
