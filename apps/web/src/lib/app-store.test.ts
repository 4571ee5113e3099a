import { TIMINGS } from '@plotline/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/fixtures.ts';
import { STORAGE_KEY, createAppStore } from './app-store.ts';
import { createThrottledStorage } from './throttled-storage.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    setItem: vi.fn((key: string, value: string) => void items.set(key, value)),
    getItem: (key: string) => items.get(key) ?? null,
    removeItem: (key: string) => void items.delete(key),
    stored: () =>
      JSON.parse(items.get(STORAGE_KEY) ?? 'null') as { state: Record<string, unknown> },
  };
}

describe('app store persistence', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const storage = memoryStorage();
    const throttled = createThrottledStorage(
      storage as unknown as Storage,
      TIMINGS.persistThrottleMs,
    );
    return { storage, throttled, store: createAppStore(throttled) };
  }

  it('writes a burst of changes once per second under one key, ending with the last state', () => {
    const { storage, store } = setup();

    store.getState().setLayout('sidebar');
    for (const theme of ['redTheme', 'greenTheme', 'blueTheme', 'orangeTheme'] as const) {
      store.getState().setTheme(theme);
    }
    store.getState().toggleMode();
    expect(storage.setItem).toHaveBeenCalledTimes(1);
    expect(storage.stored().state).toMatchObject({ layout: 'sidebar', theme: 'purpleTheme' });

    vi.advanceTimersByTime(TIMINGS.persistThrottleMs - 1);
    expect(storage.setItem).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1);
    expect(storage.setItem).toHaveBeenCalledTimes(2);
    expect(storage.setItem.mock.calls.every(([key]) => key === STORAGE_KEY)).toBe(true);
    expect(storage.stored().state).toMatchObject({
      theme: 'orangeTheme',
      mode: 'dark',
      layout: 'sidebar',
    });

    vi.advanceTimersByTime(5 * TIMINGS.persistThrottleMs);
    expect(storage.setItem).toHaveBeenCalledTimes(2);
  });

  it('keeps the session and the wanted page, but not the actions', () => {
    const { storage, store } = setup();
    store.getState().rememberNext('project-list');
    vi.advanceTimersByTime(TIMINGS.persistThrottleMs);
    store.getState().signIn({ ...makeUser({ role: 'analyst' }), token: 'secret' });
    vi.advanceTimersByTime(TIMINGS.persistThrottleMs);

    const { state } = storage.stored();
    expect(state).toMatchObject({
      token: 'secret',
      loggedIn: true,
      next: 'project-list',
      user: { role: 'analyst', email: 'ayu@plotline.test' },
    });
    expect(Object.values(state).some((value) => typeof value === 'function')).toBe(false);
  });

  it('writes the held-back change at once when flushed, e.g. when the tab closes', () => {
    const { storage, throttled, store } = setup();
    store.getState().setLanguage('de');
    store.getState().setLanguage('ar');
    throttled.flush();
    expect(storage.setItem).toHaveBeenCalledTimes(2);
    expect(storage.stored().state).toMatchObject({ language: 'ar' });
  });

  it('restores a stored session when the app starts', () => {
    const storage = memoryStorage();
    storage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        state: { token: 't', loggedIn: true, user: makeUser(), layout: 'mega-menu' },
        version: 0,
      }),
    );
    const store = createAppStore(createThrottledStorage(storage as unknown as Storage, 1000));
    expect(store.getState()).toMatchObject({
      token: 't',
      loggedIn: true,
      layout: 'mega-menu',
      theme: 'purpleTheme',
    });
  });

  it('forgets the whole session, including the wanted page, on sign-out', () => {
    const { store } = setup();
    store.getState().signIn({ ...makeUser(), token: 't' });
    store.getState().rememberNext('segment');
    store.getState().signOut();
    expect(store.getState()).toMatchObject({
      token: null,
      loggedIn: false,
      user: null,
      next: null,
    });
  });
});
