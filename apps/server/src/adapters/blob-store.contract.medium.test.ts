import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test/test-s3.ts';
import { createLocalBlobStore, type BlobStore } from './blob-store.ts';
import { createS3BlobStore, PART_BYTES, SIGNED_URL_SECONDS } from './s3-blob-store.ts';

let s3: TestS3;
let scratch: string;

beforeAll(async () => {
  s3 = await startTestS3();
  scratch = await mkdtemp(path.join(tmpdir(), 'plotline-blob-contract-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(scratch, { recursive: true, force: true });
});

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no stream');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A store of the kind, and the folder in which it lends files to tools. */
type Made = { store: BlobStore; lendsFrom: string };

const kinds: [string, () => Promise<Made>][] = [
  [
    'local',
    async () => {
      const root = await mkdtemp(path.join(scratch, 'local-'));
      return { store: createLocalBlobStore(root), lendsFrom: root };
    },
  ],
  [
    'S3',
    async () => {
      const lendsFrom = await mkdtemp(path.join(scratch, 's3-scratch-'));
      return { store: createS3BlobStore(await s3.newBucket(), lendsFrom), lendsFrom };
    },
  ],
];

describe.each(kinds)('the %s blob store', (_kind, make) => {
  it('stores buffers and streams, and reads them whole, by size and by range', async () => {
    const { store } = await make();
    const bytes = Buffer.from('0123456789abcdef');
    await store.put('hls/a/one.ts', bytes);
    await store.put('hls/a/two.ts', Readable.from([bytes.subarray(0, 4), bytes.subarray(4)]));

    for (const key of ['hls/a/one.ts', 'hls/a/two.ts']) {
      expect(await store.get(key)).toEqual(bytes);
      expect(await store.size(key)).toBe(16);
      expect(await bytesOf(await store.read(key))).toEqual(bytes);
      expect((await bytesOf(await store.read(key, { start: 3, end: 7 }))).toString()).toBe('34567');
      expect((await bytesOf(await store.read(key, { start: 15, end: 15 }))).toString()).toBe('f');
    }
  });

  it('answers null for a missing blob, and fails withLocalFile with ENOENT', async () => {
    const { store } = await make();
    expect(await store.get('hls/none/x.ts')).toBeNull();
    expect(await store.size('hls/none/x.ts')).toBeNull();
    expect(await store.read('hls/none/x.ts')).toBeNull();
    expect(await store.read('hls/none/x.ts', { start: 0, end: 1 })).toBeNull();
    await expect(store.withLocalFile('sources/none', async () => 1)).rejects.toMatchObject({
      code: 'ENOENT',
    });
    // Deleting what is not there is no error: a cleanup may run twice.
    await store.delete('hls/none/x.ts');
    await store.deletePrefix('hls/none');
  });

  it('refuses keys that could climb out of the store', async () => {
    const { store } = await make();
    for (const key of ['../x', 'hls/../../x', '/abs/x', 'hls/a b']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe blob key/);
      expect(() => store.publicUrl(key)).toThrow(/Unsafe blob key/);
    }
    await expect(store.deletePrefix('hls/..')).rejects.toThrow(/Unsafe blob key/);
  });

  it('lends a local file to a tool, and leaves nothing of its own behind on success or failure', async () => {
    const { store, lendsFrom } = await make();
    await store.put('sources/clip', Buffer.from('video bytes'));
    const before = await readdir(lendsFrom);

    const read = await store.withLocalFile('sources/clip', (file) => readFile(file, 'utf8'));
    expect(read).toBe('video bytes');
    expect(await readdir(lendsFrom)).toEqual(before);

    await expect(
      store.withLocalFile('sources/clip', async () => {
        throw new Error('ffmpeg failed');
      }),
    ).rejects.toThrow('ffmpeg failed');
    expect(await readdir(lendsFrom)).toEqual(before);
    expect(await store.get('sources/clip')).toEqual(Buffer.from('video bytes'));
  });

  it('moves a local file and a folder in, leaving neither behind', async () => {
    const { store } = await make();
    const local = await mkdtemp(path.join(scratch, 'in-'));
    await writeFile(path.join(local, 'file'), 'source');
    await store.putFile('sources/moved', path.join(local, 'file'));
    expect(await store.get('sources/moved')).toEqual(Buffer.from('source'));

    const dir = path.join(local, 'out');
    await mkdir(path.join(dir, '720p'), { recursive: true });
    await writeFile(path.join(dir, 'master.m3u8'), '#EXTM3U');
    for (let n = 0; n < 6; n += 1) {
      await writeFile(path.join(dir, '720p', `segment-${n}.ts`), `segment ${n}`);
    }
    await store.putDirectory('hls/rendition', dir);
    expect((await store.get('hls/rendition/master.m3u8'))?.toString()).toBe('#EXTM3U');
    expect((await store.get('hls/rendition/720p/segment-5.ts'))?.toString()).toBe('segment 5');
    expect(await readdir(local)).toEqual([]);
  });

  it('deletes a prefix and only that prefix', async () => {
    const { store } = await make();
    for (const key of ['hls/ab/master.m3u8', 'hls/ab/720p/s-1.ts', 'hls/abc/master.m3u8']) {
      await store.put(key, Buffer.from(key));
    }
    await store.deletePrefix('hls/ab');
    expect(await store.size('hls/ab/master.m3u8')).toBeNull();
    expect(await store.size('hls/ab/720p/s-1.ts')).toBeNull();
    expect(await store.size('hls/abc/master.m3u8')).toBe('hls/abc/master.m3u8'.length);
    await store.delete('hls/abc/master.m3u8');
    expect(await store.get('hls/abc/master.m3u8')).toBeNull();
  });

  it('shows a blob whole or not at all while it is being written', async () => {
    const { store } = await make();
    await store.put('sources/big', Buffer.from('old'));
    const body = new PassThrough();
    const writing = store.put('sources/big', body);
    body.write(Buffer.alloc(1024, 1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await store.get('sources/big')).toEqual(Buffer.from('old'));
    body.end(Buffer.alloc(1024, 2));
    await writing;
    expect(await store.size('sources/big')).toBe(2048);
  });

  it('is reachable', async () => {
    const { store } = await make();
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe('the S3 blob store', () => {
  it('sends a stream larger than a part in parts, and reads any range of it', async () => {
    const store = createS3BlobStore(await s3.newBucket(), scratch);
    const size = PART_BYTES + 1234;
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4096) bytes[i] = i % 251;
    await store.put(
      'sources/large',
      Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
    );
    expect(await store.size('sources/large')).toBe(size);
    const tail = await bytesOf(
      await store.read('sources/large', { start: size - 5000, end: size - 1 }),
    );
    expect(tail.equals(bytes.subarray(size - 5000))).toBe(true);
  });

  it('hands out the media route, the public address, or a signed URL that works', async () => {
    const plain = createS3BlobStore(await s3.newBucket(), scratch);
    expect(plain.publicUrl('hls/x/master.m3u8')).toBe('/api/media/hls/x/master.m3u8');
    expect(await plain.signedUrl('hls/x/master.m3u8')).toBeNull();

    const cdn = createS3BlobStore(
      await s3.newBucket({ publicUrl: 'https://cdn.example.com/media' }),
      scratch,
    );
    expect(cdn.publicUrl('hls/x/master.m3u8')).toBe(
      'https://cdn.example.com/media/hls/x/master.m3u8',
    );

    const signed = createS3BlobStore(await s3.newBucket({ signedUrls: true }), scratch);
    await signed.put('thumbnails/p.jpg', Buffer.from('jpeg'));
    expect(signed.publicUrl('thumbnails/p.jpg')).toBe('/api/media/thumbnails/p.jpg');
    const url = await signed.signedUrl('thumbnails/p.jpg');
    expect(url).toMatch(/X-Amz-Signature=/);
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('jpeg');
    expect(new URL(url!).searchParams.get('X-Amz-Expires')).toBe(String(SIGNED_URL_SECONDS));
  });
});
