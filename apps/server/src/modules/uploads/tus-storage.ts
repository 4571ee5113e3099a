import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore, ServerOptions } from '@tus/server';
import type { BlobStore } from '../../adapters/blob-store.ts';
import { PART_BYTES, s3ClientConfig, type S3Settings } from '../../adapters/s3-blob-store.ts';

/** Where resumable uploads wait for their next bytes, and how a finished one is read. */
export interface TusStorage {
  datastore: DataStore;
  /** How uploads are named and found from their URLs, when the store needs more than tus's default. */
  naming: Pick<ServerOptions, 'namingFunction' | 'generateUrl' | 'getFileIdFromRequest'>;
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
    withFinishedFile: (id, work) => work(path.join(dir, id)),
    async removeFinished(id) {
      // The file may be gone already: storing it moved it into the blob store.
      await datastore.remove(id).catch(() => datastore.configstore.delete(id));
    },
  };
}

/** Upload ids in the bucket: the `tus/` folder beside the blob store's, so one lifecycle rule covers them. */
const TUS_PREFIX = 'tus/';
const UPLOAD_NAME = /^[0-9a-f]{32}$/;
/** Parts of one request sent to S3 at once. */
const PART_UPLOADS = 2;

/** @tus/s3-store leaves a terminated upload's last bytes (`<id>.part`, under 5 MiB) in the bucket. */
class TusS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.deleteIncompletePart(id);
  }
}

/**
 * Partial uploads as S3 multipart uploads under `tus/` of the media bucket, so any API process can
 * take up an upload another one started. Each request holds at most one part being received and
 * PART_UPLOADS parts being sent as temporary files (3 × PART_BYTES, 24 MiB), whatever the upload's
 * size; a part under S3's 5 MiB minimum waits in the bucket (`<id>.part`) for the next request.
 */
export function s3TusStorage(settings: S3Settings, blobs: BlobStore, expiryMs: number): TusStorage {
  const datastore = new TusS3Store({
    partSize: PART_BYTES,
    maxConcurrentPartUploads: PART_UPLOADS,
    expirationPeriodInMilliseconds: expiryMs,
    s3ClientConfig: { ...s3ClientConfig(settings), bucket: settings.bucket },
  });
  return {
    datastore,
    naming: {
      namingFunction: () => `${TUS_PREFIX}${randomBytes(16).toString('hex')}`,
      generateUrl: (_request, { path: base, id }) => `${base}/${id.slice(TUS_PREFIX.length)}`,
      getFileIdFromRequest: (_request, name) =>
        name && UPLOAD_NAME.test(name) ? `${TUS_PREFIX}${name}` : undefined,
    },
    withFinishedFile: (id, work) => blobs.withLocalFile(id, work),
    async removeFinished(id) {
      // The multipart upload is complete, so aborting it may fail; the objects go all the same.
      await datastore.remove(id).catch(() => undefined);
      await Promise.all([id, `${id}.info`, `${id}.part`].map((key) => blobs.delete(key)));
    },
  };
}
