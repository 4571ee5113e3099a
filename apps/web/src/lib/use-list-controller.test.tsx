import type { Page } from '@plotline/core';
import { act, renderHook, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListController, type ListQueryResult } from './use-list-controller.ts';
import { useListState } from './use-list-state.ts';

interface Row {
  id: number;
}

function setup(url: string, initial: ListQueryResult<Row>) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SnackbarProvider>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </SnackbarProvider>
  );
  const { result, rerender } = renderHook(
    (query: ListQueryResult<Row>) => ({
      controls: useListController(useListState(), query),
      location: useLocation(),
    }),
    { wrapper, initialProps: initial },
  );
  return {
    controls: () => result.current.controls,
    params: () => new URLSearchParams(result.current.location.search),
    answer: (query: ListQueryResult<Row>) => rerender(query),
  };
}

const page: Page<Row> = { rows: [{ id: 1 }, { id: 2 }], total: 42 };

describe('useListController', () => {
  it('gives the view the rows and total of the query and the page and sort of the URL', () => {
    const { controls } = setup('/list?page=2&perPage=25&sort=-name', {
      data: page,
      isFetching: false,
      error: null,
    });
    expect(controls()).toMatchObject({
      rows: page.rows,
      total: 42,
      loading: false,
      page: 2,
      perPage: 25,
      sort: '-name',
    });
  });

  it('has no rows and a total of 0 before the first answer, and is loading meanwhile', () => {
    const { controls } = setup('/list', { data: undefined, isFetching: true, error: null });
    expect(controls()).toMatchObject({ rows: undefined, total: 0, loading: true, page: 1 });
  });

  it("calls back into the list's state: paging, page size and sort land in the URL", () => {
    const { controls, params } = setup('/list', { data: page, isFetching: false, error: null });
    act(() => controls().onPage(3));
    expect(params().get('page')).toBe('3');
    expect(controls().page).toBe(3);

    act(() => controls().onSort('created_at'));
    expect(params().get('sort')).toBe('created_at');
    expect(controls().page).toBe(1);

    act(() => controls().onPerPage(50));
    expect(params().get('perPage')).toBe('50');
    expect(controls().perPage).toBe(50);
  });

  it("shows a failed query's message as an error toast", async () => {
    const { answer } = setup('/list', { data: undefined, isFetching: true, error: null });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    answer({ data: undefined, isFetching: false, error: new Error('Company not found') });
    expect(await screen.findByText('Company not found')).toBeInTheDocument();
  });
});
