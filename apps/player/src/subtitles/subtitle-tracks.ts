import type { WatchItem } from '../story/story.ts';
import { parseWebVtt, shiftCues, type SubtitleCue } from './webvtt.ts';

/** What of a TextTrack the subtitles use; a `<track>` element's `track` in the page. */
export interface CueTrack {
  mode: TextTrackMode;
  readonly cues: ArrayLike<TextTrackCue> | null;
  addCue(cue: TextTrackCue): void;
  removeCue(cue: TextTrackCue): void;
}

export interface SubtitleTracksOptions {
  /** The track of each language that has subtitles, by language id. */
  tracks: ReadonlyMap<number, CueTrack>;
  fetchText?: (url: string) => Promise<string>;
  makeCue?: (cue: SubtitleCue) => TextTrackCue;
}

/**
 * The subtitles of the path playing as one stream: each node has its own WebVTT file per
 * language, timed from the node's start, so its cues are shifted to where the node starts on the
 * video's timeline and put on the chosen language's track. Only the node on screen has cues: a
 * stream opened again (going back to a choice) starts its timeline at 0 again.
 */
export class SubtitleTracks {
  private readonly tracks: ReadonlyMap<number, CueTrack>;
  private readonly fetchText: (url: string) => Promise<string>;
  private readonly makeCue: (cue: SubtitleCue) => TextTrackCue;
  private readonly files = new Map<string, Promise<SubtitleCue[]>>();
  private language: number | null = null;
  private node: { item: WatchItem; at: number } | null = null;
  /** Counts changes, so cues loaded for an earlier node or language are dropped. */
  private generation = 0;

  constructor({ tracks, fetchText = fetchVtt, makeCue = vttCue }: SubtitleTracksOptions) {
    this.tracks = tracks;
    this.fetchText = fetchText;
    this.makeCue = makeCue;
  }

  /** The language shown, or null for none. */
  get selected(): number | null {
    return this.language;
  }

  /** Shows the subtitles of `languageId` (null: off). */
  select(languageId: number | null): Promise<void> {
    const next = languageId !== null && this.tracks.has(languageId) ? languageId : null;
    this.clear();
    this.language = next;
    return this.fill();
  }

  /** The node `item` starts `at` seconds into the video's timeline. */
  showNode(item: WatchItem, at: number): Promise<void> {
    this.clear();
    this.node = { item, at };
    return this.fill();
  }

  /** Fetches the subtitles of a node coming next, so they are ready when it starts. */
  preload(item: WatchItem): void {
    const url = this.urlOf(item);
    if (url) this.cuesOf(url).catch(() => {});
  }

  private async fill() {
    // Set each time: the browser may pick a track itself when the stream is opened again.
    for (const [id, track] of this.tracks)
      track.mode = id === this.language ? 'showing' : 'disabled';
    const generation = ++this.generation;
    const track = this.language === null ? undefined : this.tracks.get(this.language);
    const url = this.node && this.urlOf(this.node.item);
    if (!track || !url || !this.node) return;
    const { at } = this.node;
    let cues: SubtitleCue[];
    try {
      cues = await this.cuesOf(url);
    } catch {
      // A node without its subtitles plays on without them.
      return;
    }
    if (generation !== this.generation) return;
    for (const cue of shiftCues(cues, at)) track.addCue(this.makeCue(cue));
  }

  private clear() {
    this.generation += 1;
    for (const track of this.tracks.values()) {
      const cues = track.cues ? Array.from(track.cues) : [];
      for (const cue of cues) track.removeCue(cue);
    }
  }

  private urlOf(item: WatchItem): string | null {
    return item.subtitles.find((file) => file.language_id === this.language)?.url ?? null;
  }

  private cuesOf(url: string): Promise<SubtitleCue[]> {
    let cues = this.files.get(url);
    if (!cues) {
      cues = this.fetchText(url).then(parseWebVtt);
      // A failed file may be asked for again later.
      cues.catch(() => this.files.delete(url));
      this.files.set(url, cues);
    }
    return cues;
  }
}

async function fetchVtt(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'omit' });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

function vttCue({ start, end, text }: SubtitleCue): TextTrackCue {
  return new VTTCue(start, end, text);
}
