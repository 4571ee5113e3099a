import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './database.ts';

/**
 * The rows of a hand-written query, for what the query builder says less clearly (unions,
 * aggregates over a join). Drizzle types `execute()` loosely; both drivers answer `{ rows }`.
 * Timestamps are best selected with `isoText`: the drivers parse them differently.
 */
export async function selectRows<Row>(tx: Executor, query: SQL): Promise<Row[]> {
  const result = (await tx.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A timestamptz as `Date.prototype.toISOString()` writes it, whichever driver reads it. */
export const isoText = (timestamp: SQL) =>
  sql<string>`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
