import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startProjectTests,
  type projectFactories,
  type ProjectCaller,
} from '../../test/test-projects.ts';
import type { TestServer } from '../../test/test-server.ts';

type Factories = Awaited<ReturnType<typeof projectFactories>>;

let server: TestServer;
let make: Factories;
let owner: ProjectCaller;
let close: () => Promise<void>;
let roots: string;

const PLAYER =
  '<!doctype html><title>Plotline player</title><script src="/watch/assets/player-Ab12Cd34.js"></script>';
const STUDIO = '<!doctype html><title>Plotline studio</title>';

beforeAll(async () => {
  roots = await mkdtemp(path.join(tmpdir(), 'plotline-player-'));
  const playerRoot = path.join(roots, 'player');
  const webRoot = path.join(roots, 'web');
  await mkdir(path.join(playerRoot, 'assets'), { recursive: true });
  await writeFile(path.join(playerRoot, 'index.html'), PLAYER);
  await writeFile(path.join(playerRoot, 'assets', 'player-Ab12Cd34.js'), 'mount()');
  await writeFile(path.join(playerRoot, 'assets', 'manifest.json'), '{}');
  await mkdir(webRoot);
  await writeFile(path.join(webRoot, 'index.html'), STUDIO);
  ({ server, make, owner, close } = await startProjectTests({ playerRoot, webRoot }));
}, 60_000);

afterAll(async () => {
  await close?.();
  await rm(roots, { recursive: true, force: true });
});

const policyOf = (headers: Headers) =>
  Object.fromEntries(
    (headers.get('content-security-policy') ?? '').split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );

describe('the player pages', () => {
  it("serves the player's page at a published project's address", async () => {
    const movieId = await make.makeProject(owner.token);
    await make.setPublished(movieId);
    const response = await server.request('GET', `/watch/published-${movieId}?forceMobile=true`);
    expect(response.status).toBe(200);
    expect(response.text).toBe(PLAYER);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves it with a 404 status for an unknown or unpublished address: the player says so', async () => {
    const draft = await make.makeProject(owner.token);
    const slug = `draft-${draft}`;
    await server.request('POST', '/api/movie', {
      token: owner.token,
      body: { movieId: draft, slug },
    });
    for (const pathname of [`/watch/${slug}`, '/watch/no-such-story']) {
      const response = await server.request('GET', pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.text).toBe(PLAYER);
    }
  });

  it("serves it at the studio's preview address, whose data the preview call guards", async () => {
    const response = await server.request('GET', '/watch/preview/12?forceMobile=true');
    expect(response.status).toBe(200);
    expect(response.text).toBe(PLAYER);
  });

  it('lets the player use blob: media and workers, framed by its own origin only', async () => {
    const policy = policyOf((await server.request('GET', '/watch/preview/12')).headers);
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    expect(policy['media-src']).toEqual(["'self'", 'blob:']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    // The studio keeps its own policy.
    const studio = policyOf((await server.request('GET', '/app')).headers);
    expect(studio['worker-src']).toBeUndefined();
    expect(studio['frame-ancestors']).toEqual(["'self'"]);
  });

  it("serves the player's files under /watch/assets/, fingerprinted ones for good", async () => {
    const script = await server.request('GET', '/watch/assets/player-Ab12Cd34.js');
    expect(script.status).toBe(200);
    expect(script.text).toBe('mount()');
    expect(script.headers.get('cache-control')).toContain('immutable');
    const plain = await server.request('GET', '/watch/assets/manifest.json');
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    expect((await server.request('GET', '/watch/assets/missing.js')).status).toBe(404);
    // The studio's files stay the studio's.
    expect((await server.request('GET', '/app/project-list')).text).toBe(STUDIO);
  });
});
