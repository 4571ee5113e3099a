// @vitest-environment jsdom
import { getByRole, queryByRole, waitFor } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Texts } from './i18n/texts.ts';
import { loadResumeState, saveResumeState, takeResumeParam } from './page/resume-api.ts';
import { decodeStateParam, encodeStateParam } from '@plotline/core/publishing';
import { resumeKey } from './story/resume-state.ts';
import { flush, mount, press } from './test/mount-player.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  localStorage.clear();
});

const score = { name: 'score', kind: 'number' as const, start: 0 };
const KEY = resumeKey('the-fork');
/** The fork with a score; the viewer was at the question (node 2) with 5 points. */
const saved = { node_id: 2, values: { score: 5 }, history: [1] };
const save = (state: unknown) =>
  localStorage.setItem(KEY, JSON.stringify({ state, saved_at: '2026-11-20T10:00:00.000Z' }));
const published = { resumeSlug: 'the-fork' };
const TOKEN = 'Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab';

describe('resume on this device', () => {
  it('offers Continue and Start over; Continue plays on at the saved node with its values and history', async () => {
    save(saved);
    const { engine, page, recorded } = await mount({ variables: [score] }, new Texts(), published);
    expect(queryByRole(page, 'button', { name: 'Play' })).toBeNull();
    expect(page.textContent).toContain('Continue where you left off, or start over.');
    getByRole(page, 'button', { name: 'Start over' });
    // The engine loads the saved node: the likelier pick.
    expect(engine.start).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));

    press(getByRole(page, 'button', { name: 'Continue' }));
    await flush();
    engine.show(0);
    expect(recorded).toEqual([{ type: 'start' }, { type: 'node', node_id: 2 }]);
    expect(JSON.parse(localStorage.getItem(KEY)!).state).toEqual(saved);
    engine.playTo(0, 3, 8);
    press(getByRole(page, 'button', { name: 'Take the left path' }));
    engine.show(1);
    expect(JSON.parse(localStorage.getItem(KEY)!).state).toEqual({
      node_id: 3,
      values: { score: 5 },
      history: [1, 2],
    });
    // An ending: nothing left to continue.
    engine.events.emit('ended', { index: 1, node: engine.path[1]! });
    expect(localStorage.getItem(KEY)).toBeNull();

    // Replay starts the story itself over, from the root.
    press(getByRole(page, 'button', { name: 'Replay' }));
    await flush();
    expect(engine.start).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('notes where the viewer is only once the viewing plays', async () => {
    const { engine, page } = await mount({ variables: [score] }, new Texts(), published);
    engine.show(0);
    expect(localStorage.getItem(KEY)).toBeNull();
    press(getByRole(page, 'button', { name: 'Play' }));
    await flush();
    expect(JSON.parse(localStorage.getItem(KEY)!).state).toEqual({
      node_id: 1,
      values: { score: 0 },
      history: [],
    });
  });

  it('starts over from the root with the start values', async () => {
    save(saved);
    const { engine, page, video } = await mount({ variables: [score] }, new Texts(), published);
    press(getByRole(page, 'button', { name: 'Start over' }));
    await flush();
    expect(engine.start).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1 }));
    expect(engine.choose.mock.calls.map(([node]) => node.id)).toEqual([2]);
    expect(video.play).toHaveBeenCalled();
    engine.show(0);
    expect(JSON.parse(localStorage.getItem(KEY)!).state).toEqual({
      node_id: 1,
      values: { score: 0 },
      history: [],
    });
    // The focus went from Start over to the controls, not to the page.
    expect(document.activeElement).toBe(getByRole(page, 'button', { name: 'Pause' }));
  });

  it.each([
    ['a node not in this plot', { ...saved, node_id: 99 }],
    ['a history node not in this plot', { ...saved, history: [1, 98] }],
    ['a variable not declared', { ...saved, values: { lives: 3 } }],
    ['a value of the wrong kind', { ...saved, values: { score: true } }],
    ['not a state', { node: 2 }],
  ])('discards a saved state with %s and offers Play', async (_, state) => {
    save(state);
    const { engine, page } = await mount({ variables: [score] }, new Texts(), published);
    getByRole(page, 'button', { name: 'Play' });
    expect(queryByRole(page, 'button', { name: 'Continue' })).toBeNull();
    expect(engine.start).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('gives a variable declared since the save its start value', async () => {
    save({ node_id: 2, values: {}, history: [1] });
    const { engine, page } = await mount({ variables: [score] }, new Texts(), published);
    press(getByRole(page, 'button', { name: 'Continue' }));
    await flush();
    engine.show(0);
    expect(JSON.parse(localStorage.getItem(KEY)!).state.values).toEqual({ score: 0 });
  });

  it('keeps nothing for a preview', async () => {
    save(saved);
    const { engine, page } = await mount({ variables: [score] });
    getByRole(page, 'button', { name: 'Play' });
    press(getByRole(page, 'button', { name: 'Play' }));
    await flush();
    engine.show(0);
    expect(JSON.parse(localStorage.getItem(KEY)!).state).toEqual(saved);
    expect(queryByRole(page, 'button', { name: 'Continue on another device' })).toBeNull();
  });
});

