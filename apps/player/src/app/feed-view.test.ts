// @vitest-environment jsdom
import { getAllByRole, getByRole, queryByRole, within } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appEn } from '../i18n/app-words.ts';
import { FeedView } from './feed-view.ts';
import { seriesView, SeriesMemory } from './series-view.ts';
import { makeCard, makeFeed } from './test-feed.ts';

afterEach(() => document.body.replaceChildren());

function show(element: HTMLElement) {
  document.body.append(element);
  return element;
}

describe('the feed', () => {
  it('shows the promoted stories in a carousel with its heading, then the rows', () => {
    const view = new FeedView(makeFeed(), appEn, () => {});
    const page = show(view.element);
    expect(getByRole(page, 'heading', { level: 1, name: 'Stories' })).toBeTruthy();

    const featured = getByRole(page, 'region', { name: 'Featured' });
    const promoted = within(featured).getAllByRole('link');
    expect(promoted.map((link) => link.getAttribute('href'))).toEqual(['/m/p/story-7']);
    expect(promoted[0]!.textContent).toContain('The Promoted One');

    const latest = getByRole(page, 'region', { name: 'Latest' });
    const links = within(latest).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/m/p/story-1', 'The ForkAcme Films'],
      ['/m/series/4', 'Night ShiftSeries 2 episodes'],
    ]);
  });

  it('lazy-loads every picture, decorative beside the title; a series shows its first episode’s', () => {
    const page = show(new FeedView(makeFeed(), appEn, () => {}).element);
    const pictures = [...page.querySelectorAll('img')];
    expect(
      pictures.map((img) => [img.getAttribute('src'), img.getAttribute('loading'), img.alt]),
    ).toEqual([
      ['/api/media/7/thumbnail-desktop.jpg', 'lazy', ''],
      ['/api/media/1/thumbnail-desktop.jpg', 'lazy', ''],
    ]);
    // The pilot has no picture: a placeholder, hidden from assistive technology.
    const series = getByRole(page, 'link', { name: /Night Shift/ });
    expect(series.querySelector('.card-picture.is-empty')?.getAttribute('aria-hidden')).toBe(
      'true',
    );
  });

  it('has no carousel when nothing is promoted, and says so when the feed is empty', () => {
    const page = show(new FeedView(makeFeed({ promoted: [] }), appEn, () => {}).element);
    expect(queryByRole(page, 'region', { name: 'Featured' })).toBeNull();
    document.body.replaceChildren();
    const empty = show(
      new FeedView(makeFeed({ promoted: [], rows: [], total: 0 }), appEn, () => {}).element,
    );
    expect(empty.textContent).toContain('No stories yet');
    expect(queryByRole(empty, 'button', { name: 'Load more' })).toBeNull();
  });

  it('offers Load more while the feed has more rows, and appends the next page', () => {
    const loadMore = vi.fn();
    const view = new FeedView(makeFeed({ total: 3 }), appEn, loadMore);
    const page = show(view.element);
    const button = getByRole(page, 'button', { name: 'Load more' });
    button.click();
    expect(loadMore).toHaveBeenCalledTimes(1);
    view.setLoading(true);
    expect(getByRole(page, 'button', { name: 'Loading…' })).toHaveProperty('disabled', true);
    view.setLoading(false);

    const first = view.append({
      rows: [{ kind: 'single', project: makeCard({ movie_id: 9, title: 'Third' }) }],
      total: 3,
    });
    expect(first?.getAttribute('href')).toBe('/m/p/story-9');
    expect(getAllByRole(getByRole(page, 'region', { name: 'Latest' }), 'link')).toHaveLength(3);
    expect(queryByRole(page, 'button', { name: 'Load more' })).toBeNull();
  });

  it('speaks the viewer’s language', async () => {
    const { appWords } = await import('../i18n/app-locales/de.ts');
    const page = show(new FeedView(makeFeed({ total: 5 }), appWords, () => {}).element);
    expect(getByRole(page, 'region', { name: 'Empfohlen' })).toBeTruthy();
    expect(getByRole(page, 'button', { name: 'Mehr laden' })).toBeTruthy();
    expect(getByRole(page, 'link', { name: /Night Shift/ }).textContent).toContain('2 Folgen');
  });
});

describe('a series', () => {
  it('lists its episodes in order, each a link to its story', () => {
    const feed = makeFeed();
    const series = feed.rows[1]!;
    if (series.kind !== 'series') throw new Error('the feed’s second row is a series');
    const page = show(seriesView(series, appEn));
    expect(getByRole(page, 'heading', { level: 1, name: 'Night Shift' })).toBeTruthy();
    const episodes = within(getByRole(page, 'list')).getAllByRole('link');
    expect(episodes.map((link) => link.getAttribute('href'))).toEqual([
      '/m/p/story-2',
      '/m/p/story-3',
    ]);
    expect(episodes[1]!.textContent).toContain('Episode 2');
  });

  it('is remembered from the feed for the tab’s life', () => {
    const storage = new Map<string, string>();
    const session = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    };
    new SeriesMemory(session).remember(makeFeed().rows);
    const again = new SeriesMemory(session);
    expect(again.find(4)?.episodes.map((episode) => episode.slug)).toEqual(['story-2', 'story-3']);
    expect(again.find(5)).toBeNull();
    expect(new SeriesMemory(null).find(4)).toBeNull();
  });
});
