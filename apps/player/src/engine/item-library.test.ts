import { describe, expect, it, vi } from 'vitest';
import { ItemLibrary, type FetchText } from './item-library.ts';
import { makeVariant } from './test/fakes.ts';

/** A CDN of two items: `big` made from a 1080p source, `small` from a 480p one. */
const FILES: Record<string, string> = {
  'https://cdn.test/big/master.m3u8': [
    '#EXTM3U',
    '#EXT-X-STREAM-INF:BANDWIDTH=5500000,RESOLUTION=1920x1080',
    '1080p/index.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=1280x720',
    '720p/index.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360',
    '360p/index.m3u8',
  ].join('\n'),
  'https://cdn.test/small/master.m3u8': [
    '#EXTM3U',
    '#EXT-X-STREAM-INF:BANDWIDTH=1500000,RESOLUTION=854x480',
    '480p/index.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360',
    '360p/index.m3u8',
  ].join('\n'),
};
const MEDIA = '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nsegment-0000.ts\n#EXT-X-ENDLIST\n';

function cdn() {
  return vi.fn<FetchText>(async (url) => FILES[url] ?? (url.endsWith('index.m3u8') ? MEDIA : ''));
}

describe('ItemLibrary', () => {
  it('matches every level of the joined stream with a rendition of the item', async () => {
    const fetchText = cdn();
    const library = new ItemLibrary(new AbortController().signal, fetchText);
    const levels = [makeVariant(1080), makeVariant(720), makeVariant(360)];
    const item = await library.joinedItem('https://cdn.test/small/master.m3u8', levels);
    expect(item.levels.map((playlist) => playlist.segments[0]!.uri)).toEqual([
      'https://cdn.test/small/480p/segment-0000.ts',
      'https://cdn.test/small/480p/segment-0000.ts',
      'https://cdn.test/small/360p/segment-0000.ts',
    ]);
    // The master and the two renditions used, each once.
    expect(fetchText).toHaveBeenCalledTimes(3);
  });

  it('fetches each playlist once however often it is asked for', async () => {
    const fetchText = cdn();
    const library = new ItemLibrary(new AbortController().signal, fetchText);
    const url = 'https://cdn.test/big/master.m3u8';
    const levels = await library.variants(url);
    await Promise.all([library.joinedItem(url, levels), library.joinedItem(url, levels)]);
    expect(fetchText).toHaveBeenCalledTimes(4);
  });

  it('tries again after a failure', async () => {
    const fetchText = vi
      .fn<FetchText>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(cdn());
    const library = new ItemLibrary(new AbortController().signal, fetchText);
    const url = 'https://cdn.test/big/master.m3u8';
    await expect(library.variants(url)).rejects.toThrow('offline');
    await expect(library.variants(url)).resolves.toHaveLength(3);
  });
});