describe('a preview’s start state', () => {
  it('starts at the state’s node with its values, without asking', async () => {
    const { engine, page } = await mount({ variables: [score] }, new Texts(), {
      startState: decodeStateParam(
        encodeStateParam({ node_id: 2, values: { score: 7 }, history: [1] }),
      ),
    });
    expect(engine.start).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    getByRole(page, 'button', { name: 'Play' });
    expect(localStorage.length).toBe(0);
  });

  it('starts at the root when the state does not fit the story', async () => {
    const { engine } = await mount({ variables: [score] }, new Texts(), {
      startState: decodeStateParam('not base64 json'),
    });
    expect(engine.start).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('carries any state through base64url, Arabic text and all', () => {
    const state = { node_id: 12, values: { met_alex: true, score: -3 }, history: [1, 4, 9] };
    const param = encodeStateParam(state);
    expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeStateParam(param)).toEqual(state);
  });
});

describe('resume through a link', () => {
  it('offers the link’s state over the device’s', async () => {
    save({ ...saved, node_id: 3 });
    const { engine, page } = await mount({ variables: [score] }, new Texts(), {
      ...published,
      linkState: saved,
    });
    getByRole(page, 'button', { name: 'Continue' });
    expect(engine.start).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });

  it('says when the link was not found, in the viewer’s language, and starts normally', async () => {
    const texts = new Texts();
    await texts.use('ar');
    const { engine, page } = await mount({ variables: [score] }, texts, {
      ...published,
      linkMissing: true,
    });
    expect(getByRole(page, 'status').textContent).toBe(
      'انتهت صلاحية رابط المتابعة هذا أو أنه غير موجود.',
    );
    getByRole(page, 'button', { name: 'تشغيل' });
    expect(engine.start).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('reads the token, takes it out of the address, and fetches its state', async () => {
    history.replaceState(null, '', `/watch/the-fork?forceMobile=true&resume=${TOKEN}#top`);
    expect(takeResumeParam(location, history)).toBe(TOKEN);
    expect(location.pathname + location.search + location.hash).toBe(
      '/watch/the-fork?forceMobile=true#top',
    );
    expect(takeResumeParam(location, history)).toBeNull();

    const fetch = vi.fn(async () => Response.json({ data: { state: saved } }));
    expect(await loadResumeState('the-fork', TOKEN, fetch)).toEqual({
      kind: 'state',
      state: saved,
    });
    expect(fetch).toHaveBeenCalledWith(`/api/watch/the-fork/resume/${TOKEN}`, expect.anything());

    const missing = vi.fn(async () =>
      Response.json({ message: 'This resume link has expired or does not exist' }, { status: 404 }),
    );
    expect(await loadResumeState('the-fork', TOKEN, missing)).toEqual({ kind: 'not-found' });
    const never = vi.fn<typeof globalThis.fetch>();
    expect(await loadResumeState('the-fork', 'short', never)).toEqual({ kind: 'not-found' });
    expect(never).not.toHaveBeenCalled();
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await loadResumeState('the-fork', TOKEN, offline)).toEqual({ kind: 'failed' });
  });

  it('posts the state for a token', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      expect(JSON.parse(String(init?.body))).toEqual({ state: saved });
      return Response.json(
        { data: { token: TOKEN, expires_at: '2026-12-27T10:00:00.000Z' } },
        { status: 201 },
      );
    });
    expect(await saveResumeState('the-fork', saved, fetch)).toEqual({
      token: TOKEN,
      expires_at: '2026-12-27T10:00:00.000Z',
    });
    expect(fetch.mock.calls[0]![0]).toBe('/api/watch/the-fork/resume');
    const refused = vi.fn(async () => Response.json({ message: 'Too many' }, { status: 429 }));
    expect(await saveResumeState('the-fork', saved, refused)).toBeNull();
  });
});

