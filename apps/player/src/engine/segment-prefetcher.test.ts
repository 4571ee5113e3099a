import { describe, expect, it, vi } from 'vitest';
import { leadingSegments, SegmentPrefetcher, type FetchSegment } from './segment-prefetcher.ts';
import { makePlaylist } from './test/fakes.ts';

const segment = (bytes: number) => ({ data: new ArrayBuffer(bytes), firstByteMs: 5, loadMs: 9 });

describe('leadingSegments', () => {
  const { segments } = makePlaylist('https://cdn.test/a', [2, 2, 2, 1.5]);

  it('takes whole segments until they cover the seconds asked for', () => {
    expect(leadingSegments(segments, 4)).toEqual([
      'https://cdn.test/a/segment-0000.ts',
      'https://cdn.test/a/segment-0001.ts',
    ]);
    expect(leadingSegments(segments, 4.5)).toHaveLength(3);
    expect(leadingSegments(segments, 60)).toHaveLength(4);
  });

  it('takes one segment at least', () => {
    expect(leadingSegments(segments, 0)).toEqual(['https://cdn.test/a/segment-0000.ts']);
  });
});

describe('SegmentPrefetcher', () => {
  it('fetches each URL once and hands it over once', async () => {
    const fetchOne = vi.fn<FetchSegment>(async () => segment(3));
    const prefetcher = new SegmentPrefetcher(fetchOne);
    prefetcher.prefetch('a', ['https://cdn.test/1.ts', 'https://cdn.test/2.ts']);
    prefetcher.prefetch('a', ['https://cdn.test/1.ts']);
    expect(fetchOne).toHaveBeenCalledTimes(2);
    expect((await prefetcher.take('https://cdn.test/1.ts'))?.data.byteLength).toBe(3);
    expect(prefetcher.take('https://cdn.test/1.ts')).toBeUndefined();
    expect(prefetcher.heldUrls).toEqual(['https://cdn.test/2.ts']);
  });

  it('hands over a download still running, without starting another', async () => {
    let finish: (value: ReturnType<typeof segment>) => void = () => {};
    const fetchOne = vi.fn<FetchSegment>(() => new Promise((resolve) => (finish = resolve)));
    const prefetcher = new SegmentPrefetcher(fetchOne);
    prefetcher.prefetch('a', ['https://cdn.test/1.ts']);
    const taken = prefetcher.take('https://cdn.test/1.ts');
    finish(segment(7));
    expect((await taken)?.data.byteLength).toBe(7);
    expect(fetchOne).toHaveBeenCalledOnce();
  });

  it('drops and aborts the groups not kept', () => {
    const signals: AbortSignal[] = [];
    const prefetcher = new SegmentPrefetcher((_url, signal) => {
      signals.push(signal);
      return new Promise(() => {});
    });
    prefetcher.prefetch('a', ['https://cdn.test/a.ts']);
    prefetcher.prefetch('b', ['https://cdn.test/b.ts']);
    prefetcher.keepOnly(new Set(['b']));
    expect(prefetcher.heldUrls).toEqual(['https://cdn.test/b.ts']);
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
  });

  it('forgets a failed download, so the segment is loaded the usual way', async () => {
    const prefetcher = new SegmentPrefetcher(async () => {
      throw new Error('offline');
    });
    prefetcher.prefetch('a', ['https://cdn.test/1.ts']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prefetcher.take('https://cdn.test/1.ts')).toBeUndefined();
  });
});
