import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
let roots: string;

const APP =
  '<!doctype html><title>Plotline</title><script src="/m/assets/index-Ab12Cd34.js"></script>';
const STUDIO = '<!doctype html><title>Plotline studio</title>';

beforeAll(async () => {
  roots = await mkdtemp(path.join(tmpdir(), 'plotline-app-pages-'));
  const playerRoot = path.join(roots, 'player');
  const appRoot = path.join(playerRoot, 'm');
  const webRoot = path.join(roots, 'web');
  await mkdir(path.join(appRoot, 'assets'), { recursive: true });
  await mkdir(path.join(appRoot, 'icons'));
  await writeFile(path.join(playerRoot, 'index.html'), '<!doctype html><title>player</title>');
  await writeFile(path.join(appRoot, 'index.html'), APP);
  await writeFile(path.join(appRoot, 'assets', 'index-Ab12Cd34.js'), 'start()');
  await writeFile(path.join(appRoot, 'manifest.webmanifest'), '{"name":"Plotline"}');
  await writeFile(path.join(appRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(appRoot, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50]));
  await mkdir(webRoot);
  await writeFile(path.join(webRoot, 'index.html'), STUDIO);
  server = await startTestServer({ playerRoot, webRoot });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(roots, { recursive: true, force: true });
});

const policyOf = (headers: Headers) =>
  Object.fromEntries(
    (headers.get('content-security-policy') ?? '').split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );

describe('the reference app’s pages', () => {
  it('serves its page at /m and at each of its screens, never cached', async () => {
    for (const pathname of [
      '/m',
      '/m/',
      '/m/?platform=android',
      '/m/series/12',
      '/m/p/the-fork',
      '/m/p/the%20fork/',
    ]) {
      const response = await server.request('GET', pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.text, pathname).toBe(APP);
      expect(response.headers.get('content-type'), pathname).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control'), pathname).toBe('no-cache');
    }
  });

  it('serves it with a 404 status at an address it has no screen for: the app says so', async () => {
    for (const pathname of ['/m/nothing', '/m/series/0', '/m/series/x', '/m/p', '/m/p/a/b']) {
      const response = await server.request('GET', pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.text, pathname).toBe(APP);
    }
  });

  it('has the player’s content policy: blob: media and workers, its own scripts only', async () => {
    const policy = policyOf((await server.request('GET', '/m/p/the-fork')).headers);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    expect(policy['media-src']).toEqual(["'self'", 'blob:']);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
  });

  it('serves the web manifest, the service worker and the icons at /m/, asked again each time', async () => {
    const manifest = await server.request('GET', '/m/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const worker = await server.request('GET', '/m/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const icon = await server.request('GET', '/m/icons/icon-192.png');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
  });

  it('serves its fingerprinted files for good', async () => {
    const script = await server.request('GET', '/m/assets/index-Ab12Cd34.js');
    expect(script.status).toBe(200);
    expect(script.text).toBe('start()');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a file that is not there, and for the page asked as a file', async () => {
    for (const pathname of [
      '/m/assets/missing-Zz99Yy88.js',
      '/m/icons/nope.png',
      '/m/index.html',
    ]) {
      const response = await server.request('GET', pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get('content-type'), pathname).toContain('application/json');
    }
    expect((await server.request('POST', '/m/p/the-fork', { body: {} })).status).toBe(404);
    // The studio's pages stay the studio's.
    expect((await server.request('GET', '/app/project-list')).text).toBe(STUDIO);
    expect((await server.request('GET', '/mobile')).text).toBe(STUDIO);
  });
});
