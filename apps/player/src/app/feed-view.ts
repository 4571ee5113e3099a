import type { AppFeed, AppFeedRow, AppProjectCard } from '@plotline/core';
import type { AppWords } from '../i18n/app-words.ts';
import { h } from '../ui/dom.ts';
import { projectPath, seriesPath } from './routes.ts';

/** A card's picture: the landscape thumbnail, else the portrait one; lazy, as all pictures. */
export function cardPicture(card: AppProjectCard | undefined): HTMLElement {
  const src = card?.thumbnail_desktop ?? card?.thumbnail_mobile ?? null;
  // Decorative: the link's name is the title beside it.
  return src
    ? h('img', { class: 'card-picture', src, alt: '', loading: 'lazy', decoding: 'async' })
    : h('span', { class: 'card-picture is-empty', 'aria-hidden': 'true' });
}

function projectCard(card: AppProjectCard, words: AppWords): HTMLLIElement {
  return h(
    'li',
    { class: 'card' },
    h(
      'a',
      { class: 'card-link', href: projectPath(card.slug) },
      cardPicture(card),
      h('span', { class: 'card-title' }, h('bdi', {}, card.title)),
      h(
        'span',
        { class: 'card-meta' },
        card.episode_number !== null ? `${words.episode(card.episode_number)} · ` : '',
        h('bdi', {}, card.company_name),
      ),
    ),
  );
}

function seriesCard(row: Extract<AppFeedRow, { kind: 'series' }>, words: AppWords) {
  return h(
    'li',
    { class: 'card' },
    h(
      'a',
      { class: 'card-link', href: seriesPath(row.series_id) },
      cardPicture(row.episodes[0]),
      h('span', { class: 'card-title' }, h('bdi', {}, row.title)),
      h(
        'span',
        { class: 'card-meta' },
        h('span', { class: 'badge' }, words.series),
        ` ${words.episodes(row.episodes.length)}`,
      ),
    ),
  );
}

export function feedRowCard(row: AppFeedRow, words: AppWords): HTMLLIElement {
  return row.kind === 'single' ? projectCard(row.project, words) : seriesCard(row, words);
}

/**
 * The feed: the viewer's promoted projects in a carousel (scrolled sideways, each card a link the
 * keyboard reaches), then every row, single projects and series, newest first, with 'Load more'
 * while the feed has more rows than shown.
 */
export class FeedView {
  readonly element: HTMLElement;
  readonly loadMoreButton: HTMLButtonElement;
  private readonly list: HTMLUListElement;
  private shown = 0;

  constructor(
    feed: AppFeed,
    private readonly words: AppWords,
    onLoadMore: () => void,
  ) {
    this.list = h('ul', { class: 'rows', role: 'list' });
    this.loadMoreButton = h('button', { type: 'button', class: 'action' }, words.loadMore);
    this.loadMoreButton.addEventListener('click', onLoadMore);
    const empty = feed.promoted.length === 0 && feed.rows.length === 0;
    this.element = h(
      'div',
      { class: 'feed' },
      h('h1', { class: 'page-title', tabindex: -1 }, words.stories),
      feed.promoted.length > 0 ? this.carousel(feed.promoted) : null,
      empty
        ? h('p', { class: 'empty' }, h('strong', {}, words.nothingYet), ' ', words.nothingYetText)
        : h(
            'section',
            { class: 'latest', 'aria-labelledby': 'latest-heading' },
            h('h2', { id: 'latest-heading' }, words.latest),
            this.list,
            h('div', { class: 'more' }, this.loadMoreButton),
          ),
    );
    this.append(feed);
  }

  /** Adds a page of rows; answers the first new card's link, for the focus after 'Load more'. */
  append(feed: Pick<AppFeed, 'rows' | 'total'>): HTMLAnchorElement | null {
    const cards = feed.rows.map((row) => feedRowCard(row, this.words));
    this.list.append(...cards);
    this.shown += feed.rows.length;
    this.loadMoreButton.hidden = this.shown >= feed.total || feed.rows.length === 0;
    return cards[0]?.querySelector('a') ?? null;
  }

  setLoading(loading: boolean): void {
    this.loadMoreButton.disabled = loading;
    this.loadMoreButton.textContent = loading ? this.words.loading : this.words.loadMore;
  }

  private carousel(promoted: readonly AppProjectCard[]) {
    const list = h(
      'ul',
      { class: 'carousel', role: 'list', id: 'promoted-list' },
      ...promoted.map((card) => projectCard(card, this.words)),
    );
    // For a mouse without a sideways wheel: a card back or on. Shown while the cards overflow.
    const scroller = (label: string, path: string, toward: 1 | -1) => {
      const button = h('button', {
        type: 'button',
        class: 'scroll-button',
        'aria-label': label,
        'aria-controls': 'promoted-list',
        title: label,
      });
      button.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true" class="icon"><path d="${path}"/></svg>`;
      button.addEventListener('click', () => {
        const card = list.firstElementChild as HTMLElement | null;
        const rtl = getComputedStyle(list).direction === 'rtl';
        const step = (card?.offsetWidth ?? list.clientWidth) * toward * (rtl ? -1 : 1);
        list.scrollBy({ left: step, behavior: 'smooth' });
      });
      return button;
    };
    const controls = h(
      'div',
      { class: 'scroll-buttons', hidden: true },
      scroller(this.words.previous, 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z', -1),
      scroller(this.words.next, 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z', 1),
    );
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => {
        controls.hidden = list.scrollWidth <= list.clientWidth + 1;
      }).observe(list);
    }
    return h(
      'section',
      { class: 'promoted', 'aria-labelledby': 'promoted-heading' },
      h(
        'div',
        { class: 'section-head' },
        h('h2', { id: 'promoted-heading' }, this.words.featured),
        controls,
      ),
      list,
    );
  }
}
