import {
  PROJECT_LIST_DEFAULT_SORT,
  PROJECT_LIST_KINDS,
  PROJECT_LIST_SORTABLE,
  PROJECT_STATUSES,
  VIEW_MODES,
  type ProjectListQuery,
  type ProjectStatus,
} from '@plotline/core';
import type { ListState } from '../../../lib/use-list-state.ts';

/** The list's filters, each under its own search parameter. */
export const PROJECT_FILTERS = ['status', 'type', 'orientation'] as const;
export type ProjectFilter = (typeof PROJECT_FILTERS)[number];

export const FILTER_VALUES = {
  status: PROJECT_STATUSES,
  type: PROJECT_LIST_KINDS,
  orientation: VIEW_MODES,
} as const satisfies Record<ProjectFilter, readonly string[]>;

/** How the rows are laid out; kept in the URL (`?layout=grid`) so a reload or a shared link keeps it. */
export const LIST_LAYOUTS = ['table', 'grid'] as const;
export type ListLayout = (typeof LIST_LAYOUTS)[number];

export function parseLayout(value: string | null): ListLayout {
  return value === 'grid' ? 'grid' : 'table';
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** A sort key the API accepts, else the default (newest change first). */
export function effectiveSort(sort: string | undefined): string {
  const field = sort?.replace(/^-/, '');
  return PROJECT_LIST_SORTABLE.some((sortable) => sortable === field)
    ? (sort as string)
    : PROJECT_LIST_DEFAULT_SORT;
}

/**
 * The query of `GET /api/movie` from the list's URL state. Values the API does not know (an edited
 * address) are left out rather than sent to be refused; the drafts page fixes the status.
 */
export function projectListQuery(
  list: ListState<ProjectFilter>,
  fixedStatus?: ProjectStatus,
): ProjectListQuery {
  return {
    search: list.search || undefined,
    status: fixedStatus ?? oneOf(FILTER_VALUES.status, list.filters.status),
    type: oneOf(FILTER_VALUES.type, list.filters.type),
    orientation: oneOf(FILTER_VALUES.orientation, list.filters.orientation),
    page: list.page,
    perPage: list.perPage,
    sort: effectiveSort(list.sort),
  };
}

/** The wizard with a series chosen in step 1, for a new episode of it. */
export const addEpisodeAddress = (seriesId: number) => `/app/project-create?series=${seriesId}`;
export const projectDetailAddress = (movieId: number) =>
  `/app/project-list/project-detail/${movieId}`;
export const projectEditAddress = (movieId: number) =>
  `/app/project-list/project-detail/edit/${movieId}`;
export const seriesAddress = (seriesId: number) => `/app/project-list/series/${seriesId}`;
