import Hls, {
  type ElementaryStreamInfo,
  type ErrorData,
  type Fragment,
  type HlsConfig,
} from 'hls.js/light';
import {
  DEFAULT_PREFETCH_SECONDS,
  OPTIONS_LEAD_SECONDS,
  type BranchPlayer,
  type BranchPlayerEvents,
  type BranchPlayerOptions,
  type PlayerNode,
} from './branch-player.ts';
import { Emitter } from './emitter.ts';
import { joinedPlaylistLoader, prefetchingFragmentLoader } from './hls-loaders.ts';
import { fetchText, ItemLibrary, type FetchText } from './item-library.ts';
import { itemIndexAt, placeItems } from './joined-playlist.ts';
import { JOINED_MASTER_URL, JoinedStream, parseJoinedUrl } from './joined-stream.ts';
import type { Variant } from './m3u8.ts';
import { audioLead, firstTimestamps } from './mpegts.ts';
import { lowestLevel, type OpeningFetch } from './opening.ts';
import {
  fetchSegment,
  leadingSegments,
  SegmentPrefetcher,
  type FetchSegment,
} from './segment-prefetcher.ts';

/**
 * A node counts as played out this close to its end: while playing, a frame and a bit at 30 fps;
 * once playback waits for more, more, as the element stops a little short of the end of what is
 * buffered (the remuxer's rounding, the sound's last frame).
 */
const END_TOLERANCE_SECONDS = { playing: 0.05, waiting: 0.15 };
/** Less than this before the node on screen, a position is jitter; more, a seek back. */
const SEEK_BACK_SECONDS = 0.25;
/** Without a presented frame for this long (a hidden tab), the playback position tells the node. */
const FRAMES_MISSING_MS = 250;

/** One hls.js instance playing one joined stream, from `path[first]` on. */
interface Session {
  hls: Hls;
  stream: JoinedStream;
  first: number;
  /** Items are fetched as soon as they are chosen but appended in the path's order. */
  appending: Promise<void>;
  /**
   * The path index that cannot join this stream (it has sound where the stream has none, or the
   * reverse): the stream ends before it and a new session starts it, with a swap of sources.
   */
  handOver: number | null;
  /** The first video timestamp hls.js found for each item of the stream (by discontinuity). */
  videoStarts: Map<number, number>;
  /** Where the picture of each item whose last segment was parsed ends. */
  videoEnds: Map<number, number>;
  recoveredMediaError: boolean;
  /** hls.js was told to load segments (`startLoad`): the video has played. */
  loading: boolean;
}

/** The options of the coming choice, which follow `path[after]`. */
interface ComingChoice {
  after: number;
  urls: string[];
  /** Their segments were asked for: once per choice. */
  fetching: boolean;
}

export interface HlsBranchPlayerOptions extends BranchPlayerOptions {
  /** Anything of hls.js's configuration but its loaders, which the player owns. */
  hlsConfig?: Partial<Omit<HlsConfig, 'pLoader' | 'fLoader'>>;
  /** What the page fetched of the opening before the engine existed (opening.ts). */
  opening?: OpeningFetch;
  /** The player's hls.js and its own requests (playlists, prefetched segments); tests fake them. */
  createHls?: (config: Partial<HlsConfig>) => Hls;
  fetchText?: FetchText;
  fetchSegment?: FetchSegment;
}

/**
 * The branch player over hls.js and Media Source Extensions: the path is one stream (a playlist
 * joined with discontinuities, see joined-playlist.ts) played by one hls.js instance, so the next
 * node's first frame follows the last frame of the current one in the same media pipeline.
 */
