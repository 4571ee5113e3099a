// Writes the OpenAPI document of the current routes to docs/openapi.json. CI regenerates it and fails
// when the committed copy differs, so the document never drifts from the code.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createLocalBlobStore } from '../src/adapters/blob-store.ts';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';

const target = new URL('../../../docs/openapi.json', import.meta.url);

const database = await openDatabase({ dataDir: null });
const { app } = await buildApp({
  database,
  jwtSecret: 'x'.repeat(32),
  webRoot: null,
  publicUrl: 'http://localhost:8080',
  // Never called: the document is built without serving a request.
  mailer: { send: () => Promise.reject(new Error('no mail while writing the OpenAPI document')) },
  blobs: createLocalBlobStore(tmpdir()),
  ffmpeg: {
    probe: () => Promise.reject(new Error('no media work while writing the OpenAPI document')),
    run: () => Promise.reject(new Error('no media work while writing the OpenAPI document')),
  },
  workDir: tmpdir(),
  transcodeWorkers: 0,
});
await app.ready();
await writeFile(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
console.log(`wrote ${target.pathname}`);
