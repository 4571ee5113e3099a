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

let pgliteDump: Promise<Blob> | undefined;

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
 * A migrated, empty database of its own, copied from the run's template: an in-memory PGlite, or,
 * when TEST_DATABASE_URL is set, a fresh database on that PostgreSQL server, dropped again on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = await runTemplate();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (template?.kind !== 'pglite') {
      const database = await openDatabase({ dataDir: null });
      await database.migrate();
      return database;
    }
    pgliteDump ??= readFile(template.dumpFile).then((bytes) => new Blob([bytes]));
    return pgliteDatabase(new PGlite({ loadDataDir: await pgliteDump }));
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