/**
 * The server as the page meets it: the subtitles' files are not there (the player goes on without
 * them), `POST …/resume` answers each of `statuses` in turn, a token with 201.
 */
function resumeServer(statuses: number[]) {
  return vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    void init;
    if (!String(url).endsWith('/resume')) return new Response('', { status: 404 });
    const status = statuses.shift() ?? 500;
    return status === 201
      ? Response.json(
          { data: { token: TOKEN, expires_at: '2026-12-27T10:00:00.000Z' } },
          { status: 201 },
        )
      : Response.json({ message: 'Too many requests' }, { status });
  });
}

describe('Continue on another device', () => {
  it('posts where the viewer is and shows the link to copy; Escape gives the focus back', async () => {
    const fetch = resumeServer([201]);
    vi.stubGlobal('fetch', fetch);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { engine, page, video } = await mount({ variables: [score] }, new Texts(), published);
    press(getByRole(page, 'button', { name: 'Play' }));
    await flush();
    // Offered once a node plays: there is somewhere to continue from.
    expect(queryByRole(page, 'button', { name: 'Continue on another device' })).toBeNull();
    engine.show(0);
    engine.show(1);

    const elsewhere = getByRole(page, 'button', { name: 'Continue on another device' });
    press(elsewhere);
    const dialog = await waitFor(() =>
      getByRole(page, 'dialog', { name: 'Continue on another device' }),
    );
    expect(video.paused).toBe(true);
    const link = await waitFor(() => getByRole(dialog, 'textbox') as HTMLInputElement);
    expect(link.value).toBe(`${location.origin}/watch/the-fork?resume=${TOKEN}`);
    const [url, init] = fetch.mock.calls.find(([url]) => String(url).includes('/resume'))!;
    expect(url).toBe('/api/watch/the-fork/resume');
    expect(JSON.parse(String(init?.body))).toEqual({
      state: { node_id: 2, values: { score: 0 }, history: [1] },
    });
    expect(getByRole(dialog, 'status').textContent).toBe(
      'Open this link on your other device to continue from here. It works for 30 days.',
    );
    const copy = getByRole(dialog, 'button', { name: 'Copy link' });
    expect(document.activeElement).toBe(copy);
    expect(queryByRole(dialog, 'button', { name: 'Share' })).toBeNull();
    press(copy);
    await flush();
    expect(writeText).toHaveBeenCalledWith(link.value);
    expect(getByRole(dialog, 'status').textContent).toBe('Link copied to clipboard!');

    copy.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(queryByRole(page, 'dialog')).toBeNull();
    expect(document.activeElement).toBe(elsewhere);
  });

  it('says when the link could not be made, and tries again', async () => {
    const fetch = resumeServer([429, 201]);
    vi.stubGlobal('fetch', fetch);
    const { engine, page } = await mount({ variables: [score] }, new Texts(), published);
    press(getByRole(page, 'button', { name: 'Play' }));
    await flush();
    engine.show(0);
    press(getByRole(page, 'button', { name: 'Continue on another device' }));
    const dialog = await waitFor(() => getByRole(page, 'dialog'));
    const retry = await waitFor(() => getByRole(dialog, 'button', { name: 'Try again' }));
    expect(getByRole(dialog, 'status').textContent).toBe(
      'The link could not be created. Try again.',
    );
    expect(document.activeElement).toBe(retry);
    press(retry);
    await waitFor(() => getByRole(dialog, 'textbox'));
    press(getByRole(dialog, 'button', { name: 'Close' }));
    expect(queryByRole(page, 'dialog')).toBeNull();
  });
});
