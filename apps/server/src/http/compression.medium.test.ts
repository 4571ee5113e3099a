import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let roots: string;

/** Text of `lines` lines, compressible as a script, a playlist or subtitles are. */
const lines = (count: number, line: (index: number) => string) =>
  Buffer.from(Array.from({ length: count }, (_, index) => line(index)).join('\n'));

const SCRIPT = lines(200, (index) => `export const value${index} = ${index * 7};`);
const PLAYER_SCRIPT = lines(100, (index) => `mount(${index});`);
const PLAYLIST = lines(
  60,
  (index) => `#EXTINF:2.000,\nsegment-${String(index).padStart(4, '0')}.ts`,
);
const SUBTITLES = lines(
  40,
  (index) =>
    `${index + 1}\n00:00:${String(index).padStart(2, '0')}.000 --> 00:00:${String(index).padStart(2, '0')}.900\nLine ${index}\n`,
);
/** Zeros compress to almost nothing: a segment sent compressed would show at once. */
const SEGMENT = Buffer.alloc(8000);

async function store(key: string, content: Buffer): Promise<void> {
  const file = path.join(server.blobsDir, key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/** A file with the build's compressed copies beside it, as scripts/build.mjs writes them. */
async function writeBuilt(file: string, content: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  roots = await mkdtemp(path.join(tmpdir(), 'plotline-compression-'));
  const webRoot = path.join(roots, 'web');
  const playerRoot = path.join(roots, 'player');
  await mkdir(webRoot);
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>studio</title>');
  await writeBuilt(path.join(webRoot, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  await mkdir(path.join(playerRoot, 'assets'), { recursive: true });
  await writeFile(path.join(playerRoot, 'index.html'), '<!doctype html><title>player</title>');
  await writeBuilt(path.join(playerRoot, 'assets', 'player-Ab12Cd34.js'), PLAYER_SCRIPT);
  server = await startTestServer({ webRoot, playerRoot });
  await store('hls/0f4c/720p/index.m3u8', PLAYLIST);
  await store('hls/0f4c/720p/segment-0000.ts', SEGMENT);
  await store('subtitles/0f4c/en.vtt', SUBTITLES);
});
afterAll(async () => {
  await server?.close();
  await rm(roots, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire, still compressed. */
  body: Buffer;
}

/** A GET through node:http, which (unlike fetch) neither asks for compression nor undoes it. */
function get(pathname: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(server.baseUrl + pathname, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** The body as sent before its Content-Encoding. */
function decoded({ headers, body }: RawResponse): Buffer {
  if (headers['content-encoding'] === 'br') return brotliDecompressSync(body);
  if (headers['content-encoding'] === 'gzip') return gunzipSync(body);
  return body;
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('compressed answers', () => {
  it('sends JSON of 1 KB and more with brotli or gzip, as the client accepts, varying with Accept-Encoding', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await get('/api/docs/json', BROWSER);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(decoded(br)).toEqual(plain.body);
    // Still out of every cache, as API answers are.
    expect(br.headers['cache-control']).toBe('no-store');

    const gzip = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toEqual(plain.body);

    const neither = await get('/api/docs/json', { 'accept-encoding': 'zstd, deflate' });
    expect(neither.headers['content-encoding']).toBeUndefined();
  });

  it('sends JSON under 1 KB as it is', async () => {
    const health = await get('/api/health', BROWSER);
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toMatchObject({ data: { status: 'ok' } });
  });

  it('compresses HLS playlists and WebVTT from the store, never a segment', async () => {
    for (const [key, content] of [
      ['hls/0f4c/720p/index.m3u8', PLAYLIST],
      ['subtitles/0f4c/en.vtt', SUBTITLES],
    ] as const) {
      const response = await get(`/api/media/${key}`, BROWSER);
      expect(response.status, key).toBe(200);
      expect(response.headers['content-encoding'], key).toBe('br');
      expect(response.headers['content-length'], key).toBe(String(response.body.length));
      expect(response.headers['cache-control'], key).toBe('public, max-age=31536000, immutable');
      expect(decoded(response), key).toEqual(content);
    }

    const segment = await get('/api/media/hls/0f4c/720p/segment-0000.ts', BROWSER);
    expect(segment.status).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['content-encoding']).toBeUndefined();
    expect(segment.headers.vary ?? '').not.toMatch(/accept-encoding/i);
    expect(segment.body).toEqual(SEGMENT);
  });

  it('answers a Range on media with 206 and the asked bytes, as they are', async () => {
    const segment = await get('/api/media/hls/0f4c/720p/segment-0000.ts', {
      ...BROWSER,
      range: 'bytes=100-199',
    });
    expect(segment.status).toBe(206);
    expect(segment.headers['content-range']).toBe('bytes 100-199/8000');
    expect(segment.body).toEqual(SEGMENT.subarray(100, 200));

    const playlist = await get('/api/media/hls/0f4c/720p/index.m3u8', {
      ...BROWSER,
      range: 'bytes=0-99',
    });
    expect(playlist.status).toBe(206);
    expect(playlist.headers['content-encoding']).toBeUndefined();
    expect(playlist.body).toEqual(PLAYLIST.subarray(0, 100));
  });

  it("serves the studio's and the player's scripts from the build's compressed copies", async () => {
    for (const [pathname, content] of [
      ['/assets/index-Ab12Cd34.js', SCRIPT],
      ['/watch/assets/player-Ab12Cd34.js', PLAYER_SCRIPT],
    ] as const) {
      const br = await get(pathname, BROWSER);
      expect(br.status, pathname).toBe(200);
      expect(br.headers['content-encoding'], pathname).toBe('br');
      expect(br.headers['content-type'], pathname).toMatch(/^(text|application)\/javascript/);
      expect(br.headers['content-length'], pathname).toBe(String(br.body.length));
      expect(br.headers['cache-control'], pathname).toContain('immutable');
      expect(br.headers.vary, pathname).toMatch(/accept-encoding/i);
      // The build's copy, byte for byte: brotli at its default quality, 11.
      expect(br.body, pathname).toEqual(brotliCompressSync(content));
      expect(decoded(br), pathname).toEqual(content);

      const gzip = await get(pathname, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding'], pathname).toBe('gzip');
      expect(decoded(gzip), pathname).toEqual(content);

      const plain = await get(pathname);
      expect(plain.headers['content-encoding'], pathname).toBeUndefined();
      expect(plain.body, pathname).toEqual(content);
    }
  });
});
