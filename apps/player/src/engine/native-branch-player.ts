import {
  type BranchPlayer,
  type BranchPlayerEvents,
  type BranchPlayerOptions,
  type PlayerNode,
} from './branch-player.ts';
import { Emitter } from './emitter.ts';
import { fetchText } from './item-library.ts';

/**
 * The fallback where the browser plays HLS itself but has no Media Source Extensions (Safari on
 * older iPhones): each node is its own source, swapped in when the previous one ends. The swap
 * shows a held frame, which only one media pipeline avoids (PLAYER-NOTES.md); prefetching warms
 * the HTTP cache with the options' playlists, the browser chooses their renditions itself.
 */
export class NativeBranchPlayer implements BranchPlayer {
  private readonly video: HTMLVideoElement;
  private readonly masterUrl: BranchPlayerOptions['masterUrl'];
  private readonly events = new Emitter<BranchPlayerEvents>();
  private readonly lifetime = new AbortController();
  private nodes: PlayerNode[] = [];
  private shown = -1;
  /** The node whose source is loading: it starts when the video plays. */
  private pending = -1;
  private complete = false;

  constructor(options: BranchPlayerOptions) {
    this.video = options.video;
    this.masterUrl = options.masterUrl;
    const { signal } = this.lifetime;
    this.video.addEventListener('playing', this.onPlaying, { signal });
    this.video.addEventListener('timeupdate', this.onTimeUpdate, { signal });
    this.video.addEventListener('ended', this.onEnded, { signal });
    this.video.addEventListener('error', this.onError, { signal });
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
    this.complete = false;
    this.load(0);
  }

  async restartFrom(index: number) {
    if (!(index in this.nodes)) throw new Error(`The path has no node ${index}`);
    const playing = !this.video.paused;
    this.nodes = this.nodes.slice(0, index + 1);
    this.complete = false;
    this.load(index);
    if (playing) await this.video.play().catch(() => {});
  }

  choose(node: PlayerNode) {
    if (this.complete) throw new Error('The path has ended: nothing can follow it');
    this.nodes.push(node);
    // Chosen after the current node ended: it was waiting on its last frame.
    if (this.video.ended && this.shown === this.nodes.length - 2) this.next();
  }

  end() {
    this.complete = true;
  }

  prefetch(options: readonly PlayerNode[]) {
    for (const option of options) {
      fetchText(this.masterUrl(option.itemId), this.lifetime.signal).catch(() => {});
    }
  }

  destroy() {
    this.lifetime.abort();
    this.video.removeAttribute('src');
    this.video.load();
    this.events.clear();
  }

  private load(index: number) {
    this.pending = index;
    this.shown = -1;
    this.video.src = this.masterUrl(this.nodes[index]!.itemId);
  }

  private next() {
    const index = this.shown + 1;
    this.load(index);
    void this.video.play().catch(() => {});
  }

  private readonly onPlaying = () => {
    if (this.pending < 0) return;
    this.shown = this.pending;
    this.pending = -1;
    this.events.emit('nodestart', { index: this.shown, node: this.nodes[this.shown]!, at: 0 });
  };

  private readonly onTimeUpdate = () => {
    if (this.shown < 0) return;
    const duration = Number.isFinite(this.video.duration) ? this.video.duration : 0;
    this.events.emit('timeupdate', {
      index: this.shown,
      node: this.nodes[this.shown]!,
      time: this.video.currentTime,
      duration,
    });
  };

  private readonly onEnded = () => {
    if (this.shown < 0) return;
    const index = this.shown;
    this.events.emit('nodeend', { index, node: this.nodes[index]! });
    if (index + 1 < this.nodes.length) this.next();
    else if (this.complete) this.events.emit('ended', { index, node: this.nodes[index]! });
  };

  private readonly onError = () => {
    this.events.emit('error', {
      message: this.video.error?.message || 'The video cannot be played',
      fatal: true,
    });
  };
}