export class HlsBranchPlayer implements BranchPlayer {
  private readonly video: HTMLVideoElement;
  private readonly masterUrl: BranchPlayerOptions['masterUrl'];
  private readonly prefetchSeconds: number;
  private readonly optionsLeadSeconds: number;
  private readonly hlsConfig: HlsBranchPlayerOptions['hlsConfig'];
  private readonly createHls: (config: Partial<HlsConfig>) => Hls;
  private readonly events = new Emitter<BranchPlayerEvents>();
  private readonly lifetime = new AbortController();
  private readonly library: ItemLibrary;
  private readonly prefetcher: SegmentPrefetcher;
  private nodes: PlayerNode[] = [];
  /** `end()` was called: the last node of `nodes` is an ending. */
  private pathComplete = false;
  private session: Session | null = null;
  /** The video has played once: from then on every session loads at once. */
  private played = false;
  /** What the last session's hls.js measured, for the next one's first choice of level. */
  private bandwidthEstimate: number | null = null;
  private coming: ComingChoice | null = null;
  /** Counts sessions, so one opened meanwhile makes an older, still loading, one give up. */
  private generation = 0;
  private shown = -1;
  private readonly endedNodes = new Set<number>();
  private frameRequest: number | null = null;
  /** When the last presented frame was reported; the position is a frame ahead of the screen. */
  private lastFrameAt = Number.NEGATIVE_INFINITY;

  constructor(options: HlsBranchPlayerOptions) {
    this.video = options.video;
    this.masterUrl = options.masterUrl;
    this.prefetchSeconds = options.prefetchSeconds ?? DEFAULT_PREFETCH_SECONDS;
    this.optionsLeadSeconds = options.optionsLeadSeconds ?? OPTIONS_LEAD_SECONDS;
    this.hlsConfig = options.hlsConfig;
    this.createHls = options.createHls ?? ((config) => new Hls(config));
    const { signal } = this.lifetime;
    this.library =
      options.opening?.library ?? new ItemLibrary(signal, options.fetchText ?? fetchText);
    this.prefetcher =
      options.opening?.prefetcher ?? new SegmentPrefetcher(options.fetchSegment ?? fetchSegment);
    this.video.addEventListener('play', this.onPlay, { signal });
    this.video.addEventListener('timeupdate', this.onTimeUpdate, { signal });
    this.video.addEventListener('waiting', this.onWaiting, { signal });
    this.video.addEventListener('ended', this.onEnded, { signal });
    this.watchFrames();
  }

  get path(): readonly PlayerNode[] {
    return this.nodes;
  }

  get currentIndex() {
    return this.shown;
  }

  on<K extends keyof BranchPlayerEvents>(
    type: K,
    listener: (event: BranchPlayerEvents[K]) => void,
  ) {
    return this.events.on(type, listener);
  }

  async start(node: PlayerNode) {
    this.nodes = [node];
    this.pathComplete = false;
    await this.open(0);
  }

  async restartFrom(index: number) {
    if (!(index in this.nodes)) throw new Error(`The path has no node ${index}`);
    const playing = !this.video.paused;
    this.nodes = this.nodes.slice(0, index + 1);
    this.pathComplete = false;
    await this.open(index);
    if (playing) await this.video.play().catch(() => {});
  }

  choose(node: PlayerNode) {
    const session = this.requireSession();
    if (this.pathComplete) throw new Error('The path has ended: nothing can follow it');
    this.nodes.push(node);
    this.coming = null;
    // The options not taken are no longer needed; what was fetched for this one stays.
    this.prefetcher.keepOnly(new Set(this.queuedNodes().map((queued) => this.urlOf(queued))));
    this.append(session, this.nodes.length - 1);
  }

  end() {
    const session = this.requireSession();
    this.pathComplete = true;
    session.appending = session.appending.then(() => {
      if (session.handOver === null) session.stream.end();
    });
  }

  prefetch(options: readonly PlayerNode[]) {
    const session = this.requireSession();
    const urls = options.map((option) => this.urlOf(option));
    this.prefetcher.keepOnly(
      new Set([...urls, ...this.queuedNodes().map((queued) => this.urlOf(queued))]),
    );
    // The playlists now (a few hundred bytes each), the segments in the node's last seconds.
    for (const url of urls) {
      // Not fatal: if this option is chosen, its playlists are fetched again then.
      this.library.joinedItem(url, session.stream.levels).catch(() => {});
    }
    this.coming = { after: this.nodes.length - 1, urls, fetching: false };
    this.fetchOptionsWhenDue(session);
  }

