/** The back-office lists' paging and sorting. */

export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;

/** A sort key split into its field and direction. */
export function parseSort(
  sort: string | undefined,
  fallback: string,
): { field: string; descending: boolean } {
  const key = sort ?? fallback;
  return key.startsWith('-')
    ? { field: key.slice(1), descending: true }
    : { field: key, descending: false };
}

export interface Page<T> {
  rows: T[];
  total: number;
}
