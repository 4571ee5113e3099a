// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPTIONS_LEAD_SECONDS, type PlayerNode } from './branch-player.ts';
import { HlsBranchPlayer } from './hls-branch-player.ts';
import type { FetchText } from './item-library.ts';
import type { FetchSegment } from './segment-prefetcher.ts';
import { ItemLibrary } from './item-library.ts';
import { fetchOpening, type OpeningFetch } from './opening.ts';
import { SegmentPrefetcher } from './segment-prefetcher.ts';
import { FakeHls } from './test/fake-hls.ts';

const SEGMENT_SECONDS = 2;
/** How long each item of the test CDN plays. */
const SECONDS: Record<string, number> = { opening: 4, question: 12, short: 4, left: 6, right: 6 };
/** The transcoder's ladder for a 720p source, highest first as its master lists it. */
const RUNGS = ['720p', '480p', '360p'];

/** A CDN of items, each a master of RUNGS and media playlists of 2 s segments. */
const fetchText = vi.fn<FetchText>(async (url) => {
  const [, item, file] = /^https:\/\/cdn\.test\/(\w+)\/(.+)$/.exec(url)!;
  if (file === 'master.m3u8') {
    return [
      '#EXTM3U',
      ...RUNGS.flatMap((rung) => {
        const height = Number.parseInt(rung, 10);
        const width = Math.round((height * 16) / 9 / 2) * 2;
        return [
          `#EXT-X-STREAM-INF:BANDWIDTH=${height * 4000},RESOLUTION=${width}x${height},CODECS="avc1.64001f,mp4a.40.2"`,
          `${rung}/index.m3u8`,
        ];
      }),
    ].join('\n');
  }
  const count = SECONDS[item!]! / SEGMENT_SECONDS;
  return [
    '#EXTM3U',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    ...Array.from({ length: count }, (_, index) => [
      `#EXTINF:${SEGMENT_SECONDS}.000,`,
      `segment-${String(index).padStart(4, '0')}.ts`,
    ]).flat(),
    '#EXT-X-ENDLIST',
  ].join('\n');
});
const fetchSegment = vi.fn<FetchSegment>(async () => ({
  data: new ArrayBuffer(16),
  firstByteMs: 5,
  loadMs: 20,
}));

const node = (id: number, itemId: string): PlayerNode => ({ id, itemId });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const segmentsFetched = () => fetchSegment.mock.calls.map(([url]) => url);

function setUp(opening?: OpeningFetch) {
  const video = document.createElement('video');
  let time = 0;
  Object.defineProperty(video, 'currentTime', { get: () => time });
  const instances: FakeHls[] = [];
  const player = new HlsBranchPlayer({
    video,
    masterUrl: (itemId) => `https://cdn.test/${itemId}/master.m3u8`,
    createHls: (config) => {
      const hls = new FakeHls(config);
      // hls.js sorts the levels from the lowest: joined level 2 is the first item's 360p.
      hls.useLevels([2, 1, 0]);
      instances.push(hls);
      return hls.asHls();
    },
    fetchText,
    fetchSegment,
    opening,
  });
  /** The video at `seconds` on the joined stream, as its timeupdate reports it. */
  const playAt = (seconds: number) => {
    time = seconds;
    video.dispatchEvent(new Event('timeupdate'));
  };
  return { video, player, instances, playAt, hls: () => instances.at(-1)! };
}

afterEach(() => {
  fetchText.mockClear();
  fetchSegment.mockClear();
});

