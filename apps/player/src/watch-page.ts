import type { WatchData } from '@plotline/core';
import type { Texts } from './i18n/texts.ts';
import type { OpeningFetch } from './engine/opening.ts';
import type { EmbeddedPlayer, HostEvent } from './embed/embed-bridge.ts';
import { buildStory } from './story/story.ts';
import { StoryPlayer } from './story-player.ts';
import { renderStatusPage } from './ui/status-page.ts';
import { newViewSession, ViewEventLog, type SendViewEvents } from './view-events/view-event-log.ts';

export { viewEventsSender } from './view-events/view-event-log.ts';

export interface WatchPageOptions {
  /** The player's words, in the page's language to start with. */
  texts: Texts;
  forceMobile: boolean;
  shareUrl: string | null;
  /**
   * Where the viewing's events go: the project's events call on /watch (`viewEventsSender`), the
   * App API in the reference app; null for a preview, which sends none.
   */
  sendEvents: SendViewEvents | null;
  /** What the page fetched of the opening while this code loaded (main.ts). */
  opening?: OpeningFetch;
  /** A published story's slug, for resume; null or absent for a preview. */
  resumeSlug?: string | null;
  /** `?resume=`: the state its token keeps (unchecked), or that the token was not found. */
  resumeLink?: { kind: 'state'; state: unknown } | { kind: 'not-found' } | null;
  /** A preview's `?state=`, decoded (unchecked). */
  startState?: unknown;
  /**
   * `/embed`: hands the player to the host page's bridge, which answers where its events go.
   */
  connectHost?: (player: EmbeddedPlayer) => (event: HostEvent) => void;
}

/**
 * The player of a project's data, with its viewing events sent as it plays and when the page goes.
 * Answers a function that takes it off the page (the reference app's screens come and go), its
 * last events sent.
 */
export function mountWatchPage(
  root: HTMLElement,
  data: WatchData,
  options: WatchPageOptions,
): () => void {
  const story = buildStory(data);
  if (!story) {
    const { words } = options.texts;
    renderStatusPage(root, words, { heading: words.nothingToPlay, text: words.nothingToPlayText });
    return () => {};
  }
  document.title = data.title;
  const events = options.sendEvents
    ? new ViewEventLog({ session: newViewSession(), send: options.sendEvents })
    : null;
  // The last batch goes as a beacon: a request of a page being left may never be sent.
  const leave = () => events?.flush({ beacon: true });
  const hidden = () => {
    if (document.visibilityState === 'hidden') leave();
  };
  if (events) {
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leave);
  }
  // The bridge is given the player once it is made, and the player's events go to it from then.
  const host: { tell?: (event: HostEvent) => void } = {};
  const player = new StoryPlayer({
    data,
    story,
    texts: options.texts,
    forceMobile: options.forceMobile,
    browserLanguages: navigator.languages ?? [navigator.language],
    events,
    shareUrl: options.shareUrl,
    opening: options.opening,
    resumeSlug: options.resumeSlug ?? null,
    ...(options.resumeLink?.kind === 'state' ? { linkState: options.resumeLink.state } : {}),
    linkMissing: options.resumeLink?.kind === 'not-found',
    ...(options.startState !== undefined ? { startState: options.startState } : {}),
    ...(options.connectHost ? { tellHost: (event: HostEvent) => host.tell?.(event) } : {}),
  });
  root.replaceChildren(player.element);
  player.load();
  host.tell = options.connectHost?.(player);
  return () => {
    document.removeEventListener('visibilitychange', hidden);
    window.removeEventListener('pagehide', leave);
    events?.flush();
    player.destroy();
    player.element.remove();
  };
}
