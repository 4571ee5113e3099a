import type { ViewEvent, ViewEvents } from '@plotline/core';
import { VIEW_EVENTS_MAX_PER_BATCH } from '@plotline/core/publishing';

/**
 * Sends one batch: as a beacon when the page is going away. The /watch page posts it to its
 * project's events call (`viewEventsSender`), the reference app to the App API.
 */
export type SendViewEvents = (batch: ViewEvents, options: { beacon: boolean }) => void;

export interface ViewEventLogOptions {
  session: string;
  send: SendViewEvents;
  /** Milliseconds; the viewing begins when the log is made. */
  now?: () => number;
  /** A batch goes out when this many events wait… */
  maxEvents?: number;
  /** …or this long after the first of them. */
  intervalMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** core's limit of `at`: a day. */
const MAX_AT = 86_400_000;

/**
 * The viewing's events (core viewEventsSchema), sent in batches: every ~10 s or 20 events, and
 * whatever waits as a beacon when the page is hidden. Seconds watched add up and go out as one
 * `watched` event with each batch.
 */
export class ViewEventLog {
  private readonly session: string;
  private readonly send: SendViewEvents;
  private readonly now: () => number;
  private readonly origin: number;
  private readonly maxEvents: number;
  private readonly intervalMs: number;
  private readonly setTimer: NonNullable<ViewEventLogOptions['setTimer']>;
  private readonly clearTimer: NonNullable<ViewEventLogOptions['clearTimer']>;
  private pending: ViewEvent[] = [];
  private watchedSeconds = 0;
  private timer: unknown = null;

  constructor(options: ViewEventLogOptions) {
    this.session = options.session;
    this.send = options.send;
    this.now = options.now ?? (() => performance.now());
    this.origin = this.now();
    this.maxEvents = options.maxEvents ?? 20;
    this.intervalMs = options.intervalMs ?? 10_000;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as number));
  }

  record(event: Omit<ViewEvent, 'at'>): void {
    this.pending.push({ ...event, at: this.at() });
    if (this.pending.length >= this.maxEvents) this.flush();
    else this.schedule();
  }

  /** Seconds of video played, reported with the next batch. */
  addWatched(seconds: number): void {
    if (!(seconds > 0)) return;
    this.watchedSeconds += seconds;
    this.schedule();
  }

  /** Sends what waits; `beacon` when the page is being hidden or left. */
  flush({ beacon = false } = {}): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    const seconds = Math.round(this.watchedSeconds * 100) / 100;
    if (seconds > 0) this.pending.push({ type: 'watched', at: this.at(), seconds });
    this.watchedSeconds = 0;
    const events = this.pending;
    this.pending = [];
    for (const batch of viewEventBatches(this.session, events)) {
      this.send(batch, { beacon });
    }
  }

  private at() {
    return Math.min(MAX_AT, Math.max(0, Math.round(this.now() - this.origin)));
  }

  private schedule() {
    if (this.timer === null) {
      this.timer = this.setTimer(() => {
        this.timer = null;
        this.flush();
      }, this.intervalMs);
    }
  }
}

/**
 * Splits events into batches of core's largest count; such a batch stays within core's size limit
 * too (the longest event is under 100 bytes).
 */
export function viewEventBatches(session: string, events: readonly ViewEvent[]): ViewEvents[] {
  const batches: ViewEvents[] = [];
  for (let first = 0; first < events.length; first += VIEW_EVENTS_MAX_PER_BATCH) {
    batches.push({ session, events: events.slice(first, first + VIEW_EVENTS_MAX_PER_BATCH) });
  }
  return batches;
}

/** A viewing's random id: 16 random bytes in base64url (22 characters); no cookie, no storage. */
export function newViewSession(
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = random(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Posts a batch with fetch (no cookies), or as a beacon when the page goes away: a string beacon
 * is text/plain, which the server reads as JSON. Viewing figures are best effort: failures are
 * dropped.
 */
export function viewEventsSender(url: string): SendViewEvents {
  return (batch, { beacon }) => {
    const body = JSON.stringify(batch);
    if (beacon && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) {
      return;
    }
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      credentials: 'omit',
      keepalive: true,
    }).catch(() => {});
  };
}
