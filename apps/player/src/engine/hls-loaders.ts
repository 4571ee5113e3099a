import {
  LoadStats,
  type FragmentLoaderContext,
  type HlsConfig,
  type Loader,
  type LoaderCallbacks,
  type LoaderConfiguration,
  type LoaderStats,
  type PlaylistLoaderContext,
} from 'hls.js/light';
import { parseJoinedUrl, type JoinedStream } from './joined-stream.ts';
import type { SegmentPrefetcher } from './segment-prefetcher.ts';

/**
 * hls.js's playlist loader (`pLoader`), answering from memory for the joined stream: the master at
 * once, a media playlist when the stream can answer it (a blocking reload waits for the next item).
 * hls.js makes one loader per request, hence a class made per stream.
 */
export function joinedPlaylistLoader(stream: JoinedStream) {
  return class JoinedPlaylistLoader implements Loader<PlaylistLoaderContext> {
    context: PlaylistLoaderContext | null = null;
    stats: LoaderStats = new LoadStats();
    private cancel = () => {};

    constructor(_config: HlsConfig) {}

    load(
      context: PlaylistLoaderContext,
      _config: LoaderConfiguration,
      callbacks: LoaderCallbacks<PlaylistLoaderContext>,
    ) {
      this.context = context;
      const stats = this.stats;
      stats.loading.start = performance.now();
      const request = parseJoinedUrl(context.url);
      if (!request) {
        const text = `Not a playlist of the joined stream: ${context.url}`;
        queueMicrotask(() => callbacks.onError({ code: 404, text }, context, null, stats));
        return;
      }
      this.cancel = stream.whenReady(request, () => {
        const text = stream.render(request);
        // Answered now: hls.js measures a playlist's age from its first byte, and an old one
        // would make it stop asking for the next item at once.
        stats.loading.first = stats.loading.end = performance.now();
        stats.loaded = stats.total = text.length;
        callbacks.onSuccess({ url: context.url, data: text }, stats, context, null);
      });
    }

    abort() {
      this.cancel();
      this.stats.aborted = true;
    }

    destroy() {
      this.cancel();
    }
  };
}

/** Sees every segment before hls.js does, with the fragment it is for. */
export type BeforeParsing = (frag: FragmentLoaderContext['frag'], data: ArrayBuffer) => void;

/**
 * hls.js's fragment loader (`fLoader`): a segment the prefetcher holds is handed over from memory,
 * any other is loaded by hls.js's own loader; `beforeParsing` sees each one first.
 */
export function prefetchingFragmentLoader(
  prefetcher: SegmentPrefetcher,
  beforeParsing: BeforeParsing,
) {
  return class PrefetchingFragmentLoader implements Loader<FragmentLoaderContext> {
    context: FragmentLoaderContext | null = null;
    stats: LoaderStats = new LoadStats();
    private network: Loader<FragmentLoaderContext> | null = null;
    private stopped = false;

    constructor(private readonly config: HlsConfig) {}

    load(
      context: FragmentLoaderContext,
      loaderConfig: LoaderConfiguration,
      callbacks: LoaderCallbacks<FragmentLoaderContext>,
    ) {
      this.context = context;
      // hls.js asks for a whole segment with rangeStart and rangeEnd 0 (its loader sends a Range
      // header only for a rangeEnd); a byte range of a segment is not what was fetched ahead.
      const ranged = Boolean(context.rangeEnd);
      const held = ranged ? undefined : prefetcher.take(context.url);
      const onSuccess: typeof callbacks.onSuccess = (response, stats, loaded, details) => {
        beforeParsing(loaded.frag, response.data as ArrayBuffer);
        callbacks.onSuccess(response, stats, loaded, details);
      };
      if (!held) {
        this.loadFromNetwork(context, loaderConfig, { ...callbacks, onSuccess });
        return;
      }
      held.then(
        ({ data, firstByteMs, loadMs }) => {
          if (this.stopped) return;
          // ABR learns from the download as it happened, not from a copy out of memory, which
          // would look like an endless bandwidth and send it to the highest level.
          const now = performance.now();
          const { loading } = this.stats;
          loading.start = now - loadMs;
          loading.first = loading.start + firstByteMs;
          loading.end = now;
          this.stats.loaded = this.stats.total = data.byteLength;
          onSuccess({ url: context.url, data }, this.stats, context, null);
        },
        () => {
          if (!this.stopped)
            this.loadFromNetwork(context, loaderConfig, { ...callbacks, onSuccess });
        },
      );
    }

    private loadFromNetwork(
      context: FragmentLoaderContext,
      loaderConfig: LoaderConfiguration,
      callbacks: LoaderCallbacks<FragmentLoaderContext>,
    ) {
      const network = new this.config.loader(this.config) as Loader<FragmentLoaderContext>;
      this.network = network;
      this.stats = network.stats;
      network.load(context, loaderConfig, callbacks);
    }

    abort() {
      this.stopped = true;
      this.stats.aborted = true;
      this.network?.abort();
    }

    destroy() {
      this.stopped = true;
      this.network?.destroy();
      this.network = null;
    }
  };
}
