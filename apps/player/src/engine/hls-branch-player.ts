import Hls, { type ErrorData, type HlsConfig } from 'hls.js/light';
import {
  DEFAULT_PREFETCH_SECONDS,
  type BranchPlayer,
  type BranchPlayerEvents,
  type BranchPlayerOptions,
  type PlayerNode,
} from './branch-player.ts';
import { Emitter } from './emitter.ts';
import { joinedPlaylistLoader, prefetchingFragmentLoader } from './hls-loaders.ts';
import { ItemLibrary } from './item-library.ts';
import { itemIndexAt } from './joined-playlist.ts';
import { JOINED_MASTER_URL, JoinedStream, parseJoinedUrl } from './joined-stream.ts';
import { leadingSegments, SegmentPrefetcher } from './segment-prefetcher.ts';

/** A node counts as played out this close to its end (a frame and a bit at 30 fps). */
const END_TOLERANCE_SECONDS = 0.05;

/** One hls.js instance playing one joined stream, from `path[first]` on. */
interface Session {
  hls: Hls;
  stream: JoinedStream;
  first: number;
  /** Items are fetched as soon as they are chosen but appended in the path's order. */
  appending: Promise<void>;
  recoveredMediaError: boolean;
}

export interface HlsBranchPlayerOptions extends BranchPlayerOptions {
  /** Anything of hls.js's configuration but its loaders, which the player owns. */
  hlsConfig?: Partial<Omit<HlsConfig, 'pLoader' | 'fLoader'>>;
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
  private readonly hlsConfig: HlsBranchPlayerOptions['hlsConfig'];
  private readonly events = new Emitter<BranchPlayerEvents>();
  private readonly lifetime = new AbortController();
  private readonly library = new ItemLibrary(this.lifetime.signal);
  private readonly prefetcher = new SegmentPrefetcher();
  private nodes: PlayerNode[] = [];
  private session: Session | null = null;
  /** Counts sessions, so one opened meanwhile makes an older, still loading, one give up. */
  private generation = 0;
  private shown = -1;
  private readonly endedNodes = new Set<number>();
  private frameRequest: number | null = null;

  constructor(options: HlsBranchPlayerOptions) {
    this.video = options.video;
    this.masterUrl = options.masterUrl;
    this.prefetchSeconds = options.prefetchSeconds ?? DEFAULT_PREFETCH_SECONDS;
    this.hlsConfig = options.hlsConfig;
    const { signal } = this.lifetime;
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
    await this.open(0);
  }

  async restartFrom(index: number) {
    if (!(index in this.nodes)) throw new Error(`The path has no node ${index}`);
    const playing = !this.video.paused;
    this.nodes = this.nodes.slice(0, index + 1);
    await this.open(index);
    if (playing) await this.video.play().catch(() => {});
  }

  choose(node: PlayerNode) {
    const session = this.requireSession();
    if (session.stream.isComplete) throw new Error('The path has ended: nothing can follow it');
    this.nodes.push(node);
    const url = this.urlOf(node);
    // The options not taken are no longer needed; what was fetched for this one stays.
    this.prefetcher.keepOnly(new Set(this.queuedNodes().map((queued) => this.urlOf(queued))));
    this.append(session, url);
  }

  end() {
    const session = this.requireSession();
    session.appending = session.appending.then(() => session.stream.end());
  }

  prefetch(options: readonly PlayerNode[]) {
    const session = this.requireSession();
    const urls = options.map((option) => this.urlOf(option));
    this.prefetcher.keepOnly(
      new Set([...urls, ...this.queuedNodes().map((queued) => this.urlOf(queued))]),
    );
    for (const url of urls) {
      this.library.joinedItem(url, session.stream.levels).then(
        (item) => {
          if (this.session !== session) return;
          const playlist = item.levels[this.loadingLevel(session)]!;
          this.prefetcher.prefetch(url, leadingSegments(playlist.segments, this.prefetchSeconds));
        },
        // Not fatal: if this option is chosen, its playlists are fetched again then.
        () => {},
      );
    }
  }

