import {
  itemDuration,
  lastSequenceNumber,
  renderJoinedMaster,
  renderJoinedMedia,
  type JoinedItem,
} from './joined-playlist.ts';
import type { Variant } from './m3u8.ts';

/** hls.js resolves level URIs against this; the player's playlist loader answers for it. */
export const JOINED_MASTER_URL = 'https://joined.plotline.invalid/master.m3u8';
const LEVEL_FILE = /\/level-(\d+)\.m3u8$/;

export type JoinedRequest =
  | { kind: 'master' }
  | { kind: 'level'; level: number; /** LL-HLS `_HLS_msn`: answer once it exists. */ msn?: number };

/** What a playlist URL hls.js asks for means; null for any other URL. */
export function parseJoinedUrl(url: string): JoinedRequest | null {
  const parsed = new URL(url);
  if (parsed.origin !== new URL(JOINED_MASTER_URL).origin) return null;
  if (parsed.pathname === new URL(JOINED_MASTER_URL).pathname) return { kind: 'master' };
  const level = LEVEL_FILE.exec(parsed.pathname)?.[1];
  if (level === undefined) return null;
  const msn = parsed.searchParams.get('_HLS_msn');
  return msn === null
    ? { kind: 'level', level: Number(level) }
    : { kind: 'level', level: Number(level), msn: Number(msn) };
}

export const levelUri = (level: number) => `level-${level}.m3u8`;

/**
 * The path being played as one growing stream: items are appended while the previous one plays,
 * and a playlist request waits (a blocking reload) until what it asks for is there.
 */
export class JoinedStream {
  private readonly items: JoinedItem[] = [];
  private complete = false;
  private waiters = new Set<{ msn: number | undefined; ready: () => void }>();

  constructor(readonly levels: readonly Variant[]) {}

  get itemCount() {
    return this.items.length;
  }

  get isComplete() {
    return this.complete;
  }

  /** Media sequence numbers of an item's first and last segments. */
  sequenceRange(item: number): { first: number; last: number } {
    const first = lastSequenceNumber(this.items.slice(0, item)) + 1;
    return { first, last: first + this.items[item]!.levels[0]!.segments.length - 1 };
  }

  /** How long each item plays, in the path's order. */
  durations(): number[] {
    return this.items.map(itemDuration);
  }

  append(item: JoinedItem) {
    if (this.complete) throw new Error('The path has ended: nothing can follow it');
    if (item.levels.length !== this.levels.length) {
      throw new Error(
        `An item needs ${this.levels.length} level playlists, got ${item.levels.length}`,
      );
    }
    this.items.push(item);
    this.wake();
  }

  /** The last item appended is an ending: the playlists get `#EXT-X-ENDLIST`. */
  end() {
    this.complete = true;
    this.wake();
  }

  render(request: JoinedRequest): string {
    if (request.kind === 'master') return renderJoinedMaster(this.levels, levelUri);
    if (!(request.level in this.levels)) throw new Error(`No level ${request.level}`);
    return renderJoinedMedia(this.items, request.level, this.complete);
  }

  /**
   * Calls `ready` once the stream can answer a request: the master at once; a media playlist once
   * it has an item, and with `msn` once that segment exists or the stream is complete. Returns
   * a function that cancels the wait.
   */
  whenReady(request: JoinedRequest, ready: () => void): () => void {
    const msn = request.kind === 'level' ? request.msn : undefined;
    const waiter = { msn, ready };
    if (request.kind === 'master' || this.holds(msn)) {
      queueMicrotask(() => {
        if (this.waiters.has(waiter)) {
          this.waiters.delete(waiter);
          ready();
        }
      });
    }
    this.waiters.add(waiter);
    return () => this.waiters.delete(waiter);
  }

  private holds(msn: number | undefined) {
    if (this.items.length === 0) return this.complete;
    return this.complete || msn === undefined || msn <= lastSequenceNumber(this.items);
  }

  private wake() {
    for (const waiter of [...this.waiters]) {
      if (this.holds(waiter.msn)) {
        this.waiters.delete(waiter);
        waiter.ready();
      }
    }
  }
}
