/**
 * Plotline's player API for host pages: drives a story embedded from `/embed/{slug}` and follows
 * it, over the player's postMessage protocol (docs/embed.md). Served as `/player-api.js`, an ES
 * module with no dependency, its types beside it as `/player-api.d.ts`:
 *
 *     import { PlotlinePlayer } from 'https://plotline.example/player-api.js';
 *     const player = new PlotlinePlayer(document.querySelector('iframe'));
 *     player.on('choices', ({ options }) => player.choose(0));
 *
 * The protocol's types are declared here, the one file the player's bridge and the hosts share.
 */

/** Every message of the protocol carries `plotline: 1` (its version) beside its `type`. */
export const PROTOCOL_VERSION = 1;

/** An option of the choice on screen, as the viewer reads it: its caption in the player's language. */
export interface ChoiceOption {
  /** Its place among the options shown, from 0: what `choose` takes. */
  index: number;
  label: string;
}

/** Where the viewing is: what a viewer of the story's page sees, no more. */
export interface PlayerState {
  /** The node on screen (the story's plot id), null before the viewing starts. */
  node: number | null;
  /** Seconds into the node on screen, and its length. */
  time: number;
  duration: number;
  paused: boolean;
  ended: boolean;
  /** The nodes played so far, the one on screen last. */
  path: number[];
  /** The options on screen, or null when none is shown. */
  choices: ChoiceOption[] | null;
}

/** Who took an option: the viewer, a timed choice's timer, an automatic branch, or the host page. */
export type ChoiceTaker = 'viewer' | 'timer' | 'auto' | 'host';

/** The player's events, by name, with what each carries. */
export interface PlayerEvents {
  /** The player is on the page and takes commands (again after a reload of the frame). */
  ready: { state: PlayerState };
  /** A node starts playing. */
  node: { node: number; path: number[] };
  /** The options of a choice show. */
  choices: { node: number; options: ChoiceOption[] };
  /** An option was taken at `node`: its index among the options shown, and the node it leads to. */
  choice: { node: number; index: number; option: number; by: ChoiceTaker };
  /** The story reached an ending (`node`, the last one played). */
  ended: { node: number };
  /** The time in the node on screen, at most twice a second while it plays. */
  timeupdate: { node: number; time: number; duration: number };
}
export type PlayerEventName = keyof PlayerEvents;

/** Host → player. `id` names a `getState` call, whose answer (`state`) carries it back. */
export type HostMessage =
  | { plotline: 1; type: 'hello' }
  | { plotline: 1; type: 'play' }
  | { plotline: 1; type: 'pause' }
  | { plotline: 1; type: 'choose'; index: number }
  | { plotline: 1; type: 'getState'; id: number };

/** Player → host: the events, a `getState` answer, and a command refused (`error`). */
export type PlayerMessage =
  | { [K in PlayerEventName]: { plotline: 1; type: K } & PlayerEvents[K] }[PlayerEventName]
  | { plotline: 1; type: 'state'; id: number; state: PlayerState }
  | { plotline: 1; type: 'error'; command: HostMessage['type']; message: string };

const EVENT_NAMES: readonly string[] = [
  'ready',
  'node',
  'choices',
  'choice',
  'ended',
  'timeupdate',
] satisfies PlayerEventName[];

type Listener<K extends PlayerEventName> = (event: PlayerEvents[K]) => void;

/** How long `getState` waits for the player's answer. */
const STATE_TIMEOUT_MS = 5000;

/**
 * A story embedded in `iframe`. Messages go to the frame's own origin only, and only its
 * messages are heard.
 */
export class PlotlinePlayer {
  readonly iframe: HTMLIFrameElement;
  private readonly origin: string;
  private readonly listeners = new Map<PlayerEventName, Set<(event: never) => void>>();
  private readonly pending = new Map<
    number,
    { resolve: (state: PlayerState) => void; reject: (error: Error) => void }
  >();
  private lastId = 0;
  private readonly onMessage = (event: MessageEvent) => this.receive(event);

  constructor(iframe: HTMLIFrameElement) {
    this.iframe = iframe;
    this.origin = new URL(iframe.src, location.href).origin;
    window.addEventListener('message', this.onMessage);
    // The player says `ready` when it starts; a host that comes later asks for it.
    this.send({ plotline: 1, type: 'hello' });
  }

  /** Plays, as the player's Play button does (the first play may need the viewer's gesture). */
  play(): void {
    this.send({ plotline: 1, type: 'play' });
  }

  pause(): void {
    this.send({ plotline: 1, type: 'pause' });
  }

  /** Takes the option at `index` of the choice on screen; an `error` event when none is there. */
  choose(index: number): void {
    this.send({ plotline: 1, type: 'choose', index });
  }

  /** Where the viewing is. */
  getState(): Promise<PlayerState> {
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('The player did not answer'));
      }, STATE_TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (state) => {
          clearTimeout(timer);
          resolve(state);
        },
        reject,
      });
      this.send({ plotline: 1, type: 'getState', id });
    });
  }

  on<K extends PlayerEventName>(name: K, listener: Listener<K>): this;
  on(name: 'error', listener: (error: { command: string; message: string }) => void): this;
  on(name: string, listener: (event: never) => void): this {
    const key = name as PlayerEventName;
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return this;
  }

  off<K extends PlayerEventName>(name: K, listener: Listener<K>): this;
  off(name: 'error', listener: (error: { command: string; message: string }) => void): this;
  off(name: string, listener: (event: never) => void): this {
    this.listeners.get(name as PlayerEventName)?.delete(listener);
    return this;
  }

  /** Stops listening to the player; its pending `getState` calls fail. */
  destroy(): void {
    window.removeEventListener('message', this.onMessage);
    for (const call of this.pending.values()) call.reject(new Error('The player was destroyed'));
    this.pending.clear();
    this.listeners.clear();
  }

  private send(message: HostMessage) {
    this.iframe.contentWindow?.postMessage(message, this.origin);
  }

  private receive(event: MessageEvent) {
    if (event.origin !== this.origin || event.source !== this.iframe.contentWindow) return;
    const data = event.data as { plotline?: unknown; type?: unknown } | null;
    if (!data || typeof data !== 'object' || data.plotline !== PROTOCOL_VERSION) return;
    const message = data as PlayerMessage;
    if (message.type === 'state') {
      this.pending.get(message.id)?.resolve(message.state);
      this.pending.delete(message.id);
      return;
    }
    if (message.type !== 'error' && !EVENT_NAMES.includes(message.type)) return;
    const payload: Record<string, unknown> = { ...message };
    delete payload.plotline;
    delete payload.type;
    for (const listener of this.listeners.get(message.type as PlayerEventName) ?? []) {
      (listener as (event: unknown) => void)(payload);
    }
  }
}
