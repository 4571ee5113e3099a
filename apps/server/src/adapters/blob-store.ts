import { createReadStream, createWriteStream } from 'node:fs';
import {
  access,
  constants,
  copyFile,
  cp,
  mkdir,
  readFile,
  rename,
  rm,
  stat,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An inclusive byte range, as HTTP Range requests name one. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded and produced files live: a local directory by default, S3-compatible storage at
 * scale. Keys are relative paths (`hls/3f2a…/720p/segment-0001.ts`); a key is written once and
 * never changed, so everything public can be cached for good. Writes are atomic: a reader sees a
 * blob whole or not at all.
 */
export interface BlobStore {
  /** Stores `data` under `key`, streamed: a stream is never held whole in memory. */
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** Moves a local file in under `key`; the file is gone afterwards. */
  putFile(key: string, file: string): Promise<void>;
  /** Moves a local directory in, each file under `prefix/<its relative path>`; the directory is gone afterwards. */
  putDirectory(prefix: string, dir: string): Promise<void>;
  /** The bytes of a small blob, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The blob's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The blob's bytes (all, or `range`) as a stream, or null when there is none. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /**
   * Runs `work` with a local file holding the blob, for tools that read files (ffmpeg). The local
   * store lends its own file; a remote store would download to a temporary one and remove it after.
   */
  withLocalFile<T>(key: string, work: (file: string) => Promise<T>): Promise<T>;
  delete(key: string): Promise<void>;
  /** Removes every blob under `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Where a browser fetches the blob: the API's media route, or for S3 with S3_PUBLIC_URL the
   * CDN or public bucket in front of it.
   */
  publicUrl(key: string): string;
  /**
   * A short-lived URL to the blob in the store itself, where the media route sends browsers
   * rather than streaming the bytes; null when the route streams them.
   */
  signedUrl(key: string): Promise<string | null>;
  /** Resolves when the store can be written to now; rejects with the reason otherwise (`/api/ready`). */
  ping(): Promise<void>;
}

/** Served by `GET /api/media/*`, from whichever store. */
export const LOCAL_MEDIA_ROUTE = '/api/media/';

const SAFE_KEY = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;
const SAFE_PREFIX = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)*$/;

/** Keys are relative paths of safe names; nothing may climb out of the root. */
export function isSafeBlobKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '.' || part === '..');
}

function assertSafe(key: string, pattern: RegExp): void {
  if (!pattern.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`Unsafe blob key: ${key}`);
  }
}

export const assertSafeBlobKey = (key: string) => assertSafe(key, SAFE_KEY);
export const assertSafeBlobPrefix = (prefix: string) => assertSafe(prefix, SAFE_PREFIX);

/** A rename, or a copy when the two paths are on different file systems. */
async function move(from: string, to: string, isDir: boolean): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    if (isDir) await cp(from, to, { recursive: true });
    else await copyFile(from, to);
    await rm(from, { recursive: true, force: true });
  }
}

function missingAsNull<T>(error: unknown): T | null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw error;
}

export function createLocalBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    assertSafeBlobKey(key);
    return path.join(root, key);
  };
  const dirOf = (prefix: string) => {
    assertSafeBlobPrefix(prefix);
    return path.join(root, prefix);
  };
  // Written beside the target and renamed, so a reader never sees half a file.
  const partialOf = (file: string) => `${file}.${process.pid}-${Date.now()}.partial`;

  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = partialOf(file);
      try {
        await pipeline(
          Buffer.isBuffer(data) ? [data] : data,
          createWriteStream(partial, { flags: 'wx' }),
        );
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async putFile(key, source) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await move(source, file, false);
    },
    async putDirectory(prefix, source) {
      const dir = dirOf(prefix);
      await mkdir(path.dirname(dir), { recursive: true });
      await rm(dir, { recursive: true, force: true });
      await move(source, dir, true);
    },
    async get(key) {
      return readFile(fileOf(key)).catch(missingAsNull<Buffer>);
    },
    async size(key) {
      const info = await stat(fileOf(key)).catch(missingAsNull<{ size: number }>);
      return info?.size ?? null;
    },
    async read(key, range) {
      const file = fileOf(key);
      const exists = await stat(file).catch(missingAsNull);
      if (!exists) return null;
      return createReadStream(file, range ?? {});
    },
    async withLocalFile(key, work) {
      const file = fileOf(key);
      await stat(file);
      return work(file);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(dirOf(prefix), { recursive: true, force: true });
    },
    publicUrl(key) {
      assertSafeBlobKey(key);
      return `${LOCAL_MEDIA_ROUTE}${key}`;
    },
    async signedUrl() {
      return null;
    },
    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
