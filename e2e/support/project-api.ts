import { ACCESS_TOKEN_HEADER } from '@plotline/core';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Account } from './company-admin.ts';

/** A 1×1 PNG: a picture, whatever name it is given. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The session header of `account`, signed in through the API. */
export async function sessionHeaders(
  request: APIRequestContext,
  { email, password }: Account,
): Promise<Record<string, string>> {
  const login = await request.post('/api/v1.6/auth/login', {
    data: { username: email, password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return {
    [ACCESS_TOKEN_HEADER]: ((await login.json()) as { data: { token: string } }).data.token,
  };
}

/**
 * A single project with its step 1 complete (title, orientation, both thumbnails), made through the
 * API, for journeys that start at a later step.
 */
export async function createProjectInfo(
  request: APIRequestContext,
  headers: Record<string, string>,
  title: string,
): Promise<number> {
  const saved = await request.post('/api/movie', {
    headers,
    data: { type: 1, title, view_mode: 'horizontal', tags: [] },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { movieId } = ((await saved.json()) as { data: { movieId: number } }).data;
  for (const artwork of ['thumbnailMobile', 'thumbnailDesktop']) {
    const uploaded = await request.post(`/api/upload/${artwork}`, {
      headers,
      multipart: {
        movieId: String(movieId),
        uploads: { name: 'poster.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
  }
  return movieId;
}
