import { DEFAULT_PER_PAGE } from '@plotline/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** What a back-office list shows: the page, its size, the sort key, the search and the filters. */
export interface ListState<F extends string> {
  /** 1-based. */
  page: number;
  perPage: number;
  /** `field` ascending, `-field` descending, undefined for the server's own order. */
  sort: string | undefined;
  search: string;
  filters: Partial<Record<F, string>>;
  /** A search or a filter narrows the list: an empty one shows 'no matches' rather than 'no data'. */
  filtered: boolean;
}

/** The search, page, page size and sort as every back-office list's query sends them. */
export interface ListQuery {
  search?: string | undefined;
  page: number;
  perPage: number;
  sort?: string | undefined;
}

export interface ListStateActions<F extends string> {
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  /** `field` ascending, `-field` descending, undefined for the server's own order. */
  setSort: (sort: string | undefined) => void;
  setSearch: (search: string) => void;
  /** An empty value or `undefined` removes the filter. */
  setFilter: (name: F, value: string | undefined) => void;
}

interface ListStateOptions<F extends string> {
  /** The names of the list's filters, each kept under its own search parameter. */
  filters?: readonly F[];
  perPage?: number;
}

/** The query of a list's state; an empty search is left out. */
export function listQueryOf(state: ListState<string>): ListQuery {
  return {
    search: state.search || undefined,
    page: state.page,
    perPage: state.perPage,
    sort: state.sort,
  };
}

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/**
 * The headless state of a back-office list, kept in the URL's search parameters so that a reload,
 * a shared link and the back button all show the same page. Any change but paging returns to page 1.
 */
export function useListState<F extends string = never>(
  options: ListStateOptions<F> = {},
): ListState<F> & ListStateActions<F> {
  const [params, setParams] = useSearchParams();
  const defaultPerPage = options.perPage ?? DEFAULT_PER_PAGE;
  const filterNames = options.filters;

  const state = useMemo<ListState<F>>(() => {
    const filters: Partial<Record<F, string>> = {};
    for (const name of filterNames ?? []) {
      const value = params.get(name);
      if (value) filters[name] = value;
    }
    const search = params.get('search') ?? '';
    return {
      page: positiveInt(params.get('page'), 1),
      perPage: positiveInt(params.get('perPage'), defaultPerPage),
      sort: params.get('sort') || undefined,
      search,
      filters,
      filtered: search !== '' || Object.keys(filters).length > 0,
    };
  }, [params, filterNames, defaultPerPage]);

  /** Applies changes to the current parameters; `undefined` or '' removes one. */
  const update = useCallback(
    (changes: Record<string, string | undefined>, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const setPage = useCallback(
    (page: number) => update({ page: page > 1 ? String(page) : undefined }),
    [update],
  );
  const setPerPage = useCallback(
    (perPage: number) =>
      update({
        perPage: perPage === defaultPerPage ? undefined : String(perPage),
        page: undefined,
      }),
    [update, defaultPerPage],
  );
  const setSort = useCallback(
    (sort: string | undefined) => update({ sort, page: undefined }),
    [update],
  );
  // Typing replaces the entry: back should not step through every keystroke.
  const setSearch = useCallback(
    (search: string) => update({ search: search.trim(), page: undefined }, true),
    [update],
  );
  const setFilter = useCallback(
    (name: F, value: string | undefined) => update({ [name]: value, page: undefined }),
    [update],
  );

  return { ...state, setPage, setPerPage, setSort, setSearch, setFilter };
}
