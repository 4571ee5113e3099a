import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));

const store = (key: string) => server.blobs.put(key, bytes);

beforeAll(async () => {
  server = await startTestServer();
  await store('hls/0f4c/720p/segment-0000.ts');
  await store('sources/0f4c');
  await store('sources/0f4c.ts');
});

afterAll(() => server?.close());

describe('GET /api/media/{key}', () => {
  const url = (key: string) => `${server.baseUrl}/api/media/${key}`;

  it('serves a public file whole, cached for good, with its type', async () => {
    const response = await fetch(url('hls/0f4c/720p/segment-0000.ts'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp2t');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it('takes a key whose slashes are percent-encoded, as a client of the OpenAPI document sends it', async () => {
    const response = await fetch(url(encodeURIComponent('hls/0f4c/720p/segment-0000.ts')));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it('answers a byte range with 206, an open-ended one too, and an impossible one with 416', async () => {
    const key = 'hls/0f4c/720p/segment-0000.ts';
    const middle = await fetch(url(key), { headers: { range: 'bytes=100-199' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await middle.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const tail = await fetch(url(key), { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(990));

    const beyond = await fetch(url(key), { headers: { range: 'bytes=5000-6000' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */1000');

    const several = await fetch(url(key), { headers: { range: 'bytes=0-1,10-11' } });
    expect(several.status).toBe(200);
  });

  it('never serves uploaded sources, unknown types, or paths out of the store', async () => {
    for (const key of [
      'sources/0f4c',
      'sources/0f4c.ts',
      'hls/0f4c/720p/missing.ts',
      'hls/x.exe',
    ]) {
      expect((await fetch(url(key))).status, key).toBe(404);
    }
    expect((await fetch(url('hls/..%2f..%2fsources/0f4c.ts'))).status).toBe(404);
  });
});

describe('GET /api/media/{key} with S3_SIGNED_URLS', () => {
  let signed: TestServer;
  beforeAll(async () => {
    signed = await startTestServer({ s3: { signedUrls: true } });
    await signed.blobs.put('hls/5e1d/master.m3u8', bytes);
    await signed.blobs.put('sources/5e1d', bytes);
  });
  afterAll(() => signed?.close());

  it('sends the browser to a short-lived signed URL of the object, which serves it and its ranges', async () => {
    const answer = await fetch(`${signed.baseUrl}/api/media/hls/5e1d/master.m3u8`, {
      redirect: 'manual',
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('cache-control')).toBe('private, max-age=300');
    const location = answer.headers.get('location')!;
    expect(location).toMatch(/\/hls\/5e1d\/master\.m3u8\?.*X-Amz-Signature=/);

    const whole = await fetch(location);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    const part = await fetch(location, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(10, 20));
  });

  it('signs nothing outside the public folders', async () => {
    const answer = await fetch(`${signed.baseUrl}/api/media/sources/5e1d`, { redirect: 'manual' });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('location')).toBeNull();
  });
});
