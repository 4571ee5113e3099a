import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteDatabase } from '../db/database.ts';

/**
 * A migrated, empty database that every test database of a run starts as, made once by the server
 * tests' global setup: applying the migrations took seconds per database, a copy takes a fraction.
 * On PGlite a dump of its data folder; on PostgreSQL a database used as the template of the others.
 */
export type DatabaseTemplate =
  { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; serverUrl: string; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** Makes the run's template (see DatabaseTemplate), and what removes it after the run. */
export async function makeDatabaseTemplate(): Promise<{
  template: DatabaseTemplate;
  remove: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = new PGlite();
    await pgliteDatabase(client).migrate();
    const folder = await mkdtemp(path.join(tmpdir(), 'plotline-template-'));
    const dumpFile = path.join(folder, 'migrated.tar');
    await writeFile(dumpFile, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await client.close();
    return {
      template: { kind: 'pglite', dumpFile },
      remove: () => rm(folder, { recursive: true, force: true }),
    };
  }

  const name = `plotline_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const database = await openDatabase({ url: databaseUrl(serverUrl, name), dataDir: null });
  await database.migrate();
  await database.close();
  // A template must have no connection left when a database is made from it.
  await withAdmin(serverUrl, (admin) => waitUntilUnused(admin, name));
  return {
    template: { kind: 'postgres', serverUrl, name },
    remove: () =>
      withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Waits for the connections to `name` to end: pg's pool.end() resolves before its connections are
 * closed, and a connection that DROP … WITH (FORCE) terminates while idle raises an error nobody
 * listens for.
 */
export async function waitUntilUnused(admin: pg.Client, name: string): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    const { rows } = await admin.query<{ open: number }>(
      'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]!.open === 0) return;
    await delay(20);
  }
}

export async function withAdmin(
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
