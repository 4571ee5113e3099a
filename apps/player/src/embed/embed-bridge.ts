import { ANY_ORIGIN, embedAllows, parseOrigin } from '@plotline/core/embed';
import type {
  HostMessage,
  PlayerEventName,
  PlayerEvents,
  PlayerMessage,
  PlayerState,
} from './player-api.ts';
import './embed.css';

/** What the bridge drives: the story player's host surface (`StoryPlayer`). */
export interface EmbeddedPlayer {
  hostPlay(): void;
  hostPause(): void;
  /** Takes the option at `index` of the choice on screen; false when there is none there. */
  hostChoose(index: number): boolean;
  hostState(): PlayerState;
}

/** An event of the player for the host: its name and what it carries. */
export type HostEvent = {
  [K in PlayerEventName]: { type: K } & PlayerEvents[K];
}[PlayerEventName];

/** `timeupdate` goes to the host at most this often. */
const TIME_UPDATE_MS = 500;

/** The sites the page was served for (`<meta name="plotline-embed-origins">`, by the server). */
export function embedOriginsOf(document: Document): string[] {
  const content =
    document.querySelector<HTMLMetaElement>('meta[name="plotline-embed-origins"]')?.content ?? '';
  return content.split(/\s+/).filter(Boolean);
}

/**
 * The embed page's side of the player API (docs/embed.md): commands from the page that frames the
 * player, events to it. Only a parent whose origin the project allows (its `embed_origins`, or
 * this site's own) is heard and told anything; messages go to that origin, never to any (`*`)
 * unless the project allows any site. The host learns what a viewer sees and does what a viewer
 * does: the node on screen and the path so far, the options shown, Play, Pause, an option.
 */
export class EmbedBridge {
  private readonly anyOrigin: boolean;
  /** The parent's origin, once known (its first command, or the browser's `ancestorOrigins`). */
  private hostOrigin: string | null = null;
  private player: EmbeddedPlayer | null = null;
  private lastTimeUpdate = -Infinity;
  private readonly onMessage = (event: MessageEvent) => this.receive(event);

  constructor(
    private readonly origins: readonly string[],
    private readonly window: Window,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.anyOrigin = origins.includes(ANY_ORIGIN);
    const ancestor = window.location.ancestorOrigins?.[0];
    if (ancestor && this.allows(ancestor)) this.hostOrigin = ancestor;
    if (this.framed) window.addEventListener('message', this.onMessage);
  }

  /** The player is on the page: the host may drive it now. */
  connect(player: EmbeddedPlayer): void {
    this.player = player;
    this.post({ plotline: 1, type: 'ready', state: player.hostState() });
  }

  /** An event of the player, for the host. */
  tell(event: HostEvent): void {
    if (event.type === 'timeupdate') {
      const now = this.now();
      if (now - this.lastTimeUpdate < TIME_UPDATE_MS) return;
      this.lastTimeUpdate = now;
    }
    this.post({ plotline: 1, ...event } as PlayerMessage);
  }

  destroy(): void {
    this.window.removeEventListener('message', this.onMessage);
    this.player = null;
  }

  private get framed(): boolean {
    return this.window.parent !== this.window;
  }

  private allows(origin: string): boolean {
    return origin === this.window.location.origin || embedAllows(this.origins, origin);
  }

  private receive(event: MessageEvent) {
    if (event.source !== this.window.parent || !this.allows(event.origin)) return;
    const message = event.data as Partial<HostMessage> | null;
    if (!message || typeof message !== 'object' || message.plotline !== 1) return;
    this.hostOrigin = event.origin;
    const player = this.player;
    // Not ready yet: `ready` follows, and the host acts on it.
    if (!player) return;
    switch (message.type) {
      case 'hello':
        this.post({ plotline: 1, type: 'ready', state: player.hostState() });
        return;
      case 'play':
        player.hostPlay();
        return;
      case 'pause':
        player.hostPause();
        return;
      case 'choose':
        if (!Number.isInteger(message.index) || !player.hostChoose(message.index!)) {
          this.post({
            plotline: 1,
            type: 'error',
            command: 'choose',
            message: 'No option at this index is on screen',
          });
        }
        return;
      case 'getState':
        if (typeof message.id === 'number') {
          this.post({ plotline: 1, type: 'state', id: message.id, state: player.hostState() });
        }
        return;
    }
  }

  /**
   * To the parent only. With a list of sites: to the parent's origin when known, else to each
   * site of the list and this one (the browser delivers to the one that matches the parent, and
   * drops the others); to any only when the project allows any site. A `*.` site is no origin a
   * message can be sent to: its pages hear the player once they are known (`ancestorOrigins`, or
   * their first command).
   */
  private post(message: PlayerMessage) {
    if (!this.framed) return;
    const targets = this.hostOrigin
      ? [this.hostOrigin]
      : this.anyOrigin
        ? ['*']
        : [
            this.window.location.origin,
            ...this.origins.filter((origin) => parseOrigin(origin)?.anySubdomain === false),
          ];
    for (const target of targets) this.window.parent.postMessage(message, target);
  }
}
