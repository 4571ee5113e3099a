/** A segment fetched ahead, with how long its download took (ABR is given those figures). */
export interface PrefetchedSegment {
  data: ArrayBuffer;
  /** From the request to the response's headers. */
  firstByteMs: number;
  /** From the request to the last byte. */
  loadMs: number;
}

export type FetchSegment = (url: string, signal: AbortSignal) => Promise<PrefetchedSegment>;

export const fetchSegment: FetchSegment = async (url, signal) => {
  const start = performance.now();
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const firstByteMs = performance.now() - start;
  const data = await response.arrayBuffer();
  return { data, firstByteMs, loadMs: performance.now() - start };
};

interface Entry {
  group: string;
  pending: Promise<PrefetchedSegment>;
  controller: AbortController;
}

/**
 * The first segments of every option of the coming choice, held in memory until hls.js asks for
 * one of them (then handed over and forgotten) or the options change (then dropped). A request
 * for a segment still downloading waits for that download instead of starting another.
 */
export class SegmentPrefetcher {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly fetchOne: FetchSegment = fetchSegment) {}

  /** Fetches `urls` unless held already; `group` names what they belong to (an item). */
  prefetch(group: string, urls: readonly string[]) {
    for (const url of urls) {
      if (this.entries.has(url)) continue;
      const controller = new AbortController();
      const pending = this.fetchOne(url, controller.signal);
      const entry = { group, pending, controller };
      this.entries.set(url, entry);
      // A failed prefetch is simply not there: hls.js then loads the segment itself.
      pending.catch(() => {
        if (this.entries.get(url) === entry) this.entries.delete(url);
      });
    }
  }

  /** Hands a held segment over (it is no longer held), or undefined. */
  take(url: string): Promise<PrefetchedSegment> | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    this.entries.delete(url);
    return entry.pending;
  }

  /** Drops, and stops downloading, every segment whose group is not kept. */
  keepOnly(groups: ReadonlySet<string>) {
    for (const [url, entry] of this.entries) {
      if (groups.has(entry.group)) continue;
      entry.controller.abort();
      this.entries.delete(url);
    }
  }

  get heldUrls(): string[] {
    return [...this.entries.keys()];
  }
}

/** The first segments of a playlist that cover `seconds` (at least one). */
export function leadingSegments(
  segments: readonly { uri: string; durationSeconds: number }[],
  seconds: number,
): string[] {
  const urls: string[] = [];
  let covered = 0;
  for (const segment of segments) {
    if (urls.length > 0 && covered >= seconds) break;
    urls.push(segment.uri);
    covered += segment.durationSeconds;
  }
  return urls;
}
