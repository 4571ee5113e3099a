/** A project's two thumbnails, by their names in the project (spec §3) and in the upload path (§7). */
export const THUMBNAIL_KINDS = ['thumbnailMobile', 'thumbnailDesktop'] as const;
export type ThumbnailKind = (typeof THUMBNAIL_KINDS)[number];

/** Spec §5: images are image/*; the server then checks the bytes. */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}
