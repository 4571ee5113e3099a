import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isSafeBlobKey, type BlobStore } from '../../adapters/blob-store.ts';

async function bytesOf(data: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(data)) return data;
  const chunks: Buffer[] = [];
  for await (const chunk of data) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function checked(key: string): string {
  if (!isSafeBlobKey(key)) throw new Error(`Unsafe blob key: ${key}`);
  return key;
}

/**
 * A blob store in memory, as a remote one behaves: `withLocalFile` lends a temporary copy (and a
 * missing blob fails with ENOENT), and the local files and folders moved in are gone afterwards.
 */
export function createFakeBlobStore() {
  const blobs = new Map<string, Buffer>();
  const under = (prefix: string) => [...blobs.keys()].filter((key) => key.startsWith(`${prefix}/`));

  const store: BlobStore = {
    async put(key, data) {
      blobs.set(checked(key), await bytesOf(data));
    },
    async putFile(key, file) {
      blobs.set(checked(key), await readFile(file));
      await rm(file);
    },
    async putDirectory(prefix, dir) {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      for (const entry of entries.filter((found) => found.isFile())) {
        const file = path.join(entry.parentPath, entry.name);
        const key = `${prefix}/${path.relative(dir, file).split(path.sep).join('/')}`;
        blobs.set(checked(key), await readFile(file));
      }
      await rm(dir, { recursive: true });
    },
    async get(key) {
      return blobs.get(checked(key)) ?? null;
    },
    async size(key) {
      return blobs.get(checked(key))?.length ?? null;
    },
    async read(key, range) {
      const bytes = blobs.get(checked(key));
      if (!bytes) return null;
      return Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]);
    },
    async withLocalFile(key, work) {
      const bytes = blobs.get(checked(key));
      if (!bytes) {
        throw Object.assign(new Error(`ENOENT: no blob ${key}`), { code: 'ENOENT' });
      }
      const folder = await mkdtemp(path.join(tmpdir(), 'plotline-fake-blob-'));
      try {
        const file = path.join(folder, path.basename(key));
        await writeFile(file, bytes);
        return await work(file);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    async delete(key) {
      blobs.delete(checked(key));
    },
    async deletePrefix(prefix) {
      for (const key of under(prefix)) blobs.delete(key);
    },
    publicUrl(key) {
      return `https://blobs.test/${checked(key)}`;
    },
    async ping() {},
    async signedUrl() {
      return null;
    },
  };

  return {
    ...store,
    /** Every stored key, sorted. */
    keys: () => [...blobs.keys()].sort(),
    /** The folders right under `root` that hold blobs (`hls/<id>` for 'hls'), sorted. */
    prefixes: (root: string) =>
      [
        ...new Set(
          [...blobs.keys()]
            .filter((key) => key.startsWith(`${root}/`))
            .map((key) => key.split('/').slice(0, 2).join('/')),
        ),
      ].sort(),
  };
}

export type FakeBlobStore = ReturnType<typeof createFakeBlobStore>;
