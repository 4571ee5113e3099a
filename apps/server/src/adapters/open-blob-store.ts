import path from 'node:path';
import { createLocalBlobStore, type BlobStore } from './blob-store.ts';
import type { S3Settings } from './s3-blob-store.ts';
import { removeDeadProcessesFolders } from './scratch-folders.ts';

/**
 * The process's blob store: the S3 bucket when one is set, else DATA_DIR/blobs. An S3 store lends
 * files to ffmpeg from `workDir/lent`, where a killed process's downloads are removed here.
 */
export async function openBlobStore(
  s3: S3Settings | null,
  dirs: { dataDir: string; workDir: string },
): Promise<BlobStore> {
  if (!s3) return createLocalBlobStore(path.join(dirs.dataDir, 'blobs'));
  const lent = path.join(dirs.workDir, 'lent');
  await removeDeadProcessesFolders(lent);
  // The AWS SDK is loaded only by processes that use it.
  const { createS3BlobStore } = await import('./s3-blob-store.ts');
  return createS3BlobStore(s3, lent);
}
