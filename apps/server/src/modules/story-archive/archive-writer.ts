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
  const output = zip.outputStream as Readable;
  // The file being read: a client that goes away mid-download closes the zip's stream, and yazl
  // would leave its source open (a file, or a request to the bucket); it is closed with it.
  let reading: Readable | null = null;
  output.once('close', () => reading?.destroy());
  zip.addBuffer(story, STORY_FILE, { compress: false, mtime: at });
  for (const file of files) {
    zip.addReadStreamLazy(file.path, { compress: false, size: file.bytes, mtime: at }, (done) => {
      blobs.read(file.key).then(
        (stream) => {
          if (!stream) return done(new Error(`${file.key} is missing`), undefined as never);
          if (output.destroyed) stream.destroy();
          reading = stream;
          done(null, stream);
        },
        (error: unknown) => done(error, undefined as never),
      );
    });
  }
  const bytes = await new Promise<number>((resolve) => {
    zip.end(undefined, ((total: number) => resolve(total)) as () => void);
  });
  return { stream: output, bytes };
}
