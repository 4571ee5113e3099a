import type { SessionUser } from '@plotline/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/fixtures.ts';
import { GroupedMenu } from './grouped-menu.tsx';

function menuFor(user: Partial<SessionUser>) {
  signInAs(user);
  render(
    <MemoryRouter initialEntries={['/app']}>
      <GroupedMenu />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  return {
    links: within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
    text: nav.textContent ?? '',
  };
}

describe('main menu per role', () => {
  it('shows an analyst the project list but not project add nor management', () => {
    const { links, text } = menuFor({ role: 'analyst', company_type: 'company' });
    expect(links).toEqual(['Dashboard', 'Project List']);
    expect(text).not.toContain('Management');
  });

  it('shows internal staff management and the activity log, without projects', () => {
    const { links, text } = menuFor({ role: 'internal', company_type: null });
    expect(links).toEqual([
      'Dashboard',
      'Company List',
      'Internal Users List',
      'News Sign-ups',
      'List',
    ]);
    expect(text).toContain('Management');
    expect(text).toContain('Activity Log');
    expect(text).not.toContain('Project');
  });

  it('shows a platform administrator App Management', () => {
    const { links } = menuFor({ role: 'administrator', company_type: 'platform' });
    expect(links).toEqual([
      'Dashboard',
      'Users List',
      'Project List',
      'Project Add',
      'Promoted Contents',
      'Segment Management',
    ]);
  });

  it('hides App Management from a company administrator', () => {
    const { links, text } = menuFor({ role: 'administrator', company_type: 'company' });
    expect(links).toEqual(['Dashboard', 'Users List', 'Project List', 'Project Add']);
    expect(text).not.toContain('App Management');
  });

  it('marks the entry of the page being shown', () => {
    signInAs({ role: 'contributor' });
    render(
      <MemoryRouter initialEntries={['/app/project-list/project-detail/12']}>
        <GroupedMenu />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { current: 'page' })).toHaveTextContent('Project List');
  });
});