  destroy() {
    this.generation += 1;
    this.coming = null;
    this.closeSession();
    this.lifetime.abort();
    this.prefetcher.keepOnly(new Set());
    if (this.frameRequest !== null) this.video.cancelVideoFrameCallback(this.frameRequest);
    this.events.clear();
  }

  private async open(index: number) {
    const generation = ++this.generation;
    this.closeSession();
    this.coming = null;
    this.shown = -1;
    this.endedNodes.clear();
    const url = this.urlOf(this.nodes[index]!);
    let levels;
    try {
      levels = await this.library.variants(url);
    } catch (error) {
      this.fail(error);
      throw error;
    }
    if (generation !== this.generation) return;
    const stream = new JoinedStream(levels);
    const hls = this.createHls({
      // Nothing but playlists loads until the viewer plays (`startLoading`): a visit that never
      // plays must not cost the opening's video.
      autoStartLoad: false,
      // hls.js lists levels from the lowest. The first session starts there, with the segment
      // fetched before Play: a sensible first guess on a phone's link, and ABR, given that
      // download's real timing, climbs from the next segment on. A later session (a restart, a
      // change of sound) starts where the last one's measurements say.
      ...(this.bandwidthEstimate === null
        ? { startLevel: 0 }
        : { abrEwmaDefaultEstimate: this.bandwidthEstimate }),
      // A growing EVENT playlist is live to hls.js, which would start near its end.
      startPosition: 0,
      // With CAN-BLOCK-RELOAD, hls.js asks for the next segment right after each answer, so an
      // appended item reaches it at once instead of at its next reload (up to a segment later).
      lowLatencyMode: true,
      capLevelToPlayerSize: true,
      backBufferLength: 30,
      ...this.hlsConfig,
      pLoader: joinedPlaylistLoader(stream),
      fLoader: prefetchingFragmentLoader(this.prefetcher, (frag, data) =>
        alignItemStart(session, frag, data),
      ),
    });
    const session: Session = {
      hls,
      stream,
      first: index,
      appending: Promise.resolve(),
      handOver: null,
      videoStarts: new Map(),
      videoEnds: new Map(),
      recoveredMediaError: false,
      loading: false,
    };
    this.session = session;
    hls.on(Hls.Events.ERROR, (_event, data) => this.onHlsError(session, data));
    hls.on(Hls.Events.FRAG_PARSED, (_event, { frag }) => notePicture(session, frag));
    // Before it is in the stream, so the first segment hls.js asks for is held already.
    if (!this.played) this.prefetchOpening(session, url);
    // The nodes already chosen after this one (a hand-over, or one child following another).
    for (let next = index; next < this.nodes.length; next += 1) this.append(session, next);
    if (this.pathComplete) this.end();
    hls.loadSource(JOINED_MASTER_URL);
    hls.attachMedia(this.video);
    if (this.played) this.startLoading(session);
    await session.appending;
  }

  /**
   * Before Play, the one segment worth having: the first of the lowest level, where the first
   * session starts (a few hundred kB at most), so the first frame follows Play at once.
   */
  private prefetchOpening(session: Session, url: string) {
    const { levels } = session.stream;
    const lowest = lowestLevel(levels);
    this.library.joinedItem(url, levels).then(
      (item) => {
        if (this.session !== session || session.loading) return;
        this.prefetcher.prefetch(url, leadingSegments(item.levels[lowest]!.segments, 0));
      },
      // The item's own append reports it.
      () => {},
    );
  }

  private startLoading(session: Session) {
    if (session.loading) return;
    session.loading = true;
    session.hls.startLoad(0);
  }

  private readonly onPlay = () => {
    this.played = true;
    if (this.session) this.startLoading(this.session);
  };

  /** Fetches the coming options' first segments once their node plays its last seconds. */
  private fetchOptionsWhenDue(session: Session) {
    const coming = this.coming;
    if (!coming || coming.fetching || !session.loading || this.shown !== coming.after) return;
    const placed = this.placedItems(session)[this.shown - session.first];
    if (!placed || placed.end - this.video.currentTime > this.optionsLeadSeconds) return;
    coming.fetching = true;
    for (const url of coming.urls) {
      this.library.joinedItem(url, session.stream.levels).then(
        (item) => {
          if (this.session !== session || this.coming !== coming) return;
          // At the level hls.js loads now, which the chosen option continues at.
          const playlist = item.levels[this.loadingLevel(session)]!;
          this.prefetcher.prefetch(url, leadingSegments(playlist.segments, this.prefetchSeconds));
        },
        () => {},
      );
    }
  }

