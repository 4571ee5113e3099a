import { UPLOAD_LIMIT_BYTES } from '@plotline/core';

export interface SelectionChange {
  files: File[];
  /** Some picked file was left out because the selection would have reached the upload limit. */
  tooLarge: boolean;
}

/** The bytes of a selection. */
export const totalSize = (files: readonly File[]) =>
  files.reduce((sum, file) => sum + file.size, 0);

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Spec §5: the selection's total size stays under the upload limit ("smaller than 1GB"), and a file
 * that would reach it is not added. In single-selection mode a new pick replaces the previous one; a multiple pick adds
 * to it, skipping a file already chosen.
 */
export function addToSelection(
  current: readonly File[],
  picked: readonly File[],
  multiple: boolean,
): SelectionChange {
  if (!multiple) {
    const [file] = picked;
    if (!file) return { files: [...current], tooLarge: false };
    return file.size >= UPLOAD_LIMIT_BYTES
      ? { files: [...current], tooLarge: true }
      : { files: [file], tooLarge: false };
  }
  const files = [...current];
  let tooLarge = false;
  for (const file of picked) {
    if (files.some((chosen) => sameFile(chosen, file))) continue;
    if (totalSize(files) + file.size >= UPLOAD_LIMIT_BYTES) tooLarge = true;
    else files.push(file);
  }
  return { files, tooLarge };
}
