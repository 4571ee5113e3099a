import type { BlobStore } from '../../adapters/blob-store.ts';
import type { DeletedContent } from './movie-contents.repository.ts';

/**
 * The blob folder of a project's linear cuts (`cuts/<movieId>/<uuid>.mp4`): deleting the project
 * removes it whole, whatever renders finish meanwhile.
 */
export const linearCutsFolder = (movieId: number) => `cuts/${movieId}`;

/** The folder of a blob key: an HLS output lives under one random prefix. */
export const prefixOf = (key: string) => key.slice(0, key.lastIndexOf('/'));

/**
 * Removes the files of a deleted clip or bridge: its source, its renditions and poster (each HLS
 * output lives under a prefix of its own), its subtitles.
 */
export async function removeContentFiles(
  blobs: Pick<BlobStore, 'delete' | 'deletePrefix'>,
  deleted: Pick<DeletedContent, 'sourceKey' | 'hlsKey' | 'thumbnailKey' | 'subtitleKeys'>,
): Promise<void> {
  const prefixes = new Set(
    [deleted.hlsKey, deleted.thumbnailKey]
      .filter((key) => key !== null)
      .map((key) => prefixOf(key)),
  );
  await Promise.all([
    blobs.delete(deleted.sourceKey),
    ...[...prefixes].map((prefix) => blobs.deletePrefix(prefix)),
    ...deleted.subtitleKeys.map((key) => blobs.delete(key)),
  ]);
}
