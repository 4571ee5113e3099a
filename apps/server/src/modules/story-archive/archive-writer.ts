import type { Readable } from 'node:stream';
import { STORY_FILE } from '@plotline/core';
import yazl from 'yazl';
import type { BlobStore } from '../../adapters/blob-store.ts';

/**
 * Writes a story archive as a stream: story.json, then each file read from the blob store only
 * when the zip reaches it (`addReadStreamLazy`), so one file at a time is open and none is held
 * in memory; the zip's own stream applies the client's backpressure to the store's. Entries are
 * stored, not deflated: videos and pictures do not shrink, and stored entries of known sizes give
 * the zip's exact size before it is written, which the answer's Content-Length carries.
 */
export async function writeArchive(
  story: Buffer,
  files: { path: string; key: string; bytes: number }[],
  blobs: Pick<BlobStore, 'read'>,
  at: Date,
): Promise<{ stream: Readable; bytes: number }> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(story, STORY_FILE, { compress: false, mtime: at });
  for (const file of files) {
    zip.addReadStreamLazy(file.path, { compress: false, size: file.bytes, mtime: at }, (done) => {
      blobs.read(file.key).then(
        (stream) => done(stream ? null : new Error(`${file.key} is missing`), stream!),
        (error: unknown) => done(error, undefined as never),
      );
    });
  }
  const bytes = await new Promise<number>((resolve) => {
    zip.end(undefined, ((total: number) => resolve(total)) as () => void);
  });
  return { stream: zip.outputStream as Readable, bytes };
}
