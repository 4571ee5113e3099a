// @vitest-environment jsdom
import { findByRole, getByRole, queryByRole, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appEn } from '../i18n/app-words.ts';
import { en } from '../i18n/words.ts';
import { makeWatchData } from '../test/watch-data.ts';
import { mountWatchPage } from '../watch-page.ts';
import { AppApi } from './app-api.ts';
import { ReferenceApp } from './reference-app.ts';
import { makeCard, makeFeed } from './test-feed.ts';

// The player itself is tested on its own (story-player.test.ts): here, what the app hands it.
const unmount = vi.fn();
vi.mock('../watch-page.ts', () => ({
  mountWatchPage: vi.fn((root: HTMLElement) => {
    root.append(Object.assign(document.createElement('button'), { className: 'play-button' }));
    return unmount;
  }),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: string[];

function start(pathname: string) {
  history.replaceState(null, '', pathname);
  calls = [];
  const fetch = vi.fn(async (url: string | URL | Request) => {
    const address = String(url);
    calls.push(address);
    if (address.endsWith('/viewer')) return json(201, { data: { viewer_id: 1, token: 't' } });
    if (address.includes('/feed?page=1&')) return json(200, { data: makeFeed({ total: 3 }) });
    if (address.includes('/feed?page=2&'))
      return json(200, {
        data: makeFeed({
          rows: [{ kind: 'single', project: makeCard({ movie_id: 9, title: 'Third' }) }],
          total: 3,
        }),
      });
    if (address.endsWith('/project/story-3'))
      return json(200, { data: makeWatchData({ slug: 'story-3' }) });
    return json(404, { message: 'Not found' });
  });
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  new ReferenceApp({
    api: new AppApi({ platform: 'web', language: 'en', storage: null, fetch }),
    language: 'en',
    words: appEn,
    playerWords: en,
    session: null,
  }).start(root);
  return root;
}

beforeEach(() => {
  window.scrollTo = vi.fn();
  unmount.mockClear();
  vi.mocked(mountWatchPage).mockClear();
});
afterEach(() => document.body.replaceChildren());

describe('the reference app', () => {
  it('goes from the feed to a series, to an episode in the player, and back, without loading a page', async () => {
    const page = start('/m/');
    await findByRole(page, 'heading', { level: 1, name: 'Stories' });
    expect(getByRole(page, 'banner')).toBeTruthy();
    expect(getByRole(page, 'main')).toBeTruthy();
    expect(queryByRole(page, 'link', { name: 'Back' })).toBeNull();

    getByRole(page, 'link', { name: /Night Shift/ }).click();
    const series = await findByRole(page, 'heading', { level: 1, name: 'Night Shift' });
    expect(location.pathname).toBe('/m/series/4');
    expect(document.activeElement).toBe(series);

    getByRole(page, 'link', { name: /Second Night/ }).click();
    await vi.waitFor(() => expect(mountWatchPage).toHaveBeenCalledTimes(1));
    expect(location.pathname).toBe('/m/p/story-3');
    const [stage, data, options] = vi.mocked(mountWatchPage).mock.calls[0]!;
    expect(page.contains(stage)).toBe(true);
    expect(data.slug).toBe('story-3');
    expect(options.sendEvents).toBeTypeOf('function');
    expect(options.shareUrl).toBe(`${location.origin}/watch/story-3`);
    // The story's Play button takes the focus.
    expect(document.activeElement).toHaveProperty('className', 'play-button');

    // Back where the viewer came from: the series, the player taken off with its last events.
    getByRole(page, 'link', { name: 'Back' }).click();
    await findByRole(page, 'heading', { level: 1, name: 'Night Shift' });
    expect(unmount).toHaveBeenCalledTimes(1);
    getByRole(page, 'link', { name: 'Back' }).click();
    await findByRole(page, 'heading', { level: 1, name: 'Stories' });
    // The feed as it was: read once.
    expect(calls.filter((call) => call.includes('/feed'))).toHaveLength(1);
  });

  it('loads the next page of the feed, and moves the focus to its first story', async () => {
    const page = start('/m');
    await findByRole(page, 'heading', { level: 1, name: 'Stories' });
    getByRole(page, 'button', { name: 'Load more' }).click();
    const third = await findByRole(page, 'link', { name: /Third/ });
    expect(document.activeElement).toBe(third);
    expect(calls.at(-1)).toBe('/api/app/v1/feed?page=2&perPage=12');
    expect(queryByRole(page, 'button', { name: 'Load more' })).toBeNull();
  });

  it('finds a series opened by its address in the feed, and says when it is not there', async () => {
    const page = start('/m/series/4');
    const episodes = await findByRole(page, 'list');
    expect(within(episodes).getAllByRole('link')).toHaveLength(2);
    document.body.replaceChildren();
    const missing = start('/m/series/5');
    await findByRole(missing, 'heading', { level: 1, name: 'Series not found' });
  });

  it('says what is not there: an address it has no screen for, a story it does not serve', async () => {
    await findByRole(start('/m/nothing'), 'heading', { level: 1, name: 'Page not found' });
    await findByRole(start('/m/p/gone'), 'heading', { level: 1, name: 'Video not found' });
    expect(mountWatchPage).not.toHaveBeenCalled();
  });
});
