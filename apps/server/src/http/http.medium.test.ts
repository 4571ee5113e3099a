import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicAccess } from './access.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let webRoot: string;
const INDEX = '<!doctype html><title>Plotline studio</title><div id="root"></div>';

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'plotline-web-'));
  await writeFile(path.join(webRoot, 'index.html'), INDEX);
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'assets', 'app-1a2b.js'), 'console.log("app")');
  server = await startTestServer({
    webRoot,
    routes(app) {
      app.get('/api/test/explode', { config: { access: publicAccess } }, () => {
        throw new Error('secret internals at /srv/app.ts:42');
      });
    },
  });
});
afterAll(async () => {
  await server.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('reports the database it reached', async () => {
    const response = await server.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: { status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
    });
  });
});

describe('the studio web app', () => {
  it.each(['/', '/app', '/app/project-list/project-detail/12', '/login?next=x'])(
    'answers %s with the app',
    async (pathname) => {
      const response = await server.request('GET', pathname);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.text).toBe(INDEX);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('sends a content security policy that keeps the studio to its own origin', async () => {
    const response = await server.request('GET', '/app');
    const policy = response.headers.get('content-security-policy');
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves fingerprinted assets to be cached for good', async () => {
    const response = await server.request('GET', '/assets/app-1a2b.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('answers unknown /api paths with 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await server.request(method, '/api/no-such-thing');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Not found' });
    }
  });

  it('answers a missing asset with 404, not with the app', async () => {
    const response = await server.request('POST', '/app/project-list');
    expect(response.status).toBe(404);
  });
});

describe('errors', () => {
  it('answers 500 without a stack trace or the error text', async () => {
    const response = await server.request('GET', '/api/test/explode');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ message: 'Internal server error' });
    expect(response.text).not.toContain('secret internals');
  });

  it('answers 415 for a body of a type the API does not take', async () => {
    const response = await server.request('POST', '/api/v1.6/auth/login', {
      rawBody: 'username=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ message: expect.stringContaining('Unsupported Media Type') });
  });

  it('answers 400 for a plain-text body where an object is expected', async () => {
    const response = await server.request('POST', '/api/v1.6/auth/login', {
      rawBody: 'username=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: expect.stringContaining('expected object') });
  });
});

describe('the OpenAPI document', () => {
  it('is served with its UI at /api/docs', async () => {
    const ui = await server.request('GET', '/api/docs/');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');

    const document = await server.request<{ paths: Record<string, unknown> }>(
      'GET',
      '/api/docs/json',
    );
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/v1.6/auth/login',
        '/api/v1.6/auth/logout',
        '/api/user/me',
      ]),
    );
  });
});