  destroy() {
    this.generation += 1;
    this.closeSession();
    this.lifetime.abort();
    this.prefetcher.keepOnly(new Set());
    if (this.frameRequest !== null) this.video.cancelVideoFrameCallback(this.frameRequest);
    this.events.clear();
  }

  private async open(index: number) {
    const generation = ++this.generation;
    this.closeSession();
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
    const hls = new Hls({
      // A growing EVENT playlist is live to hls.js, which would start near its end.
      startPosition: 0,
      // With CAN-BLOCK-RELOAD, hls.js asks for the next segment right after each answer, so an
      // appended item reaches it at once instead of at its next reload (up to a segment later).
      lowLatencyMode: true,
      capLevelToPlayerSize: true,
      backBufferLength: 30,
      ...this.hlsConfig,
      pLoader: joinedPlaylistLoader(stream),
      fLoader: prefetchingFragmentLoader(this.prefetcher),
    });
    const session: Session = {
      hls,
      stream,
      first: index,
      appending: Promise.resolve(),
      recoveredMediaError: false,
    };
    this.session = session;
    hls.on(Hls.Events.ERROR, (_event, data) => this.onHlsError(session, data));
    this.append(session, url);
    hls.loadSource(JOINED_MASTER_URL);
    hls.attachMedia(this.video);
    await session.appending;
  }

  private append(session: Session, url: string) {
    // Fetched now, in parallel with anything before it; appended once everything before it is.
    const item = this.library.joinedItem(url, session.stream.levels);
    session.appending = session.appending
      .then(() => item)
      .then((loaded) => {
        if (this.session === session) session.stream.append(loaded);
      })
      .catch((error: unknown) => {
        if (this.session === session) this.fail(error);
        // Nothing after a missing item can be played in order.
        return new Promise<never>(() => {});
      });
  }

  private closeSession() {
    this.session?.hls.destroy();
    this.session = null;
  }

  private requireSession(): Session {
    if (!this.session) throw new Error('Start the player first');
    return this.session;
  }

  /** Nodes appended but not on screen yet. */
  private queuedNodes() {
    return this.nodes.slice(Math.max(this.shown, this.session?.first ?? 0) + 1);
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
    const onFrame: VideoFrameRequestCallback = (_now, metadata) => {
      this.track(metadata.mediaTime);
      this.frameRequest = this.video.requestVideoFrameCallback(onFrame);
    };
    this.frameRequest = this.video.requestVideoFrameCallback(onFrame);
  }

  /** Follows the node on screen from a presented frame or the playback position. */
  private track(time: number) {
    const session = this.session;
    if (!session || session.stream.itemCount === 0) return;
    const { starts } = session.stream.timeline();
    const offset = itemIndexAt(starts, time);
    const index = session.first + offset;
    if (index === this.shown) return;
    if (this.shown >= 0) this.endNode(this.shown);
    this.shown = index;
    this.events.emit('nodestart', { index, node: this.nodes[index]!, at: starts[offset]! });
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
    this.track(time);
    if (this.shown < 0) return;
    const offset = this.shown - session.first;
    const { starts, end } = session.stream.timeline();
    const start = starts[offset]!;
    const nodeEnd = starts[offset + 1] ?? end;
    this.events.emit('timeupdate', {
      index: this.shown,
      node: this.nodes[this.shown]!,
      time: Math.min(Math.max(time - start, 0), nodeEnd - start),
      duration: nodeEnd - start,
    });
    this.checkAwaitingChoice(session);
  };

  private readonly onWaiting = () => {
    if (this.session) this.checkAwaitingChoice(this.session);
  };

  /** The last node appended has played out and nothing follows yet: it has ended all the same. */
  private checkAwaitingChoice(session: Session) {
    const lastIndex = session.first + session.stream.itemCount - 1;
    if (this.shown !== lastIndex || session.stream.isComplete) return;
    if (this.video.currentTime >= session.stream.timeline().end - END_TOLERANCE_SECONDS) {
      this.endNode(lastIndex);
    }
  }

  private readonly onEnded = () => {
    const session = this.session;
    if (!session || !session.stream.isComplete || this.shown < 0) return;
    this.endNode(this.shown);
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
