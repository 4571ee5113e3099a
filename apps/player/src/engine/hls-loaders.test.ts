import type {
  FragmentLoaderContext,
  HlsConfig,
  Loader,
  LoaderCallbacks,
  LoaderConfiguration,
} from 'hls.js/light';
import { describe, expect, it, vi } from 'vitest';
import { prefetchingFragmentLoader } from './hls-loaders.ts';
import { SegmentPrefetcher, type FetchSegment } from './segment-prefetcher.ts';

const URL_0 = 'https://cdn.test/opening/360p/segment-0000.ts';

/** hls.js's own loader, standing in for the network: which URLs it was asked for. */
function networkLoader(asked: string[]) {
  return class NetworkLoader {
    stats = { loading: { start: 0, first: 0, end: 0 }, loaded: 0, total: 0, aborted: false };
    load(context: FragmentLoaderContext, _config: unknown, callbacks: LoaderCallbacks<never>) {
      asked.push(context.url);
      callbacks.onSuccess(
        { url: context.url, data: new ArrayBuffer(1) },
        this.stats as never,
        context as never,
        null,
      );
    }
    abort() {}
    destroy() {}
  };
}

/** A fragment request as hls.js 1.7 makes it (createLoaderContext): ranges 0 for a whole segment. */
const request = (url: string, range = { rangeStart: 0, rangeEnd: 0 }) =>
  ({ url, frag: { sn: 0, cc: 0 }, responseType: 'arraybuffer', headers: {}, ...range }) as never;

async function load(context: FragmentLoaderContext, prefetcher: SegmentPrefetcher) {
  const asked: string[] = [];
  const beforeParsing = vi.fn();
  const Loader = prefetchingFragmentLoader(prefetcher, beforeParsing);
  const loader = new Loader({
    loader: networkLoader(asked),
  } as unknown as HlsConfig) as Loader<FragmentLoaderContext>;
  const loaded = await new Promise<{ data: ArrayBuffer; stats: Loader<never>['stats'] }>(
    (resolve, reject) =>
      loader.load(context, {} as LoaderConfiguration, {
        onSuccess: (response, stats) =>
          resolve({ data: response.data as ArrayBuffer, stats: stats as never }),
        onError: (error) => reject(new Error(error.text)),
        onTimeout: () => reject(new Error('timeout')),
      }),
  );
  return { asked, loaded, beforeParsing };
}

describe('prefetchingFragmentLoader', () => {
  const fetchOne = vi.fn<FetchSegment>(async () => ({
    data: new ArrayBuffer(480),
    firstByteMs: 30,
    loadMs: 120,
  }));

  it('hands over a whole segment fetched ahead, with its download’s timing, and nothing goes to the network', async () => {
    const prefetcher = new SegmentPrefetcher(fetchOne);
    prefetcher.prefetch('opening', [URL_0]);
    const { asked, loaded, beforeParsing } = await load(request(URL_0), prefetcher);
    expect(asked).toEqual([]);
    expect(loaded.data.byteLength).toBe(480);
    expect(loaded.stats.loading.end - loaded.stats.loading.start).toBeCloseTo(120, 0);
    expect(beforeParsing).toHaveBeenCalledOnce();
    expect(prefetcher.heldUrls).toEqual([]);
  });

  it('loads from the network what is not held, and a byte range of a held one', async () => {
    const prefetcher = new SegmentPrefetcher(fetchOne);
    prefetcher.prefetch('opening', [URL_0]);
    const other = 'https://cdn.test/opening/360p/segment-0001.ts';
    expect((await load(request(other), prefetcher)).asked).toEqual([other]);
    const ranged = await load(request(URL_0, { rangeStart: 0, rangeEnd: 188 }), prefetcher);
    expect(ranged.asked).toEqual([URL_0]);
    expect(prefetcher.heldUrls).toEqual([URL_0]);
  });
});
