import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteDatabase, type DatabaseHandle } from '../db/database.ts';
import {
  databaseUrl,
  waitUntilUnused,
  withAdmin,
  type DatabaseTemplate,
} from './database-template.ts';
import { refuseInSmallTier } from './test-tier.ts';

/**
 * The run's template, made by the server tests' global setup; none outside Vitest (the benches
 * start test servers too), where each database is migrated as it is made. Vitest is imported only
 * inside a run: loading it anywhere else throws.
 */
async function runTemplate(): Promise<DatabaseTemplate | null> {
  if (!process.env.VITEST) return null;
  const { inject } = await import('vitest');
  return inject('databaseTemplate');
}

/**
 * A migrated, empty database of its own, copied from the run's template: a PGlite, or, when
 * TEST_DATABASE_URL is set, a fresh database on that PostgreSQL server, dropped again on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  refuseInSmallTier('a database');
  const template = await runTemplate();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (template?.kind !== 'pglite') {
      const database = await openDatabase({ dataDir: null });
      await database.migrate();
      return database;
    }
    return takePglite(template.dumpFile);
  }

  const name = `plotline_test_${randomBytes(6).toString('hex')}`;
  const copied = template?.kind === 'postgres';
  await withAdmin(serverUrl, (admin) =>
    admin.query(`CREATE DATABASE ${name}${copied ? ` TEMPLATE ${template.name}` : ''}`),
  );
  const database = await openDatabase({ url: databaseUrl(serverUrl, name), dataDir: null });
  if (!copied) await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(serverUrl, async (admin) => {
        await waitUntilUnused(admin, name);
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      });
    },
  };
}

/*
 * A test worker keeps the PGlite instances its test servers are done with: starting one from the
 * template's dump takes 1.5–4 s on a busy two-core machine, emptying one takes milliseconds. A test
 * server hands its database back when it closes (releaseTestDatabase), and the worker's next
 * openTestDatabase, in the same file or a later one (its files share its modules), empties and
 * takes it; only databases open at the same time start instances of their own.
 */
let pgliteDump: Promise<Blob> | undefined;
const idle: PGlite[] = [];
const poolable = new WeakMap<DatabaseHandle, PGlite>();

async function takePglite(dumpFile: string): Promise<DatabaseHandle> {
  let client = idle.pop();
  if (client) await emptied(client);
  else {
    pgliteDump ??= readFile(dumpFile).then((bytes) => new Blob([bytes]));
    client = new PGlite({ loadDataDir: await pgliteDump });
  }
  const database = pgliteDatabase(client);
  poolable.set(database, client);
  return database;
}

/**
 * Done with a database of openTestDatabase's: a PGlite goes back to the worker's pool, anything
 * else is closed. A test about a database going away calls `close` instead.
 */
export async function releaseTestDatabase(database: DatabaseHandle): Promise<void> {
  const client = poolable.get(database);
  if (!client || client.closed) return database.close();
  poolable.delete(database);
  idle.push(client);
}

/**
 * Back to the template's state: a transaction a failed test left open rolled back, every row of
 * ours gone with identities restarted, and pg-boss's schema dropped (the job queue makes it again
 * when it starts). No test changes the structure of our tables, so their rows are all that differs.
 */
async function emptied(client: PGlite): Promise<void> {
  await client.exec(`
    ROLLBACK;
    DO $$
    DECLARE tables text;
    BEGIN
      SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') INTO tables
        FROM pg_tables WHERE schemaname = 'public';
      IF tables IS NOT NULL THEN
        EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY CASCADE';
      END IF;
    END $$;
    DROP SCHEMA IF EXISTS pgboss CASCADE;
  `);
}

/**
 * The same database through a connection of its own, as another server process would open it: a
 * new pool on PostgreSQL; on PGlite, which one process holds, the same client, left open on close.
 */
export async function connectAgain(database: DatabaseHandle): Promise<DatabaseHandle> {
  const { queueConnection } = database;
  if ('connectionString' in queueConnection) {
    return openDatabase({ url: queueConnection.connectionString, dataDir: null });
  }
  return { ...database, close: async () => {} };
}
