import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppApi, VIEWER_KEY } from './app-api.ts';
import { makeFeed } from './test-feed.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

type Call = { url: string; init: RequestInit };

/** A fake App API: viewers registered in order (tok-1, tok-2…), and only those it knows served. */
function fakeServer() {
  const calls: Call[] = [];
  const known = new Set<string>();
  let registered = 0;
  const fetch = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    if (String(url) === '/api/app/v1/viewer') {
      const token = `tok-${++registered}`;
      known.add(token);
      return json(201, { data: { viewer_id: registered, token } });
    }
    const token = (init.headers as Record<string, string>)['x-viewer-token'];
    if (!token || !known.has(token)) return json(401, { message: 'Unknown viewer' });
    if (String(url).startsWith('/api/app/v1/feed')) return json(200, { data: makeFeed() });
    if (String(url) === '/api/app/v1/project/gone') return json(404, { message: 'Not found' });
    return new Response(null, { status: 204 });
  });
  return { fetch, calls, known };
}

const headerOf = (call: Call, name: string) => (call.init.headers as Record<string, string>)[name];

afterEach(() => vi.restoreAllMocks());

describe('the App API client', () => {
  it('registers the device as a viewer once, keeps its token, and sends it with every call', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const api = new AppApi({ platform: 'android', language: 'de', storage, fetch: server.fetch });
    const [feed] = await Promise.all([api.feed(1, 12), api.feed(2, 12)]);
    expect(feed).toEqual({ kind: 'ok', data: makeFeed() });

    const [register, ...reads] = server.calls;
    expect(register!.url).toBe('/api/app/v1/viewer');
    expect(JSON.parse(register!.init.body as string)).toEqual({
      platform: 'android',
      language: 'de',
    });
    // Both calls waited for the one registration.
    expect(reads.map((call) => [call.url, headerOf(call, 'x-viewer-token')])).toEqual([
      ['/api/app/v1/feed?page=1&perPage=12', 'tok-1'],
      ['/api/app/v1/feed?page=2&perPage=12', 'tok-1'],
    ]);
    expect(reads.every((call) => call.init.credentials === 'omit')).toBe(true);
    expect(JSON.parse(storage.items.get(VIEWER_KEY)!)).toEqual({
      token: 'tok-1',
      platform: 'android',
      language: 'de',
    });

    // The next visit goes on as the same viewer.
    const later = new AppApi({ platform: 'android', language: 'de', storage, fetch: server.fetch });
    await later.feed(1, 12);
    expect(server.calls.at(-1)!.init.headers).toMatchObject({ 'x-viewer-token': 'tok-1' });
    expect(server.calls.filter((call) => call.url.endsWith('/viewer'))).toHaveLength(1);
  });

  it('registers again, once, when the server no longer knows the viewer (401), and repeats the call', async () => {
    const server = fakeServer();
    const storage = memoryStorage({
      [VIEWER_KEY]: JSON.stringify({ token: 'tok-old', platform: 'ios', language: 'en' }),
    });
    const api = new AppApi({ platform: 'ios', language: 'en', storage, fetch: server.fetch });
    expect((await api.feed(1, 12)).kind).toBe('ok');
    expect(server.calls.map((call) => [call.url, headerOf(call, 'x-viewer-token')])).toEqual([
      ['/api/app/v1/feed?page=1&perPage=12', 'tok-old'],
      ['/api/app/v1/viewer', undefined],
      ['/api/app/v1/feed?page=1&perPage=12', 'tok-1'],
    ]);
    expect(JSON.parse(storage.items.get(VIEWER_KEY)!).token).toBe('tok-1');

    // Forgotten again and again (the database reset under it): one new viewer per 401, no loop.
    server.known.clear();
    expect(await api.feed(1, 12)).toEqual({ kind: 'ok', data: makeFeed() });
    server.fetch.mockImplementation(async () => json(401, { message: 'Unknown viewer' }));
    const before = server.calls.length;
    expect(await api.feed(1, 12)).toEqual({ kind: 'failed', status: null });
    // The call, and one registration, which fails: no loop.
    expect(server.fetch.mock.calls.length - before).toBe(2);
  });

  it('is a new viewer on another platform or language than the kept one', async () => {
    const server = fakeServer();
    const storage = memoryStorage({
      [VIEWER_KEY]: JSON.stringify({ token: 'tok-web', platform: 'web', language: 'en' }),
    });
    await new AppApi({ platform: 'android', language: 'en', storage, fetch: server.fetch }).feed(
      1,
      12,
    );
    expect(server.calls[0]!.url).toBe('/api/app/v1/viewer');
  });

  it('tells a project it does not serve from a failure', async () => {
    const server = fakeServer();
    const api = new AppApi({ platform: 'web', language: 'en', storage: null, fetch: server.fetch });
    expect(await api.project('gone')).toEqual({ kind: 'not-found' });
    const offline = new AppApi({
      platform: 'web',
      language: 'en',
      storage: null,
      fetch: vi.fn(async () => {
        throw new TypeError('offline');
      }),
    });
    expect(await offline.project('any')).toEqual({ kind: 'failed', status: null });
  });

  it('posts the player’s event batches to the App API with the project’s slug and the viewer’s token', async () => {
    const server = fakeServer();
    const api = new AppApi({ platform: 'web', language: 'en', storage: null, fetch: server.fetch });
    const send = api.eventsSender('the fork');
    const batch = {
      session: 'abcdefghijklmnopqrstuv',
      events: [{ type: 'start' as const, at: 0 }],
    };
    send(batch, { beacon: false });
    // Leaving the page: a keepalive fetch, as a beacon cannot carry the token.
    send({ ...batch, events: [{ type: 'watched', at: 900, seconds: 0.9 }] }, { beacon: true });
    await vi.waitFor(() => expect(server.calls).toHaveLength(3));
    const posts = server.calls.filter((call) => call.url === '/api/app/v1/events');
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(post.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
      expect(headerOf(post, 'x-viewer-token')).toBe('tok-1');
      expect(headerOf(post, 'content-type')).toBe('application/json');
    }
    expect(JSON.parse(posts[0]!.init.body as string)).toEqual({ ...batch, slug: 'the fork' });
  });
});
