import { describe, expect, it } from 'vitest';
import { ARCHIVE_FILE_PATTERN, archiveExtension, archiveFolderOf } from './story-archive.ts';

describe('story archive names', () => {
  it('keeps a short plain extension, lower-cased, and nothing else', () => {
    expect(archiveExtension('Opening Scene.MP4')).toBe('.mp4');
    expect(archiveExtension('thumbnails/3f2a.webp')).toBe('.webp');
    expect(archiveExtension('no extension')).toBe('');
    expect(archiveExtension('odd.tar.gz/../x')).toBe('');
    expect(archiveExtension('long.abcdefghi')).toBe('');
  });

  it('names files only as plain names in the three folders', () => {
    for (const good of ['media/item-1.mp4', 'subtitles/item-1.en.srt', 'images/banner-x.png']) {
      expect(ARCHIVE_FILE_PATTERN.test(good), good).toBe(true);
    }
    for (const bad of [
      '../media/a.mp4',
      'media/../../etc/passwd',
      '/media/a.mp4',
      'media\\a.mp4',
      'media/.hidden',
      'media/sub/a.mp4',
      'other/a.mp4',
      'story.json',
    ]) {
      expect(ARCHIVE_FILE_PATTERN.test(bad), bad).toBe(false);
    }
    expect(archiveFolderOf('subtitles/a.srt')).toBe('subtitles');
  });
});
