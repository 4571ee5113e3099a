import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, pgliteDatabase, type DatabaseHandle } from '../db/database.ts';
import { databaseUrl, waitUntilUnused, withAdmin } from './database-template.ts';

let pgliteDump: Promise<Blob> | undefined;

/**
 * A migrated, empty database of its own, copied from the run's template: an in-memory PGlite, or,
 * when TEST_DATABASE_URL is set, a fresh database on that PostgreSQL server, dropped again on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    pgliteDump ??= readFile(template.dumpFile).then((bytes) => new Blob([bytes]));
    const client = new PGlite({ loadDataDir: await pgliteDump });
    return pgliteDatabase(client);
  }

  const { serverUrl } = template;
  const name = `plotline_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) =>
    admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.name}`),
  );
  const database = await openDatabase({ url: databaseUrl(serverUrl, name), dataDir: null });
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
