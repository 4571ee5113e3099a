import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** What a repository function runs on: the database, or a transaction the caller opened. */
export type Executor = Database | Transaction;

/** How the job queue reaches the same database: PGlite's one in-process client, or a server. */
export type QueueConnection = { pglite: PGlite } | { connectionString: string };

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  queueConnection: QueueConnection;
  /** Applies the committed migrations that have not run yet. Safe to call from many processes at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

// Beside this file in the source tree, and copied beside the bundle by scripts/build.mjs.
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
// Any fixed number: it names the lock that serialises migrations across processes.
const MIGRATION_LOCK_ID = 7_140_911;

const options = { schema, casing: 'snake_case' } as const;

/** PostgreSQL at `url`, else an embedded PGlite under `dataDir` (in memory when `dataDir` is null). */
export async function openDatabase(source: {
  url?: string | undefined;
  dataDir: string | null;
}): Promise<DatabaseHandle> {
  if (source.url) return openPostgres(source.url);
  if (source.dataDir) await mkdir(source.dataDir, { recursive: true });
  return pgliteDatabase(new PGlite(source.dataDir ?? undefined));
}

/** A database on a PGlite the caller made (tests start one from a dump of a migrated one). */
export function pgliteDatabase(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, options);
  return {
    db,
    kind: 'pglite',
    queueConnection: { pglite: client },
    // PGlite belongs to this one process, so there is nobody to race.
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url });
  // A server that ends an idle connection (restart, failover) must not end this process: the pool
  // drops that client, and the next query opens another.
  pool.on('error', () => {});
  const db = drizzlePg(pool, options);
  return {
    db,
    kind: 'postgres',
    queueConnection: { connectionString: url },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, options), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}
