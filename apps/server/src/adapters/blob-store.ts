import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live: a local directory by default, S3-compatible storage at scale. */
export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when there is no such blob. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** Keys are relative paths such as `avatars/3f2a.png`; nothing may climb out of the root. */
function assertSafeKey(key: string): void {
  if (!/^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/.test(key) || key.split('/').includes('..')) {
    throw new Error(`Unsafe blob key: ${key}`);
  }
}

export function createLocalBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed, so a reader never sees half a file.
      const partial = `${file}.partial`;
      await writeFile(partial, data);
      await rename(partial, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
