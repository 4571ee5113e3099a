import { z } from 'zod';
import { boundedInt, fromDecimal } from './ids.schema.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './paging.ts';

/** A list's 1-based page and page size, as a query string carries them. */
export const pageParamSchema = fromDecimal(boundedInt(1)).default(1);
export const perPageParamSchema = fromDecimal(boundedInt(1, MAX_PER_PAGE)).default(
  DEFAULT_PER_PAGE,
);

/**
 * The query of every back-office list: free-text search, a 1-based page, its size, and a sort key
 * out of the list's own sortable fields (`name` ascending, `-name` descending).
 */
export function listQuerySchema(sortable: readonly [string, ...string[]]) {
  const sortKeys = sortable.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return z.object({
    search: z.string().trim().max(200).optional(),
    page: pageParamSchema,
    perPage: perPageParamSchema,
    sort: z.enum(sortKeys).optional(),
  });
}

/** One page of a list: its rows and how many match in all. */
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int().min(0) });
}
