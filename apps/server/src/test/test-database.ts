import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';

/**
 * A migrated, empty database of its own: an in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a fresh database on that PostgreSQL server, dropped again on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null });
    await database.migrate();
    return database;
  }

  const name = `plotline_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(serverUrl, async (admin) => {
        // pg's pool.end() resolves before its connections are closed, and a connection that
        // DROP … WITH (FORCE) terminates while idle raises an error nobody listens for.
        for (let tries = 0; tries < 100; tries += 1) {
          const { rows } = await admin.query<{ open: number }>(
            'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0]!.open === 0) break;
          await delay(20);
        }
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

async function withAdmin(
  url: string,
  work: (client: pg.Client) => Promise<unknown>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
