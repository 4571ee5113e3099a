import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore, ServerOptions } from '@tus/server';
import type { BlobStore } from '../../adapters/blob-store.ts';
import type { S3Settings } from '../../adapters/s3-blob-store.ts';

/** Where resumable uploads wait for their next bytes, and how a finished one is read. */
export interface TusStorage {
  datastore: DataStore;
  /** How uploads are named and found from their URLs, when the store needs more than tus's default. */
  naming: Pick<ServerOptions, 'namingFunction' | 'generateUrl' | 'getFileIdFromRequest'>;
  /** The upload id an upload's URL names by its last segment, as tus reads it; undefined for none. */
  idOf(name: string): string | undefined;
  /** Runs `work` with a local file holding a finished upload's bytes. */
  withFinishedFile<T>(id: string, work: (file: string) => Promise<T>): Promise<T>;
  /** Forgets a finished upload: its bytes and its state. */
  removeFinished(id: string): Promise<void>;
}

/** Partial uploads as files in `dir`, on the API process's disk: one process, or a shared disk. */
export function fileTusStorage(dir: string, expiryMs: number): TusStorage {
  const datastore = new FileStore({ directory: dir, expirationPeriodInMilliseconds: expiryMs });
  return {
    datastore,
    naming: {},
    idOf: (name) => name,
    withFinishedFile: (id, work) => work(path.join(dir, id)),
    async removeFinished(id) {
      // The file may be gone already: storing it moved it into the blob store.
      await datastore.remove(id).catch(() => datastore.configstore.delete(id));
    },
  };
}

/**
 * The storage of resumable uploads: the media bucket when S3 is set (its SDK loaded only then),
 * else files in `dir` on the API process's disk.
 */
export async function openTusStorage(options: {
  dir: string;
  s3: { settings: S3Settings; blobs: BlobStore } | null;
  expiryMs: number;
}): Promise<TusStorage> {
  if (!options.s3) return fileTusStorage(options.dir, options.expiryMs);
  const { s3TusStorage } = await import('./tus-s3-storage.ts');
  return s3TusStorage(options.s3.settings, options.s3.blobs, options.expiryMs);
}
