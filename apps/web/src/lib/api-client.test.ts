import { ACCESS_TOKEN_HEADER } from '@plotline/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, signInAs } from '../test/fixtures.ts';
import { ApiError, apiRequest, apiWholeReply } from './api-client.ts';
import { useAppStore } from './app-store.ts';

const schema = z.object({ ok: z.boolean() });

describe('apiRequest', () => {
  it("sends the session's token and returns the reply's data", async () => {
    signInAs();
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      jsonResponse({ data: { ok: true } }),
    );
    vi.stubGlobal('fetch', fetch);

    await expect(apiRequest('/api/thing', { schema })).resolves.toEqual({ ok: true });
    const headers = fetch.mock.calls[0]?.[1].headers as Record<string, string>;
    expect(headers[ACCESS_TOKEN_HEADER]).toBe('token-1');
  });

  it("throws the server's message and status", async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ message: 'Too many tries' }, 429));
    const error = await apiRequest('/api/thing', { method: 'POST', body: {}, schema }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Too many tries', status: 429 });
  });

  it('ends the session when a call with a token answers 401', async () => {
    signInAs();
    vi.stubGlobal('fetch', async () => jsonResponse({ message: 'Expired' }, 401));
    await expect(apiRequest('/api/user/me', { schema })).rejects.toThrow('Expired');
    expect(useAppStore.getState()).toMatchObject({ loggedIn: false, token: null, user: null });
  });

  it('keeps a signed-out visitor where they are on 401 (a wrong password is not a lost session)', async () => {
    useAppStore.getState().rememberNext('segment');
    vi.stubGlobal('fetch', async () => jsonResponse({ message: 'Wrong email or password' }, 401));
    await expect(apiRequest('/api/v1.6/auth/login', { schema })).rejects.toThrow(
      'Wrong email or password',
    );
    expect(useAppStore.getState().next).toBe('segment');
  });
});

describe('apiWholeReply', () => {
  const storyline = z.object({ data: z.array(z.number()), version: z.number() });

  it('checks and returns the whole reply, what sits beside `data` included', async () => {
    signInAs();
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      jsonResponse({ data: [1, 2], version: 4 }),
    );
    vi.stubGlobal('fetch', fetch);

    await expect(
      apiWholeReply('/api/movie-plot', { method: 'PUT', body: { a: 1 }, schema: storyline }),
    ).resolves.toEqual({ data: [1, 2], version: 4 });
    const init = fetch.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'PUT', body: '{"a":1}' });
    expect((init?.headers as Record<string, string>)[ACCESS_TOKEN_HEADER]).toBe('token-1');
  });

  it("throws the server's message and status like every call", async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ message: 'The storyline has changed since it was loaded' }, 409),
    );
    await expect(apiWholeReply('/api/movie-plot', { schema: storyline })).rejects.toMatchObject({
      message: 'The storyline has changed since it was loaded',
      status: 409,
    });
  });

  it('fails loudly on a reply of another shape', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ data: [1, 2] }));
    await expect(apiWholeReply('/api/movie-plot/5', { schema: storyline })).rejects.toThrow();
  });
});
