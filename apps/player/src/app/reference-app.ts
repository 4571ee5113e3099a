import type { AppWords } from '../i18n/app-words.ts';
import { Texts, type Language } from '../i18n/texts.ts';
import type { Words } from '../i18n/words.ts';
import { shareUrl } from '../page/watch-address.ts';
import { h } from '../ui/dom.ts';
import type { AppApi } from './app-api.ts';
import { AppShell, statusView } from './app-shell.ts';
import { FeedView } from './feed-view.ts';
import { routeOf, type AppRoute } from './routes.ts';
import { SeriesMemory, seriesView, type SeriesRow } from './series-view.ts';

/** Rows per feed page. */
const PER_PAGE = 12;
/** How many feed pages a series' page reads to find a series it does not know (a shared link). */
const SERIES_SEARCH_PAGES = 10;

export interface ReferenceAppOptions {
  api: AppApi;
  language: Language;
  words: AppWords;
  /** The player's words in the app's language: the player's own and the status pages'. */
  playerWords: Words;
  /** Where the series the feed showed are kept for the tab (sessionStorage). */
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/**
 * The reference app (`/m`): the App API's feed with the promoted carousel, series with their
 * episodes, and each project in the /watch player, its events sent through the App API. Plain
 * DOM, routed with the History API inside `/m`.
 */
export class ReferenceApp {
  private readonly api: AppApi;
  private readonly language: Language;
  private readonly words: AppWords;
  private readonly playerWords: Words;
  private readonly shell: AppShell;
  private readonly series: SeriesMemory;
  /** The feed as last shown, kept while the app is open: back from a story finds it as it was. */
  private feed: FeedView | null = null;
  /** How many of the feed's pages it shows. */
  private feedPages = 0;
  /** Where the feed was scrolled to when the viewer left it. */
  private feedScroll = 0;
  /** Takes the screen on view off the page (the player, with its last events). */
  private leave: () => void = () => {};
  /** Counts screens, so that a late answer never replaces a newer screen. */
  private shown = 0;

  constructor(options: ReferenceAppOptions) {
    this.api = options.api;
    this.language = options.language;
    this.words = options.words;
    this.playerWords = options.playerWords;
    this.series = new SeriesMemory(options.session);
    this.shell = new AppShell(options.words);
  }

  start(root: HTMLElement) {
    root.replaceChildren(this.shell.element);
    root.addEventListener('click', (event) => this.follow(event));
    window.addEventListener('popstate', () => void this.render(false));
    this.shell.backLink.addEventListener('click', (event) => {
      // Back where the viewer came from inside the app (the feed, or the series).
      if ((history.state as { depth?: number } | null)?.depth) {
        event.preventDefault();
        history.back();
      }
    });
    // The feed's scroll is the app's to restore: the browser would restore it before the feed is back.
    history.scrollRestoration = 'manual';
    history.replaceState({ depth: 0 }, '', location.pathname);
    void this.render(true);
  }

