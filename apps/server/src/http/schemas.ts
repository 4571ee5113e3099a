import { z } from 'zod';

/** Every reply is `{ data }` (the client reads response.data.data). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** Every error is `{ message }`. */
export const messageSchema = z.object({ message: z.string() }).meta({ id: 'ErrorMessage' });

/** The error replies a route can give, for its OpenAPI entry. */
export function errors(...statuses: number[]): Record<number, typeof messageSchema> {
  return Object.fromEntries(statuses.map((status) => [status, messageSchema]));
}
