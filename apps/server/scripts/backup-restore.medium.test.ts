import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, expect, inject, it } from 'vitest';
import { createLocalBlobStore } from '../src/adapters/blob-store.ts';
import {
  openDatabase,
  pgliteDatabase,
  pgliteDirectory,
  type DatabaseHandle,
} from '../src/db/database.ts';
import { movieContents } from '../src/db/schema/index.ts';
import { withAdmin } from '../src/test/database-template.ts';
import { openTestDatabase } from '../src/test/test-database.ts';
import { projectCallers, projectFactories } from '../src/test/test-projects.ts';
import { startTestServer } from '../src/test/test-server.ts';

const run = promisify(execFile);
const SCRIPTS = fileURLToPath(new URL('../../../scripts/', import.meta.url));
const SLUG = 'kept-safe';

const dataDir = await mkdtemp(path.join(tmpdir(), 'plotline-backup-data-'));
const backupDir = path.join(await mkdtemp(path.join(tmpdir(), 'plotline-backup-')), 'backup');
const blobsDir = path.join(dataDir, 'blobs');
/** On PostgreSQL (npm run test:pg), a database of its own; else PGlite in DATA_DIR/pgdata. */
const postgres = process.env.TEST_DATABASE_URL ? await openTestDatabase() : null;
const databaseUrl =
  postgres && 'connectionString' in postgres.queueConnection
    ? postgres.queueConnection.connectionString
    : undefined;

afterAll(async () => {
  await postgres?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(path.dirname(backupDir), { recursive: true, force: true });
});

/** The database as the server would open it: this test's PostgreSQL one, or PGlite in DATA_DIR. */
async function openData(): Promise<DatabaseHandle> {
  if (databaseUrl) return openDatabase({ url: databaseUrl, dataDir: null });
  const template = inject('databaseTemplate');
  if (template.kind !== 'pglite') throw new Error('expected the PGlite template');
  const dump = new Blob([await readFile(template.dumpFile)]);
  return pgliteDatabase(new PGlite(pgliteDirectory(dataDir), { loadDataDir: dump }));
}

function script(name: 'backup.sh' | 'restore.sh', folder = backupDir) {
  const env = { ...process.env, DATA_DIR: dataDir } as Record<string, string | undefined>;
  delete env.DATABASE_URL;
  delete env.S3_BUCKET;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return run('bash', [path.join(SCRIPTS, name), folder], { env });
}

/** The published story as a viewer gets it: its watch answer and the bytes of each media file. */
async function watchStory(server: Awaited<ReturnType<typeof startTestServer>>) {
  const watch = await server.request<{ data: unknown }>('GET', `/api/watch/${SLUG}`);
  expect(watch.status).toBe(200);
  const urls = [...new Set(watch.text.match(/\/api\/media\/[A-Za-z0-9._/-]+/g))].sort();
  const files: Record<string, string> = {};
  for (const url of urls) {
    const response = await fetch(server.baseUrl + url);
    expect(response.status, url).toBe(200);
    files[url] = createHash('sha256')
      .update(Buffer.from(await response.arrayBuffer()))
      .digest('hex');
  }
  return { data: watch.body.data, files };
}

it('backs up, and after the data is wiped restores, a published story that still plays', async () => {
  const before = await (async () => {
    const database = await openData();
    const server = await startTestServer({ database, blobsDir });
    const make = await projectFactories(server);
    try {
      const { owner } = await projectCallers(server);
      const story = await make.makeStory(owner.token, SLUG);
      // makeStory's clips are rows without renditions: give them files, as a transcode would.
      const blobs = createLocalBlobStore(blobsDir);
      const items = await server.db
        .select({ hls: movieContents.hlsKey, poster: movieContents.thumbnailKey })
        .from(movieContents)
        .where(eq(movieContents.movieId, story.movieId));
      for (const { hls, poster } of items) {
        await blobs.put(hls!, Buffer.from(`#EXTM3U\n# ${hls}\n`));
        await blobs.put(poster!, Buffer.from(`poster of ${hls}`));
      }
      await make.publish(owner.token, story.movieId);
      return await watchStory(server);
    } finally {
      await server.close();
      await make.cleanUp();
    }
  })();
  // Subtitles, thumbnails, the banner image and the clips' playlists and posters.
  expect(Object.keys(before.files).length).toBeGreaterThanOrEqual(8);

  await script('backup.sh');

  // Wiped: the database and the media folder are gone.
  await rm(blobsDir, { recursive: true });
  if (postgres && databaseUrl) {
    const name = new URL(databaseUrl).pathname.slice(1);
    await withAdmin(process.env.TEST_DATABASE_URL!, async (admin) => {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    });
  } else {
    await rm(pgliteDirectory(dataDir), { recursive: true });
  }

  await script('restore.sh');

  const database = databaseUrl
    ? await openDatabase({ url: databaseUrl, dataDir: null })
    : await openDatabase({ dataDir: pgliteDirectory(dataDir) });
  const server = await startTestServer({ database, blobsDir });
  try {
    const after = await watchStory(server);
    expect(after).toEqual(before);
  } finally {
    await server.close();
  }
  // Loading the migrated template into a data folder on disk takes seconds on a busy machine.
}, 120_000);

it('refuses to back up into a folder that is not empty', async () => {
  const folder = path.join(path.dirname(backupDir), 'not-empty');
  await mkdir(folder);
  await writeFile(path.join(folder, 'an-older-backup'), '');
  await expect(script('backup.sh', folder)).rejects.toMatchObject({
    stderr: expect.stringContaining('is not empty'),
  });
});
