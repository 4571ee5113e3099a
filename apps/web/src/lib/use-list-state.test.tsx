import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { listQueryOf, useListState } from './use-list-state.ts';

function setup(url = '/list') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  const { result } = renderHook(
    () => ({ list: useListState({ filters: ['companyId'] }), location: useLocation() }),
    { wrapper },
  );
  return {
    list: () => result.current.list,
    query: () => new URLSearchParams(result.current.location.search),
  };
}

describe('useListState', () => {
  it('starts on page 1 with 10 rows, no sort, no search and no filters', () => {
    const { list, query } = setup();
    expect(list()).toMatchObject({
      page: 1,
      perPage: 10,
      sort: undefined,
      search: '',
      filters: {},
      filtered: false,
    });
    expect(query().toString()).toBe('');
  });

  it('reads a shared or reloaded URL, ignoring a page number that is not one', () => {
    const { list } = setup('/list?page=3&perPage=25&sort=-name&search=acme&companyId=4&other=1');
    expect(list()).toMatchObject({
      page: 3,
      perPage: 25,
      sort: '-name',
      search: 'acme',
      filters: { companyId: '4' },
    });
    expect(setup('/list?page=abc').list().page).toBe(1);
    expect(setup('/list?page=-2').list().page).toBe(1);
  });

  it('writes the page and sort into the query string, back to page 1 on a new sort', () => {
    const { list, query } = setup();
    act(() => list().setPage(3));
    expect(query().get('page')).toBe('3');
    expect(list().page).toBe(3);

    act(() => list().setSort('-created_at'));
    expect(query().get('sort')).toBe('-created_at');
    expect(query().has('page')).toBe(false);
    expect(list()).toMatchObject({ page: 1, sort: '-created_at' });
  });

  it('keeps the trimmed search and restarts paging; an empty search leaves the URL', () => {
    const { list, query } = setup('/list?page=4&sort=name');
    act(() => list().setSearch('  acme  '));
    expect(query().get('search')).toBe('acme');
    expect(query().has('page')).toBe(false);
    expect(query().get('sort')).toBe('name');

    act(() => list().setSearch(''));
    expect(query().has('search')).toBe(false);
  });

  it('sets and removes filters, and a new page size restarts on page 1', () => {
    const { list, query } = setup('/list?page=2');
    act(() => list().setFilter('companyId', '9'));
    expect(query().get('companyId')).toBe('9');
    expect(list().filters).toEqual({ companyId: '9' });
    expect(list().page).toBe(1);

    act(() => list().setPage(2));
    act(() => list().setPerPage(50));
    expect(query().get('perPage')).toBe('50');
    expect(query().has('page')).toBe(false);

    act(() => list().setFilter('companyId', undefined));
    expect(list().filters).toEqual({});
    expect(query().has('companyId')).toBe(false);
  });

  it('counts a search or any filter as narrowing the list', () => {
    expect(setup('/list?search=acme').list().filtered).toBe(true);
    expect(setup('/list?companyId=4').list().filtered).toBe(true);
    expect(setup('/list?page=2&sort=name&other=1').list().filtered).toBe(false);
  });

  it("gives a list's query its search, page, size and sort, leaving an empty search out", () => {
    expect(listQueryOf(setup('/list?page=2&perPage=25&sort=-name&search=acme').list())).toEqual({
      search: 'acme',
      page: 2,
      perPage: 25,
      sort: '-name',
    });
    expect(listQueryOf(setup('/list').list())).toEqual({
      search: undefined,
      page: 1,
      perPage: 10,
      sort: undefined,
    });
  });
});