  /** Appends `nodes[index]` to the session's stream, unless it must start a session of its own. */
  private append(session: Session, index: number) {
    const url = this.urlOf(this.nodes[index]!);
    const { levels } = session.stream;
    // Fetched now, in parallel with anything before it; appended once everything before it is.
    const item = Promise.all([this.library.variants(url), this.library.joinedItem(url, levels)]);
    session.appending = session.appending
      .then(() => item)
      .then(([variants, loaded]) => {
        if (this.session !== session || session.handOver !== null) return;
        const sound = carriesSound(variants[0]!);
        const streamSound = carriesSound(levels[0]!);
        if (
          index > session.first &&
          sound !== undefined &&
          streamSound !== undefined &&
          sound !== streamSound
        ) {
          session.handOver = index;
          session.stream.end();
        } else {
          session.stream.append(loaded);
        }
      })
      .catch((error: unknown) => {
        if (this.session === session) this.fail(error);
        // Nothing after a missing item can be played in order.
        return new Promise<never>(() => {});
      });
  }

  private closeSession() {
    const hls = this.session?.hls;
    if (hls && this.session!.loading && Number.isFinite(hls.bandwidthEstimate))
      this.bandwidthEstimate = hls.bandwidthEstimate;
    hls?.destroy();
    this.session = null;
  }

  private requireSession(): Session {
    if (!this.session) throw new Error('Start the player first');
    return this.session;
  }

  /** Nodes appended but not on screen yet (the session's first too, before its first frame). */
  private queuedNodes() {
    const first = this.session?.first ?? 0;
    return this.nodes.slice(this.shown >= first ? this.shown + 1 : first);
  }

  private urlOf(node: PlayerNode) {
    return this.masterUrl(node.itemId);
  }

  /** The joined level hls.js loads now: the options' segments are fetched at that level. */
  private loadingLevel({ hls }: Session) {
    const level = hls.levels[hls.loadLevel >= 0 ? hls.loadLevel : hls.nextAutoLevel];
    const request = level ? parseJoinedUrl(level.uri) : null;
    return request?.kind === 'level' ? request.level : 0;
  }

  private watchFrames() {
    if (!('requestVideoFrameCallback' in this.video)) return;
    const onFrame: VideoFrameRequestCallback = (now, metadata) => {
      this.lastFrameAt = now;
      this.track(metadata.mediaTime);
      this.frameRequest = this.video.requestVideoFrameCallback(onFrame);
    };
    this.frameRequest = this.video.requestVideoFrameCallback(onFrame);
  }

  /** Follows the node on screen from a presented frame or the playback position. */
  private track(time: number) {
    const session = this.session;
    if (!session) return;
    const items = this.placedItems(session);
    if (items.length === 0 || time < items[0]!.start - 0.5) return;
    const offset = itemIndexAt(items, time);
    const index = session.first + offset;
    if (index === this.shown) return;
    // Back by a hair is a late report of a frame still on screen, not a seek into the node before.
    const shownStart = items[this.shown - session.first]?.start ?? 0;
    if (index < this.shown && time > shownStart - SEEK_BACK_SECONDS) return;
    if (this.shown >= 0) this.endNode(this.shown);
    this.shown = index;
    this.events.emit('nodestart', { index, node: this.nodes[index]!, at: items[offset]!.start });
    if (this.session === session) this.fetchOptionsWhenDue(session);
  }

  private placedItems(session: Session) {
    return placeItems(session.stream.durations(), session.videoStarts);
  }

  private endNode(index: number) {
    if (this.endedNodes.has(index)) return;
    this.endedNodes.add(index);
    this.events.emit('nodeend', { index, node: this.nodes[index]! });
  }

