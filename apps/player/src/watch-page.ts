import type { WatchData } from '@plotline/core';
import type { Texts } from './i18n/texts.ts';
import type { OpeningFetch } from './engine/opening.ts';
import { buildStory } from './story/story.ts';
import { StoryPlayer } from './story-player.ts';
import { renderStatusPage } from './ui/status-page.ts';
import { newViewSession, ViewEventLog, viewEventsSender } from './view-events/view-event-log.ts';

export interface WatchPageOptions {
  /** The player's words, in the page's language to start with. */
  texts: Texts;
  forceMobile: boolean;
  shareUrl: string | null;
  /** Where the viewing's events go; null for a preview, which sends none. */
  eventsUrl: string | null;
  /** What the page fetched of the opening while this code loaded (main.ts). */
  opening?: OpeningFetch;
}

/** The player of a project's data, with its viewing events sent as it plays and when the page goes. */
export function mountWatchPage(
  root: HTMLElement,
  data: WatchData,
  options: WatchPageOptions,
): void {
  const story = buildStory(data);
  if (!story) {
    const { words } = options.texts;
    renderStatusPage(root, words, { heading: words.nothingToPlay, text: words.nothingToPlayText });
    return;
  }
  document.title = data.title;
  const events = options.eventsUrl
    ? new ViewEventLog({ session: newViewSession(), send: viewEventsSender(options.eventsUrl) })
    : null;
  if (events) {
    // The last batch goes as a beacon: a request of a page being left may never be sent.
    const leave = () => events.flush({ beacon: true });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') leave();
    });
    window.addEventListener('pagehide', leave);
  }
  const player = new StoryPlayer({
    data,
    story,
    texts: options.texts,
    forceMobile: options.forceMobile,
    browserLanguages: navigator.languages ?? [navigator.language],
    events,
    shareUrl: options.shareUrl,
    opening: options.opening,
  });
  root.replaceChildren(player.element);
  player.load();
}
