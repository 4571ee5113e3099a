import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let roots: string;
let user: { email: string; password: string };
let token: string;

beforeAll(async () => {
  roots = await mkdtemp(path.join(tmpdir(), 'plotline-headers-'));
  const webRoot = path.join(roots, 'web');
  const playerRoot = path.join(roots, 'player');
  await mkdir(webRoot);
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>studio</title>');
  await mkdir(path.join(playerRoot, 'assets'), { recursive: true });
  await writeFile(path.join(playerRoot, 'index.html'), '<!doctype html><title>player</title>');
  await writeFile(path.join(playerRoot, 'assets', 'player-Ab12Cd34.js'), 'mount()');
  server = await startTestServer({ webRoot, playerRoot });
  const poster = path.join(server.blobsDir, 'thumbnails', 'poster.png');
  await mkdir(path.dirname(poster), { recursive: true });
  await writeFile(poster, 'png bytes');
  user = await server.makeUser();
  token = await server.signIn(user);
});
afterAll(async () => {
  await server?.close();
  await rm(roots, { recursive: true, force: true });
});

describe('Cache-Control on API answers', () => {
  it('keeps sign-in, sign-up and the signed-in user out of every cache', async () => {
    const signIn = await server.request('POST', '/api/v1.6/auth/login', {
      body: { username: user.email, password: user.password },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('cache-control')).toBe('no-store');

    const register = await server.request('POST', '/api/user/register', {
      body: { username: 'Ann Lee', email: 'ann.lee@example.com', password: 'Long enough 1!' },
    });
    expect(register.status).toBe(201);
    expect(register.headers.get('cache-control')).toBe('no-store');

    const me = await server.request('GET', '/api/user/me', { token });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps refusals and unknown API paths out of every cache', async () => {
    for (const [status, response] of [
      [401, await server.request('GET', '/api/user/me')],
      [404, await server.request('GET', '/api/no-such-thing')],
      [400, await server.request('POST', '/api/v1.6/auth/login', { body: {} })],
    ] as const) {
      expect(response.status).toBe(status);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('lets a public media file keep its own caching, but not its refusal', async () => {
    const file = await server.request('GET', '/api/media/thumbnails/poster.png');
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const missing = await server.request('GET', '/api/media/thumbnails/missing.png');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves the caching of pages and their files to them', async () => {
    expect((await server.request('GET', '/app')).headers.get('cache-control')).toBe('no-cache');
    const script = await server.request('GET', '/watch/assets/player-Ab12Cd34.js');
    expect(script.headers.get('cache-control')).toContain('immutable');
  });
});

describe('Permissions-Policy', () => {
  const permissionsOf = (headers: Headers) =>
    Object.fromEntries(
      (headers.get('permissions-policy') ?? '')
        .split(',')
        .filter(Boolean)
        .map((entry) => entry.trim().split('=') as [string, string]),
    );

  it.each([
    ['an API answer', '/api/user/me'],
    ['an API refusal', '/api/no-such-thing'],
    ['a studio page', '/app/project-list'],
    ['a player page', '/watch/preview/12'],
    ["the player's script", '/watch/assets/player-Ab12Cd34.js'],
    ['a media file', '/api/media/thumbnails/poster.png'],
  ])('turns off what the product does not use on %s', async (_what, pathname) => {
    const response = await server.request('GET', pathname, { token });
    expect(response.status).toBeLessThan(500);
    const permissions = permissionsOf(response.headers);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(permissions[feature], feature).toBe('()');
    }
    // The player's fullscreen, autoplay and picture-in-picture, the copy buttons' clipboard.
    for (const feature of ['fullscreen', 'autoplay', 'picture-in-picture', 'clipboard-write']) {
      expect(permissions[feature], feature).toBe('(self)');
    }
  });
});

describe('Cross-Origin-Opener-Policy', () => {
  const opener = async (pathname: string) =>
    (await server.request('GET', pathname)).headers.get('cross-origin-opener-policy');

  it('lets the studio keep the identity provider popups it opens', async () => {
    expect(await opener('/login')).toBe('same-origin-allow-popups');
    expect(await opener('/api/user/me')).toBe('same-origin-allow-popups');
  });

  it('keeps the popup joined to its opener on its way back through the studio', async () => {
    expect(await opener('/api/auth/oidc/google/start?mode=popup')).toBe('unsafe-none');
    expect(await opener('/api/auth/oidc/google/callback?error=access_denied')).toBe('unsafe-none');
    expect(await opener('/auth/oidc?handoff=abc')).toBe('unsafe-none');
    expect(await opener('/auth/oidc-lookalike')).toBe('same-origin-allow-popups');
  });
});
