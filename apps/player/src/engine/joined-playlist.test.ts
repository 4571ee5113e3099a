import { describe, expect, it } from 'vitest';
import {
  itemDuration,
  itemIndexAt,
  lastSequenceNumber,
  placeItems,
  renderJoinedMaster,
  renderJoinedMedia,
} from './joined-playlist.ts';
import { parseMasterPlaylist, parseMediaPlaylist } from './m3u8.ts';
import { makeJoinedItem, makePlaylist, makeVariant } from './test/fakes.ts';

describe('renderJoinedMaster', () => {
  it('lists the levels with what hls.js needs to choose between them', () => {
    const levels = [makeVariant(720, { averageBandwidth: 2_500_000 }), makeVariant(360)];
    const master = renderJoinedMaster(levels, (level) => `level-${level}.m3u8`);
    expect(master).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=2880000,AVERAGE-BANDWIDTH=2500000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=30.000',
        'level-0.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=1440000,RESOLUTION=640x360,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=30.000',
        'level-1.m3u8',
        '',
      ].join('\n'),
    );
    const base = 'https://joined.test/master.m3u8';
    expect(parseMasterPlaylist(master, base).map((variant) => variant.uri)).toEqual([
      'https://joined.test/level-0.m3u8',
      'https://joined.test/level-1.m3u8',
    ]);
  });
});

describe('renderJoinedMedia', () => {
  const a = makeJoinedItem('a', [4, 4]);
  const b = makeJoinedItem('b', [4, 2.5]);

  it('joins the items with a discontinuity before each one after the first', () => {
    expect(renderJoinedMedia([a, b], 1, false)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        '#EXT-X-TARGETDURATION:4',
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-PLAYLIST-TYPE:EVENT',
        '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXTINF:4.000000,',
        'https://cdn.test/a/1/segment-0000.ts',
        '#EXTINF:4.000000,',
        'https://cdn.test/a/1/segment-0001.ts',
        '#EXT-X-DISCONTINUITY',
        '#EXTINF:4.000000,',
        'https://cdn.test/b/1/segment-0000.ts',
        '#EXTINF:2.500000,',
        'https://cdn.test/b/1/segment-0001.ts',
        '',
      ].join('\n'),
    );
  });

  it('ends with ENDLIST once the path is complete', () => {
    const text = renderJoinedMedia([a], 0, true);
    expect(text.endsWith('#EXT-X-ENDLIST\n')).toBe(true);
    expect(parseMediaPlaylist(text, 'https://joined.test/level-0.m3u8').complete).toBe(true);
    expect(parseMediaPlaylist(renderJoinedMedia([a], 0, false), 'https://j.test/').complete).toBe(
      false,
    );
  });

  it('gives every level the first level’s durations, so a node starts at one time in all', () => {
    const uneven = {
      levels: [
        makePlaylist('https://cdn.test/c/720p', [4.0, 3.966667]),
        makePlaylist('https://cdn.test/c/360p', [4.011, 3.95]),
      ],
    };
    const low = parseMediaPlaylist(renderJoinedMedia([uneven], 1, true), 'https://j.test/');
    expect(low.segments).toEqual([
      { uri: 'https://cdn.test/c/360p/segment-0000.ts', durationSeconds: 4 },
      { uri: 'https://cdn.test/c/360p/segment-0001.ts', durationSeconds: 3.966667 },
    ]);
  });

  it('keeps a level’s own durations when its cuts differ from the first level’s', () => {
    const misaligned = {
      levels: [
        makePlaylist('https://cdn.test/d/0', [4, 4]),
        makePlaylist('https://cdn.test/d/1', [6, 2, 0.5]),
      ],
    };
    const text = renderJoinedMedia([misaligned], 1, true);
    expect(
      parseMediaPlaylist(text, 'https://j.test/').segments.map((s) => s.durationSeconds),
    ).toEqual([6, 2, 0.5]);
    expect(text).toContain('#EXT-X-TARGETDURATION:6');
  });

  it('sets the target duration from the longest segment of the path', () => {
    const long = makeJoinedItem('e', [6.2]);
    expect(renderJoinedMedia([a, long], 0, false)).toContain('#EXT-X-TARGETDURATION:7');
  });
});

describe('the joined timeline', () => {
  const items = [
    makeJoinedItem('a', [4, 4]),
    makeJoinedItem('b', [4, 2.5]),
    makeJoinedItem('c', [3]),
  ];

  it('lasts what the segments of each item last', () => {
    expect(items.map(itemDuration)).toEqual([8, 6.5, 3]);
  });

  it('numbers the segments across items', () => {
    expect(lastSequenceNumber(items)).toBe(4);
    expect(lastSequenceNumber([])).toBe(-1);
  });

  it('places items where hls.js put their first picture; one not parsed yet has not started', () => {
    const videoStarts = new Map([
      [0, 0.066667],
      [1, 8.088],
    ]);
    expect(placeItems([8, 6.5, 3], videoStarts)).toEqual([
      { start: 0.066667, end: 8.066667 },
      { start: 8.088, end: 14.588 },
      { start: Number.POSITIVE_INFINITY, end: Number.POSITIVE_INFINITY },
    ]);
  });

  it('finds the item on screen, a hair before its start included', () => {
    const placed = placeItems(
      [8, 6.5, 3],
      new Map([
        [0, 0.066667],
        [1, 8.088],
        [2, 14.588],
      ]),
    );
    expect(itemIndexAt(placed, 0)).toBe(0);
    expect(itemIndexAt(placed, 8.054667)).toBe(0);
    expect(itemIndexAt(placed, 8.087)).toBe(1);
    expect(itemIndexAt(placed, 8.088)).toBe(1);
    expect(itemIndexAt(placed, 14.6)).toBe(2);
    expect(itemIndexAt(placed, 99)).toBe(2);
  });

  it('never moves on to an item that has not been parsed', () => {
    const placed = placeItems([8, 6.5], new Map([[0, 0]]));
    expect(itemIndexAt(placed, 99)).toBe(0);
  });
});
