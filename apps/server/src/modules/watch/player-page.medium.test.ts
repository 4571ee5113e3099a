import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movies } from '../../db/schema/index.ts';
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
  '<!doctype html><head><title>Plotline player</title><script src="/watch/assets/player-Ab12Cd34.js"></script></head>';
/** The page with `extra` at the end of its head, as the server writes it. */
const playerWith = (extra: string) => PLAYER.replace('</head>', `${extra}</head>`);
const STUDIO = '<!doctype html><title>Plotline studio</title>';

beforeAll(async () => {
  roots = await mkdtemp(path.join(tmpdir(), 'plotline-player-'));
  const playerRoot = path.join(roots, 'player');
  const webRoot = path.join(roots, 'web');
  await mkdir(path.join(playerRoot, 'assets'), { recursive: true });
  await writeFile(path.join(playerRoot, 'index.html'), PLAYER);
  await writeFile(path.join(playerRoot, 'assets', 'player-Ab12Cd34.js'), 'mount()');
  await writeFile(path.join(playerRoot, 'assets', 'manifest.json'), '{}');
  await mkdir(path.join(playerRoot, 'api'));
  await writeFile(path.join(playerRoot, 'api', 'player-api.js'), 'export class PlotlinePlayer {}');
  await writeFile(
    path.join(playerRoot, 'api', 'player-api.d.ts'),
    'export declare class PlotlinePlayer {}',
  );
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
    const movieId = await make.makeProject(owner.token, { title: 'Fork & "spoon" <3' });
    await make.setPublished(movieId);
    const response = await server.request('GET', `/watch/published-${movieId}?forceMobile=true`);
    expect(response.status).toBe(200);
    // Advertising the story's oEmbed answer (oembed.com §4), its address and title escaped.
    const oembed = `http://studio.test/api/oembed?url=${encodeURIComponent(`http://studio.test/watch/published-${movieId}`)}&amp;format=json`;
    expect(response.text).toBe(
      playerWith(
        `<link rel="alternate" type="application/json+oembed" href="${oembed}" title="Fork &amp; &quot;spoon&quot; &lt;3">`,
      ),
    );
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

  it('advertises no oEmbed answer for a story that is not shareable', async () => {
    const movieId = await make.makeProject(owner.token);
    await server.request('POST', '/api/movie', {
      token: owner.token,
      body: { movieId, shareable: 0 },
    });
    await make.setPublished(movieId);
    const response = await server.request('GET', `/watch/published-${movieId}`);
    expect(response.status).toBe(200);
    expect(response.text).toBe(PLAYER);
  });
});

describe('the embed page', () => {
  /** A published story whose step 4 allowed `origins` to frame it. */
  async function embedded(fields: Record<string, unknown>): Promise<string> {
    const movieId = await make.makeProject(owner.token);
    const saved = await server.request('POST', '/api/movie', {
      token: owner.token,
      body: { movieId, ...fields },
    });
    expect(saved.status).toBe(200);
    await make.setPublished(movieId);
    return `/embed/published-${movieId}`;
  }

  it("is framed by the project's sites and this origin only, told to the player's bridge", async () => {
    const pathname = await embedded({
      embed_origins: ['https://a.example', 'http://localhost:5000'],
    });
    const response = await server.request('GET', pathname);
    expect(response.status).toBe(200);
    expect(response.text).toBe(
      playerWith(
        '<meta name="plotline-embed-origins" content="https://a.example http://localhost:5000">',
      ),
    );
    const policy = policyOf(response.headers);
    expect(policy['frame-ancestors']).toEqual([
      "'self'",
      'https://a.example',
      'http://localhost:5000',
    ]);
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    expect(policy['script-src']).toEqual(["'self'"]);
    // No X-Frame-Options to contradict it.
    expect(response.headers.get('x-frame-options')).toBeNull();
    // The /watch page of the same story, and the studio, keep 'self'.
    const watch = await server.request('GET', pathname.replace('/embed/', '/watch/'));
    expect(policyOf(watch.headers)['frame-ancestors']).toEqual(["'self'"]);
    expect(policyOf((await server.request('GET', '/app')).headers)['frame-ancestors']).toEqual([
      "'self'",
    ]);
  });

  it('builds its policy and the bridge’s list from parsed origins, never from stored text', async () => {
    const pathname = await embedded({});
    // Rows saved before origins were parsed strictly may hold anything.
    await server.db
      .update(movies)
      .set({
        embedOrigins: [
          'HTTPS://A.example:443/',
          'https://b.example; script-src *',
          'https://c.example,https://d.example',
          "'unsafe-inline'",
          'http://localhost:5000',
        ],
      })
      .where(eq(movies.id, Number(pathname.split('-').at(-1))));
    const response = await server.request('GET', pathname);
    expect(response.status).toBe(200);
    expect(policyOf(response.headers)['frame-ancestors']).toEqual([
      "'self'",
      'https://a.example',
      'http://localhost:5000',
    ]);
    expect(policyOf(response.headers)['script-src']).toEqual(["'self'"]);
    expect(response.text).toBe(
      playerWith(
        '<meta name="plotline-embed-origins" content="https://a.example http://localhost:5000">',
      ),
    );
  });

  it("is framed by any site with embed_origins ['*'], and by this origin only with none", async () => {
    const any = await server.request('GET', await embedded({ embed_origins: ['*'] }));
    expect(policyOf(any.headers)['frame-ancestors']).toEqual(['*']);
    expect(any.text).toContain('<meta name="plotline-embed-origins" content="*">');
    const none = await server.request('GET', await embedded({}));
    expect(none.status).toBe(200);
    expect(policyOf(none.headers)['frame-ancestors']).toEqual(["'self'"]);
  });

  it("is the player's not-found, 404 and framed by no other site, for a story unknown, unpublished or not shareable", async () => {
    const draft = await make.makeProject(owner.token);
    await server.request('POST', '/api/movie', {
      token: owner.token,
      body: { movieId: draft, slug: `embed-draft-${draft}`, embed_origins: ['*'] },
    });
    const hidden = await embedded({ shareable: 0, embed_origins: ['*'] });
    for (const pathname of [`/embed/embed-draft-${draft}`, hidden, '/embed/no-such-story']) {
      const response = await server.request('GET', pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.text).toBe(PLAYER);
      expect(policyOf(response.headers)['frame-ancestors']).toEqual(["'self'"]);
    }
  });

  it('serves the API module of host pages and its types, for any site to import', async () => {
    const script = await server.request('GET', '/player-api.js');
    expect(script.status).toBe(200);
    expect(script.text).toBe('export class PlotlinePlayer {}');
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const types = await server.request('GET', '/player-api.d.ts');
    expect(types.status).toBe(200);
    expect(types.text).toBe('export declare class PlotlinePlayer {}');
  });
});
