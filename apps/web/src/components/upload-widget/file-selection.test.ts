import { UPLOAD_LIMIT_BYTES } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { addToSelection } from './file-selection.ts';

function fileOf(name: string, size: number): File {
  const file = new File(['x'], name, { type: 'video/mp4', lastModified: 1 });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('addToSelection', () => {
  it('adds picks to a multiple selection while the total stays under 1 GB', () => {
    const a = fileOf('a.mp4', 600_000_000);
    const b = fileOf('b.mp4', 399_999_999);
    const c = fileOf('c.mp4', 1);
    expect(addToSelection([a], [b], true)).toEqual({ files: [a, b], tooLarge: false });
    expect(addToSelection([a, b], [c], true)).toEqual({ files: [a, b], tooLarge: true });
  });

  it('leaves out only the files that do not fit', () => {
    const big = fileOf('big.mp4', UPLOAD_LIMIT_BYTES - 10);
    const tooMuch = fileOf('more.mp4', 10);
    const small = fileOf('small.mp4', 9);
    expect(addToSelection([], [big, tooMuch, small], true)).toEqual({
      files: [big, small],
      tooLarge: true,
    });
  });

  it('skips a file that is already chosen', () => {
    const a = fileOf('a.mp4', 10);
    const again = fileOf('a.mp4', 10);
    expect(addToSelection([a], [again], true)).toEqual({ files: [a], tooLarge: false });
  });

  it('replaces a single selection, and keeps it when the new file is too large', () => {
    const a = fileOf('a.mp4', 10);
    const b = fileOf('b.mp4', 20);
    expect(addToSelection([a], [b], false)).toEqual({ files: [b], tooLarge: false });
    const huge = fileOf('huge.mp4', UPLOAD_LIMIT_BYTES);
    expect(addToSelection([a], [huge], false)).toEqual({ files: [a], tooLarge: true });
  });
});