  /** A click on a link inside the app changes the screen without loading the page. */
  private follow(event: MouseEvent) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a');
    if (!link || link.target || link.hasAttribute('download')) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || routeOf(url.pathname).kind === 'not-found') return;
    if (url.pathname === location.pathname && url.hash) return;
    event.preventDefault();
    // The screen on view: back to its top, as a reload would.
    if (url.pathname === location.pathname) return window.scrollTo(0, 0);
    const depth = ((history.state as { depth?: number } | null)?.depth ?? 0) + 1;
    history.pushState({ depth }, '', url.pathname);
    void this.render(false);
  }

  private async render(first: boolean) {
    const screen = ++this.shown;
    this.leave();
    this.leave = () => {};
    const route = routeOf(location.pathname);
    const shown = await this.screenOf(route, screen);
    if (screen !== this.shown || !shown) return;
    if (route.kind !== 'project') document.title = shown.title;
    this.shell.show(shown.element, { back: route.kind !== 'feed' });
    if (route.kind === 'feed') window.scrollTo(0, this.feedScroll);
    else window.scrollTo(0, 0);
    shown.mounted?.();
    // A new screen takes the focus to its heading, as a new page would be read from its top (a
    // story's to its Play button); the first one leaves it to the browser.
    if (!first)
      shown.element
        .querySelector<HTMLElement>('.play-button, .page-title')
        ?.focus({ preventScroll: true });
  }

  private async screenOf(
    route: AppRoute,
    screen: number,
  ): Promise<{ element: HTMLElement; title: string; mounted?: () => void } | null> {
    const { words } = this;
    if (this.shell.element.dataset.screen === 'feed') this.feedScroll = scrollY;
    switch (route.kind) {
      case 'feed': {
        const feed = this.feed ?? (await this.loadFeed());
        if ('failed' in feed) return this.failed(feed.failed, words.storiesNotLoaded);
        return { element: feed.element, title: words.appName };
      }
      case 'series': {
        const series = this.series.find(route.seriesId) ?? (await this.findSeries(route.seriesId));
        if (!series) return this.status(words.seriesNotFound, words.seriesNotFoundText);
        return {
          element: tagged(seriesView(series, words), 'series'),
          title: `${series.title} · ${words.appName}`,
        };
      }
      case 'project':
        return this.project(route.slug, screen);
      case 'not-found':
        return this.status(words.pageNotFound, words.pageNotFoundText);
    }
  }

  /** The feed's first page, or the status it failed with (null: not answered). */
  private async loadFeed(): Promise<FeedView | { failed: number | null }> {
    const first = await this.api.feed(1, PER_PAGE);
    if (first.kind !== 'ok') return { failed: first.kind === 'failed' ? first.status : 404 };
    this.series.remember(first.data.rows);
    const view = new FeedView(first.data, this.words, () => void this.loadMore(view));
    tagged(view.element, 'feed');
    this.feed = view;
    this.feedPages = 1;
    return view;
  }

  private async loadMore(view: FeedView) {
    view.setLoading(true);
    const next = await this.api.feed(this.feedPages + 1, PER_PAGE);
    view.setLoading(false);
    if (next.kind !== 'ok') return;
    this.feedPages += 1;
    this.series.remember(next.data.rows);
    // The focus goes on to the first new story, where reading goes on.
    view.append(next.data)?.focus();
  }

  /** A series the tab has not seen (an address opened directly): looked up in the feed. */
  private async findSeries(seriesId: number): Promise<SeriesRow | null> {
    for (let page = 1; page <= SERIES_SEARCH_PAGES; page++) {
      const feed = await this.api.feed(page, PER_PAGE);
      if (feed.kind !== 'ok') return null;
      this.series.remember(feed.data.rows);
      const found = this.series.find(seriesId);
      if (found || page * PER_PAGE >= feed.data.total) return found;
    }
    return null;
  }

  private async project(slug: string, screen: number) {
    const { playerWords } = this;
    const [result, player] = await Promise.all([
      this.api.project(slug),
      // Offline, or a build that replaced it: said as a failure to load.
      import('../watch-page.ts').catch(() => null),
    ]);
    if (result.kind === 'not-found')
      return this.status(playerWords.videoNotFound, playerWords.videoNotFoundText);
    if (result.kind === 'failed') return this.failed(result.status, playerWords.notLoaded);
    if (!player) return this.failed(null, playerWords.notLoaded);
    const stage = h('div', { class: 'stage' });
    const element = tagged(h('div', { class: 'project' }, stage), 'project');
    const { data } = result;
    const { mountWatchPage } = player;
    return {
      element,
      title: data.title,
      mounted: () => {
        if (screen !== this.shown) return;
        this.leave = mountWatchPage(stage, data, {
          // The player's own words: its language menu may switch them, the app's stay.
          texts: new Texts(this.language, playerWords),
          forceMobile: false,
          shareUrl: data.slug ? shareUrl(location.origin, data.slug) : null,
          sendEvents: this.api.eventsSender(slug),
        });
        if (data.synopsis)
          element.append(h('p', { class: 'synopsis', dir: 'auto' }, data.synopsis));
      },
    };
  }

  private status(heading: string, text: string) {
    return { element: tagged(statusView(heading, text), 'status'), title: heading };
  }

  /** What went wrong: `offline` when nothing answered, else the server's status. */
  private failed(status: number | null, offline: string) {
    const { playerWords } = this;
    return {
      element: tagged(
        statusView(
          playerWords.somethingWentWrong,
          status === null ? offline : playerWords.serverAnswered(status),
          { label: playerWords.tryAgain, run: () => void this.render(false) },
        ),
        'status',
      ),
      title: playerWords.somethingWentWrong,
    };
  }
}

function tagged(element: HTMLElement, screen: string): HTMLElement {
  element.dataset.screen = screen;
  return element;
}
