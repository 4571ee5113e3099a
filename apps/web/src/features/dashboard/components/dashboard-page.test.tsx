import type { Dashboard } from '@plotline/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const NOTHING: Dashboard = {
  projects: null,
  views: null,
  companies: null,
  recent_activity: null,
  last_draft: null,
};

function stub(dashboard: Partial<Dashboard>) {
  return stubApi({
    'GET /api/dashboard': () => jsonResponse({ data: { ...NOTHING, ...dashboard } }),
  });
}

describe('DashboardPage', () => {
  it('shows a clickable tile per visible part, shortened to K and M', async () => {
    signInAs({ role: 'administrator', name: 'Ayu' });
    stub({
      projects: { total: 1500, published: 1000, drafts: 500 },
      views: { views: 2_345_678, completions: 12, days: [] },
    });
    renderPage(<DashboardPage />, '/app');

    expect(screen.getByRole('heading', { name: 'Welcome back, Ayu' })).toBeInTheDocument();
    const tiles = await screen.findByRole('region', { name: 'Your studio in numbers' });
    expect(within(tiles).getByRole('link', { name: /Projects\s*1,5K/ })).toHaveAttribute(
      'href',
      '/app/project-list',
    );
    expect(within(tiles).getByRole('link', { name: /Published\s*1\.000$/ })).toBeInTheDocument();
    expect(within(tiles).getByRole('link', { name: /Drafts\s*500/ })).toHaveAttribute(
      'href',
      '/app/project-draft',
    );
    expect(
      within(tiles).getByRole('link', { name: /Views \(30 days\)\s*2,3M/ }),
    ).toBeInTheDocument();
    expect(within(tiles).queryByRole('link', { name: /Companies/ })).not.toBeInTheDocument();
  });

  it('shows the companies tile to internal staff only when the server sends it', async () => {
    signInAs({ role: 'internal', company_type: null });
    stub({ companies: { total: 42, active: 40 } });
    renderPage(<DashboardPage />, '/app');
    const tiles = await screen.findByRole('region', { name: 'Your studio in numbers' });
    expect(within(tiles).getByRole('link', { name: /Companies\s*42/ })).toHaveAttribute(
      'href',
      '/app/company-list',
    );
    expect(within(tiles).queryByRole('link', { name: /Projects/ })).not.toBeInTheDocument();
  });

  it('lists recent activity with who did it', async () => {
    signInAs();
    stub({
      recent_activity: [
        {
          id: 1,
          actor_id: 3,
          actor_name: 'Budi',
          actor_email: 'budi@plotline.test',
          company_id: 1,
          company_name: 'Acme',
          action: 'project.published',
          entity_type: 'project',
          entity_id: '5',
          summary: 'Published “The forest”',
          ip: null,
          created_at: new Date(Date.now() - 3 * 3600 * 1000).toISOString(),
        },
      ],
    });
    renderPage(<DashboardPage />, '/app');
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    expect(within(list).getByText('Published “The forest”')).toBeInTheDocument();
    expect(within(list).getByText(/Budi/)).toBeInTheDocument();
    expect(within(list).getByText('3 hours ago')).toBeInTheDocument();
  });

  it('offers New project and Continue last draft to whom may add projects', async () => {
    signInAs({ role: 'contributor' });
    stub({ last_draft: { movieId: 8, title: 'Night train', updated_at: '2026-01-01T00:00:00Z' } });
    renderPage(<DashboardPage />, '/app');
    expect(await screen.findByRole('link', { name: 'Continue “Night train”' })).toHaveAttribute(
      'href',
      '/app/project-create/8',
    );
    expect(screen.getByRole('link', { name: 'New project' })).toHaveAttribute(
      'href',
      '/app/project-create',
    );
  });

  it('greets a user with no rights and shows no counters or actions', async () => {
    signInAs({ role: 'analyst', name: 'Sari' });
    const api = stub({});
    renderPage(<DashboardPage />, '/app');
    expect(screen.getByRole('heading', { name: 'Welcome back, Sari' })).toBeInTheDocument();
    await screen.findByText('Analyst');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.to('GET', '/api/dashboard')).toHaveLength(1);
    expect(
      screen.queryByRole('region', { name: 'Your studio in numbers' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New project' })).not.toBeInTheDocument();
  });
});
