import { describe, expect, it, vi } from 'vitest';
import { makeWatchData } from '../test/watch-data.ts';
import { loadWatchData, studioLanguage, studioToken } from './load-watch-data.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('loadWatchData', () => {
  it('fetches a published project’s data in one call, without cookies', async () => {
    const data = makeWatchData();
    const fetch = vi.fn(async () => json(200, { data }));
    expect(await loadWatchData({ kind: 'published', slug: 'the fork' }, { fetch })).toEqual({
      kind: 'ok',
      data,
    });
    expect(fetch).toHaveBeenCalledWith(
      '/api/watch/the%20fork',
      expect.objectContaining({ credentials: 'omit' }),
    );
  });

  it('asks for a preview with the studio’s session', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      json(200, { data: makeWatchData({ preview: true }) }),
    );
    await loadWatchData(
      { kind: 'preview', movieId: 5 },
      { fetch: fetch as typeof globalThis.fetch, token: 'tok' },
    );
    expect(fetch.mock.calls[0]![0]).toBe('/api/watch/preview/5');
    expect(fetch.mock.calls[0]![1]!.headers).toMatchObject({ 'x-access-token': 'tok' });
  });

  it('tells not found, a preview not allowed, and other failures apart', async () => {
    const answer = (status: number, body: unknown = { message: 'Nope' }) => ({
      fetch: async () => json(status, body),
    });
    expect(await loadWatchData({ kind: 'published', slug: 'x' }, answer(404))).toEqual({
      kind: 'not-found',
    });
    expect(await loadWatchData({ kind: 'preview', movieId: 1 }, answer(401))).toEqual({
      kind: 'forbidden',
    });
    expect(await loadWatchData({ kind: 'preview', movieId: 1 }, answer(403))).toEqual({
      kind: 'forbidden',
    });
    expect(
      await loadWatchData(
        { kind: 'published', slug: 'x' },
        answer(500, { message: 'Server down' }),
      ),
    ).toEqual({ kind: 'failed', status: 500 });
    expect(await loadWatchData({ kind: 'published', slug: 'x' }, answer(200, '<html>'))).toEqual({
      kind: 'failed',
      status: 200,
    });
    const offline = { fetch: async () => Promise.reject(new TypeError('Failed to fetch')) };
    expect(await loadWatchData({ kind: 'published', slug: 'x' }, offline)).toEqual({
      kind: 'failed',
      status: null,
    });
  });
});

describe('studioToken', () => {
  const storage = (value: string | null) => ({ getItem: () => value });

  it('reads the token the studio keeps', () => {
    expect(studioToken(storage('{"state":{"token":"abc","theme":"x"},"version":0}'))).toBe('abc');
  });

  it('is null when signed out or unreadable', () => {
    expect(studioToken(storage('{"state":{"token":null}}'))).toBeNull();
    expect(studioToken(storage(null))).toBeNull();
    expect(studioToken(storage('{not json'))).toBeNull();
    expect(studioToken(null)).toBeNull();
  });
});

describe('studioLanguage', () => {
  it('reads the language the studio is shown in, for its preview frames', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(studioLanguage(storage('{"state":{"language":"ar","token":"abc"}}'))).toBe('ar');
    expect(studioLanguage(storage('{"state":{}}'))).toBeNull();
    expect(studioLanguage(storage('{not json'))).toBeNull();
    expect(studioLanguage(null)).toBeNull();
  });
});