describe('HlsBranchPlayer before Play', () => {
  it('loads the playlists and the lowest level’s first segment only; hls.js loads nothing', async () => {
    const { player, hls, video } = setUp();
    await player.start(node(1, 'opening'));
    player.choose(node(2, 'question'));
    await flush();

    expect(segmentsFetched()).toEqual(['https://cdn.test/opening/360p/segment-0000.ts']);
    expect(fetchText.mock.calls.every(([url]) => url.endsWith('.m3u8'))).toBe(true);
    expect(hls().config).toMatchObject({ autoStartLoad: false, startLevel: 0 });
    expect(hls().startLoad).not.toHaveBeenCalled();

    video.dispatchEvent(new Event('play'));
    expect(hls().startLoad).toHaveBeenCalledExactlyOnceWith(0);
    player.destroy();
  });

  it('takes over the opening the page fetched while its code loaded, fetching nothing twice', async () => {
    const opening = {
      library: new ItemLibrary(new AbortController().signal, fetchText),
      prefetcher: new SegmentPrefetcher(fetchSegment),
    };
    await fetchOpening(opening, 'https://cdn.test/opening/master.m3u8');
    expect(segmentsFetched()).toEqual(['https://cdn.test/opening/360p/segment-0000.ts']);
    const early = fetchText.mock.calls.length;

    const { player } = setUp(opening);
    await player.start(node(1, 'opening'));
    await flush();
    expect(fetchText.mock.calls.length).toBe(early);
    expect(segmentsFetched()).toHaveLength(1);
    expect(opening.prefetcher.heldUrls).toEqual(['https://cdn.test/opening/360p/segment-0000.ts']);
    player.destroy();
  });

  it('starts loading at once when a session opens after the video has played', async () => {
    const { player, hls, video } = setUp();
    await player.start(node(1, 'opening'));
    video.dispatchEvent(new Event('play'));
    const first = hls();
    await player.restartFrom(0);

    expect(hls()).not.toBe(first);
    expect(hls().startLoad).toHaveBeenCalledWith(0);
    // Only the first session fetched a segment ahead of hls.js.
    expect(segmentsFetched()).toHaveLength(1);
    player.destroy();
  });
});

describe('HlsBranchPlayer prefetching the options', () => {
  /** Plays opening (0–4 s) → question (4–16 s), the question's options being left and right. */
  async function atTheQuestion(question = 'question') {
    const setup = setUp();
    const { player, hls, video, playAt } = setup;
    player.on('nodestart', ({ index }) => {
      if (index === 1) player.prefetch([node(3, 'left'), node(4, 'right')]);
    });
    await player.start(node(1, 'opening'));
    player.choose(node(2, question));
    video.dispatchEvent(new Event('play'));
    await flush();
    hls().parsed(0, 0, 0);
    hls().parsed(1, 2, 4);
    // hls.js loads the first item's 480p (joined level 1), at hls.js's level index 1.
    hls().loadLevel = 1;
    fetchSegment.mockClear();
    playAt(4.1);
    await flush();
    return setup;
  }

  const optionSegments = () => segmentsFetched().filter((url) => /\/(left|right)\//.test(url));

  it('fetches their playlists when the node starts, their segments in its last 8 s only', async () => {
    const { player, playAt } = await atTheQuestion();
    expect(player.currentIndex).toBe(1);
    const playlists = fetchText.mock.calls.map(([url]) => url);
    expect(playlists).toContain('https://cdn.test/left/master.m3u8');
    expect(playlists).toContain('https://cdn.test/right/480p/index.m3u8');
    expect(optionSegments()).toEqual([]);

    const end = 16;
    playAt(end - OPTIONS_LEAD_SECONDS - 0.5);
    await flush();
    expect(optionSegments()).toEqual([]);

    playAt(end - OPTIONS_LEAD_SECONDS + 0.1);
    await flush();
    // The first 4 s (two segments) of each, at the level being loaded.
    expect(optionSegments()).toEqual([
      'https://cdn.test/left/480p/segment-0000.ts',
      'https://cdn.test/left/480p/segment-0001.ts',
      'https://cdn.test/right/480p/segment-0000.ts',
      'https://cdn.test/right/480p/segment-0001.ts',
    ]);

    playAt(end - 2);
    await flush();
    expect(optionSegments()).toHaveLength(4);
    player.destroy();
  });

  it('fetches them as it starts when the node is shorter than the lead', async () => {
    const { player } = await atTheQuestion('short');
    expect(optionSegments()).toEqual([
      'https://cdn.test/left/480p/segment-0000.ts',
      'https://cdn.test/left/480p/segment-0001.ts',
      'https://cdn.test/right/480p/segment-0000.ts',
      'https://cdn.test/right/480p/segment-0001.ts',
    ]);
    player.destroy();
  });

  it('fetches nothing more once one is chosen before the lead', async () => {
    const { player, playAt } = await atTheQuestion();
    player.choose(node(3, 'left'));
    playAt(15);
    await flush();
    expect(optionSegments().filter((url) => url.includes('/right/'))).toEqual([]);
    player.destroy();
  });
});
