import { rm, writeFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import { startTestServer } from '../../test/test-server.ts';
import { checkReadiness } from './health.service.ts';

describe('GET /api/health and /api/ready', async () => {
  const server = await startTestServer();
  afterAll(() => server.close());

  it('answers live, and ready with every part ok', async () => {
    const live = await server.request('GET', '/api/health');
    expect(live.status).toBe(200);
    const ready = await server.request('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      data: { status: 'ready', parts: { database: 'ok', blobStore: 'ok', queue: 'ok' } },
    });
  });

  it('answers 503 naming the blob store when it cannot be written to, and ready again once it can', async () => {
    // A file where the store's folder should be: the store cannot make or write it.
    await rm(server.blobsDir, { recursive: true, force: true });
    await writeFile(server.blobsDir, 'not a folder');
    const response = await server.request('GET', '/api/ready');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      message: 'Not ready: blobStore',
      data: { status: 'not-ready', parts: { database: 'ok', blobStore: 'failed', queue: 'ok' } },
    });
    // Liveness does not depend on the store: a restart would not mend it.
    expect((await server.request('GET', '/api/health')).status).toBe(200);

    await rm(server.blobsDir);
    expect((await server.request('GET', '/api/ready')).status).toBe(200);
  });
});

describe('GET /api/ready with the database gone', () => {
  it('answers 503 naming the database', async () => {
    const database = await openTestDatabase();
    const server = await startTestServer({ database });
    try {
      await database.close();
      const response = await server.request<{ message: string; data: { parts: object } }>(
        'GET',
        '/api/ready',
      );
      expect(response.status).toBe(503);
      expect(response.body.message).toMatch(/^Not ready: database/);
      expect(response.body.data.parts).toMatchObject({ database: 'failed', blobStore: 'ok' });
    } finally {
      await server.close().catch(() => {});
    }
  });
});

describe('checkReadiness', () => {
  it('reports a part that does not answer within the timeout, and why, without waiting for it', async () => {
    const failures: string[] = [];
    const started = performance.now();
    const readiness = await checkReadiness(
      {
        database: () => Promise.resolve(),
        blobStore: () => new Promise(() => {}),
        queue: () => Promise.reject(new Error('connection refused')),
      },
      (part, error) => failures.push(`${part}: ${(error as Error).message}`),
      50,
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(readiness).toEqual({
      ready: false,
      parts: { database: 'ok', blobStore: 'timeout', queue: 'failed' },
    });
    expect(failures.sort()).toEqual([
      'blobStore: no answer within 50 ms',
      'queue: connection refused',
    ]);
  });
});
