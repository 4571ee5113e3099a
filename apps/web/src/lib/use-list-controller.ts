import type { Page } from '@plotline/core';
import { useErrorToast } from './use-error-toast.ts';
import type { ListState, ListStateActions } from './use-list-state.ts';

/** The part of a list query's result (TanStack Query's) that a list reads. */
export interface ListQueryResult<Row> {
  data?: Page<Row> | undefined;
  isFetching: boolean;
  error: Error | null;
}

/** What a list's view (the data table, the pager) shows and calls back, whatever draws it. */
export interface ListControls<Row> {
  rows: Row[] | undefined;
  loading: boolean;
  total: number;
  page: number;
  perPage: number;
  sort: string | undefined;
  onSort: (sort: string) => void;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/**
 * Binds a list's state (kept in the URL by `useListState`) to the answer of its query: the rows,
 * the total and the loading flag for the view, the state's setters as its callbacks, and a failed
 * query's message as an error toast. The view stays free of where its rows come from.
 */
export function useListController<Row, F extends string>(
  list: ListState<F> & ListStateActions<F>,
  query: ListQueryResult<Row>,
): ListControls<Row> {
  useErrorToast(query.error);
  return {
    rows: query.data?.rows,
    loading: query.isFetching,
    total: query.data?.total ?? 0,
    page: list.page,
    perPage: list.perPage,
    sort: list.sort,
    onSort: list.setSort,
    onPage: list.setPage,
    onPerPage: list.setPerPage,
  };
}
