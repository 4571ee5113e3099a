import type { SessionUser } from '@plotline/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/fixtures.ts';
import { renderAt } from '../../../test/render.tsx';
import { SearchBox } from './search-box.tsx';

function renderSearch(user: Partial<SessionUser>) {
  signInAs(user);
  const router = renderAt(<SearchBox />, '/app');
  return { router, user: userEvent.setup() };
}

const optionNames = () =>
  screen.queryAllByRole('option').map((option) => option.querySelector('p')?.textContent);

describe('header search', () => {
  it('suggests at most five entries the user can see', async () => {
    const { user } = renderSearch({ role: 'king' });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'list');
    expect(optionNames()).toEqual([
      'Company List',
      'Users List',
      'Internal Users List',
      'Project List',
      'List',
    ]);
  });

  it('never suggests a page the user has no right to', async () => {
    const { user } = renderSearch({ role: 'analyst' });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'LIST');
    expect(optionNames()).toEqual(['Project List']);
  });

  it('goes to the first suggestion on Enter', async () => {
    const { router, user } = renderSearch({ role: 'administrator', company_type: 'platform' });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'seg{Enter}');
    expect(router.state.location.pathname).toBe('/app/segment');
  });

  it('goes to the suggestion picked with the arrow keys', async () => {
    const { router, user } = renderSearch({ role: 'administrator', company_type: 'platform' });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'project{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/app/project-create');
  });

  it('suggests nothing for blank input', async () => {
    const { user } = renderSearch({ role: 'king' });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), '   ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
