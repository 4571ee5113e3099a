import {
  parseMasterPlaylist,
  parseMediaPlaylist,
  type MediaPlaylist,
  type Variant,
} from './m3u8.ts';
import type { JoinedItem } from './joined-playlist.ts';
import { matchRendition } from './renditions.ts';

export type FetchText = (url: string, signal: AbortSignal) => Promise<string>;

export const fetchText: FetchText = async (url, signal) => {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
};

/**
 * Items' playlists, each fetched once (they never change) and kept for the player's life: the
 * master of every item met, and the media playlists of the renditions the joined levels use.
 */
export class ItemLibrary {
  private readonly masters = new Map<string, Promise<Variant[]>>();
  private readonly playlists = new Map<string, Promise<MediaPlaylist>>();

  constructor(
    private readonly signal: AbortSignal,
    private readonly fetchPlaylist: FetchText = fetchText,
  ) {}

  variants(masterUrl: string): Promise<Variant[]> {
    return this.once(this.masters, masterUrl, async () =>
      parseMasterPlaylist(await this.fetchPlaylist(masterUrl, this.signal), masterUrl),
    );
  }

  playlist(url: string): Promise<MediaPlaylist> {
    return this.once(this.playlists, url, async () =>
      parseMediaPlaylist(await this.fetchPlaylist(url, this.signal), url),
    );
  }

  /** The item as the joined stream with these levels plays it: a matched rendition per level. */
  async joinedItem(masterUrl: string, levels: readonly Variant[]): Promise<JoinedItem> {
    const variants = await this.variants(masterUrl);
    const chosen = levels.map((level) => variants[matchRendition(level, variants)]!);
    return { levels: await Promise.all(chosen.map((variant) => this.playlist(variant.uri))) };
  }

  /** A failed fetch is forgotten, so a later call tries again. */
  private once<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>) {
    let pending = cache.get(key);
    if (!pending) {
      pending = load();
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
    }
    return pending;
  }
}
