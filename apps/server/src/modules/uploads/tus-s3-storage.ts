import { randomBytes } from 'node:crypto';
import { S3Store } from '@tus/s3-store';
import type { BlobStore } from '../../adapters/blob-store.ts';
import { PART_BYTES, s3ClientConfig, type S3Settings } from '../../adapters/s3-blob-store.ts';
import type { TusStorage } from './tus-storage.ts';

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
  const idOf = (name: string) => (UPLOAD_NAME.test(name) ? `${TUS_PREFIX}${name}` : undefined);
  return {
    datastore,
    naming: {
      namingFunction: () => `${TUS_PREFIX}${randomBytes(16).toString('hex')}`,
      generateUrl: (_request, { path: base, id }) => `${base}/${id.slice(TUS_PREFIX.length)}`,
      getFileIdFromRequest: (_request, name) => (name ? idOf(name) : undefined),
    },
    idOf,
    withFinishedFile: (id, work) => blobs.withLocalFile(id, work),
    async removeFinished(id) {
      // The multipart upload is complete, so aborting it may fail; the objects go all the same.
      await datastore.remove(id).catch(() => undefined);
      await Promise.all([id, `${id}.info`, `${id}.part`].map((key) => blobs.delete(key)));
    },
  };
}
