import { inflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { iconPng } from './app-icons.ts';
import { serviceWorkerSource } from './app-shell.ts';

const ORIGIN = 'https://app.test';

/** The pixels of a PNG that `encodePng` wrote (one IDAT, filter 0 on every row). */
function pixels(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat = png.indexOf('IDAT');
  const rows = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const at = (x: number, y: number) => [
    ...rows.subarray(y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 5 + x * 4),
  ];
  return { width, height, at };
}

describe('the app’s icons', () => {
  it('are PNGs of the mark: a white play triangle on violet, corners rounded', () => {
    const icon = pixels(iconPng(192));
    expect([icon.width, icon.height]).toEqual([192, 192]);
    expect(icon.at(0, 0)[3]).toBe(0);
    expect(icon.at(96, 96)).toEqual([255, 255, 255, 255]);
    expect(icon.at(40, 96)).toEqual([0x6d, 0x28, 0xd9, 255]);
  });

  it('fill the square when maskable, the mark in the safe middle', () => {
    const icon = pixels(iconPng(512, { maskable: true }));
    expect(icon.at(0, 0)).toEqual([0x6d, 0x28, 0xd9, 255]);
    expect(icon.at(256, 256)).toEqual([255, 255, 255, 255]);
    expect(icon.at(100, 256)).toEqual([0x6d, 0x28, 0xd9, 255]);
  });
});

type FakeRequest = { url: string; method: string; mode: string };
const request = (pathname: string, { method = 'GET', mode = 'cors' } = {}): FakeRequest => ({
  url: `${ORIGIN}${pathname}`,
  method,
  mode,
});
const urlOf = (input: FakeRequest | string) =>
  new URL(typeof input === 'string' ? input : input.url, ORIGIN).pathname;

/** The worker in a fake service worker scope: its caches, the network, the events it answers. */
function startWorker(shell: string[], version = 'v2') {
  const stores = new Map<string, Map<string, Response>>();
  const store = (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    return stores.get(name)!;
  };
  const network = vi.fn(async (input: FakeRequest | string) => new Response(`net ${urlOf(input)}`));
  const cacheOf = (name: string) => ({
    addAll: async (urls: string[]) => {
      for (const url of urls) store(name).set(urlOf(url), await network(url));
    },
    put: async (input: FakeRequest, response: Response) =>
      void store(name).set(urlOf(input), response),
  });
  const caches = {
    open: async (name: string) => cacheOf(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (input: FakeRequest | string) => {
      for (const cache of stores.values()) {
        const hit = cache.get(urlOf(input));
        if (hit) return hit.clone();
      }
      return undefined;
    },
  };
  const listeners = new Map<string, (event: unknown) => void>();
  const scope = {
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
    location: { origin: ORIGIN },
    skipWaiting: vi.fn(async () => {}),
    clients: { claim: vi.fn(async () => {}) },
  };
  new Function('self', 'caches', 'fetch', serviceWorkerSource(shell, version))(
    scope,
    caches,
    network,
  );
  const lifecycle = async (type: 'install' | 'activate') => {
    let done: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
  };
  /** A request as the page makes it: the worker's answer, or null when it leaves it alone. */
  const fetchEvent = async (input: FakeRequest): Promise<string | null> => {
    let answer: Promise<Response> | null = null;
    const waits: Promise<unknown>[] = [];
    listeners.get('fetch')!({
      request: input,
      respondWith: (response: Promise<Response>) => (answer = response),
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
    });
    if (!answer) return null;
    const response = await (answer as Promise<Response>);
    await Promise.all(waits);
    return response.type === 'error' ? 'error' : response.text();
  };
  return { stores, network, scope, lifecycle, fetchEvent };
}

describe('the app’s service worker', () => {
  const SHELL = ['/m/', '/m/manifest.webmanifest', '/m/assets/index-Ab12Cd34.js'];

  it('caches the shell when it installs, and drops the caches of earlier builds when it takes over', async () => {
    const worker = startWorker(SHELL);
    worker.stores.set('plotline-app-v1', new Map());
    worker.stores.set('someone-else', new Map());
    await worker.lifecycle('install');
    expect([...worker.stores.get('plotline-app-v2')!.keys()]).toEqual(SHELL);
    expect(worker.scope.skipWaiting).toHaveBeenCalled();
    await worker.lifecycle('activate');
    expect([...worker.stores.keys()].sort()).toEqual(['plotline-app-v2', 'someone-else']);
    expect(worker.scope.clients.claim).toHaveBeenCalled();
  });

  it('asks the network for the page first, and answers with the cached shell offline', async () => {
    const worker = startWorker(SHELL);
    await worker.lifecycle('install');
    expect(await worker.fetchEvent(request('/m/series/4', { mode: 'navigate' }))).toBe(
      'net /m/series/4',
    );
    worker.network.mockRejectedValue(new TypeError('offline'));
    expect(await worker.fetchEvent(request('/m/p/the-fork', { mode: 'navigate' }))).toBe('net /m/');
  });

  it('serves built files from the cache, caching the others the first time they are used', async () => {
    const worker = startWorker(SHELL);
    await worker.lifecycle('install');
    worker.network.mockClear();
    expect(await worker.fetchEvent(request('/m/assets/index-Ab12Cd34.js'))).toBe(
      'net /m/assets/index-Ab12Cd34.js',
    );
    expect(await worker.fetchEvent(request('/m/assets/watch-page-Zz99Yy88.js'))).toBe(
      'net /m/assets/watch-page-Zz99Yy88.js',
    );
    expect(await worker.fetchEvent(request('/m/assets/watch-page-Zz99Yy88.js'))).toBe(
      'net /m/assets/watch-page-Zz99Yy88.js',
    );
    expect(worker.network.mock.calls.map(([input]) => urlOf(input))).toEqual([
      '/m/assets/watch-page-Zz99Yy88.js',
    ]);
  });

  it('never touches the API, media, other pages or writes', async () => {
    const worker = startWorker(SHELL);
    await worker.lifecycle('install');
    for (const input of [
      request('/api/app/v1/feed?page=1&perPage=12'),
      request('/api/media/hls/abc/360p/segment-0000.ts'),
      request('/watch/the-fork', { mode: 'navigate' }),
      request('/api/app/v1/events', { method: 'POST' }),
      { url: 'https://cdn.test/m/assets/x.js', method: 'GET', mode: 'cors' },
    ])
      expect(await worker.fetchEvent(input), input.url).toBeNull();
  });
});
