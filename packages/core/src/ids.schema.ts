import { z } from 'zod';
import { INT4_MAX } from './ids.ts';

/** A whole number the int4 columns can hold, from `min` up; JSON bodies send it as a number. */
export function boundedInt(min: number, max = INT4_MAX) {
  return z.int().min(min).max(max);
}

/**
 * An id in a JSON body: a JSON integer from 1 to INT4_MAX. Never coerced, so `true` or `"42"` is
 * refused instead of being read as project 1 or 42.
 */
export const idSchema = boundedInt(1);

const DECIMAL = /^[0-9]+$/;

/**
 * A number written in a path, a query string or a multipart field, which are text by nature: plain
 * decimal digits only (no sign, spaces, hex or exponent, which `Number()` would accept), then checked
 * by `schema`. The OpenAPI document shows `schema` itself, bounds included.
 */
export function fromDecimal<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value),
    schema,
  );
}

/** An id in a path, a query string or a multipart field. */
export const idParamSchema = fromDecimal(idSchema);