  private readonly onTimeUpdate = () => {
    const session = this.session;
    if (!session) return;
    const time = this.video.currentTime;
    if (performance.now() - this.lastFrameAt > FRAMES_MISSING_MS) this.track(time);
    if (this.shown < 0) return;
    const { start, end } = this.placedItems(session)[this.shown - session.first]!;
    this.events.emit('timeupdate', {
      index: this.shown,
      node: this.nodes[this.shown]!,
      time: Math.min(Math.max(time - start, 0), end - start),
      duration: end - start,
    });
    this.fetchOptionsWhenDue(session);
    this.checkAwaitingChoice(session, END_TOLERANCE_SECONDS.playing);
  };

  private readonly onWaiting = () => {
    if (this.session) this.checkAwaitingChoice(this.session, END_TOLERANCE_SECONDS.waiting);
  };

  /** The last node appended has played out and nothing follows yet: it has ended all the same. */
  private checkAwaitingChoice(session: Session, toleranceSeconds: number) {
    const lastIndex = session.first + session.stream.itemCount - 1;
    if (this.shown !== lastIndex || session.stream.isComplete) return;
    const last = this.placedItems(session).at(-1)!;
    if (this.video.currentTime >= last.end - toleranceSeconds) this.endNode(lastIndex);
  }

  private readonly onEnded = () => {
    const session = this.session;
    if (!session || !session.stream.isComplete || this.shown < 0) return;
    this.endNode(this.shown);
    if (session.handOver !== null) {
      void this.open(session.handOver).then(() => this.video.play().catch(() => {}));
      return;
    }
    this.events.emit('ended', { index: this.shown, node: this.nodes[this.shown]! });
  };

  private onHlsError(session: Session, data: ErrorData) {
    if (!data.fatal || this.session !== session) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !session.recoveredMediaError) {
      session.recoveredMediaError = true;
      session.hls.recoverMediaError();
      return;
    }
    this.fail(data.error ?? new Error(data.details));
  }

  private fail(error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    this.events.emit('error', { message, fatal: true });
  }
}

/** Notes where each item's picture starts, and where it ends once its last segment is parsed. */
function notePicture({ stream, videoStarts, videoEnds }: Session, frag: Fragment) {
  const video = (frag.elementaryStreams as Record<string, ElementaryStreamInfo | null>).video;
  if (!video || !Number.isFinite(video.startPTS) || frag.cc >= stream.itemCount) return;
  const known = videoStarts.get(frag.cc);
  if (known === undefined || video.startPTS < known) videoStarts.set(frag.cc, video.startPTS);
  if (frag.sn === stream.sequenceRange(frag.cc).last) videoEnds.set(frag.cc, video.endPTS);
}

/**
 * Starts an item's picture exactly where the previous item's picture ends. hls.js places the first
 * segment after a discontinuity at its fragment's `start`, with its earliest timestamp there, and
 * that is the sound where AAC starts before the picture (the encoder's priming, which our transcoder
 * drops now but older items keep). Left alone, each
 * switch would hold the last picture that long and the remuxer would then shift or skip the first
 * frames; moved back by the sound's lead, the new item's priming overlaps the previous item's last
 * milliseconds of sound instead, and the pictures follow one another frame by frame.
 */
function alignItemStart({ stream, videoEnds }: Session, frag: Fragment, data: ArrayBuffer) {
  if (frag.cc === 0 || frag.cc >= stream.itemCount) return;
  if (frag.sn !== stream.sequenceRange(frag.cc).first) return;
  const previousEnd = videoEnds.get(frag.cc - 1);
  if (previousEnd === undefined) return;
  frag.setStart(previousEnd - audioLead(firstTimestamps(new Uint8Array(data))));
}

/**
 * Whether a rendition has sound, by its CODECS (the transcoder gives silent sources a silent track
 * now, but items transcoded before that have none). One stream cannot change: Media Source Extensions would wait for sound that never
 * comes, or have no buffer for it. Without CODECS, assumed to match.
 */
function carriesSound({ codecs }: Variant): boolean | undefined {
  return codecs === undefined ? undefined : /mp4a|ac-3|ec-3|mp3|opus/i.test(codecs);
}
