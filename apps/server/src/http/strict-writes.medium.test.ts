import { MESSAGES } from '@plotline/core';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startProjectTests,
  type projectFactories,
  type ProjectCaller,
} from '../test/test-projects.ts';
import type { TestServer } from '../test/test-server.ts';

type Factories = Awaited<ReturnType<typeof projectFactories>>;

let server: TestServer;
let make: Factories;
let owner: ProjectCaller;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ server, make, owner, close } = await startProjectTests());
}, 60_000);

afterAll(() => close?.());

/** No write call answers 2xx while dropping part of what it was sent (issue 15). */
describe('write calls refuse what they would drop', () => {
  it('names an unknown body field, at the top or nested, on every kind of write call', async () => {
    const movieId = await make.makeProject(owner.token);
    const item = await make.readyItem(movieId, 1, 10);
    const staff = await server.makeUser({ role: 'internal', companyType: null });
    const staffToken = await server.signIn(staff);
    const admin = await server.signIn(await server.makeUser({ role: 'superadmin' }));
    const cases: [string, string, unknown, string | undefined, string][] = [
      [
        'POST',
        '/api/v1.6/auth/login',
        { username: 'someone@example.com', password: 'whatever', rememberMe: true },
        undefined,
        'rememberMe',
      ],
      [
        'POST',
        '/api/user/register',
        { username: 'Eve', email: 'eve@example.com', password: 'password-1', retype: 'x' },
        undefined,
        'retype',
      ],
      [
        'POST',
        '/api/user/invite',
        { email: 'new@example.com', role: 'analyst', name: 'New' },
        admin,
        'name',
      ],
      ['PUT', '/api/company/1', { status: 'active', colour: 'red' }, staffToken, 'colour'],
      ['POST', '/api/movie/series/add', { title: 'S', season: 2 }, owner.token, 'season'],
      [
        'POST',
        '/api/movie-content/lang',
        { movie_content_id: item, language_id: 1, caption: 'Hi', newCaption: true },
        owner.token,
        'newCaption',
      ],
      [
        'POST',
        '/api/media/banner',
        { movie_id: movieId, button_text: 'Go', target: 'https://example.com' },
        owner.token,
        'target',
      ],
      [
        'POST',
        '/api/movie-plot',
        {
          movie_id: movieId,
          version: 0,
          plots: [{ movie_content_id: item, parent_id: null, locked: '0', colour: 'red' }],
        },
        owner.token,
        'plots.0.colour',
      ],
      [
        'POST',
        '/api/movie-plot/banner',
        {
          movie_id: movieId,
          movie_plot_id: 1,
          banner: [{ banner_type: 'vertical', banner_time_start: 0, banner_end: 3 }],
        },
        owner.token,
        'banner.0.banner_end',
      ],
      [
        'PUT',
        '/api/movie-plot/lock',
        { movie_plot_id: 1, status: true, why: 'x' },
        owner.token,
        'why',
      ],
      ['POST', '/api/transcoder/retry', { id: item, trailer: 0, force: 1 }, owner.token, 'force'],
      [
        'PUT',
        '/api/movie',
        { movie_id: movieId, thumbnail_mobile: null, all: true },
        owner.token,
        'all',
      ],
    ];
    for (const [method, path, body, token, field] of cases) {
      const response = await server.request(method, path, { body, token });
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(400);
      expect(response.body.message).toBe(`Unknown field "${field}"`);
    }
  });

  it("takes the spec's fields that are sent but not stored: a plot's changed flag and duration", async () => {
    const movieId = await make.makeProject(owner.token);
    const item = await make.readyItem(movieId, 1, 10);
    const plot = (extra: Record<string, unknown>) =>
      server.request('POST', '/api/movie-plot', {
        token: owner.token,
        body: {
          movie_id: movieId,
          version: 0,
          plots: [{ movie_content_id: item, parent_id: null, locked: '0', ...extra }],
        },
      });
    const other = await plot({ movie_id: movieId + 1 });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(`plots.0.movie_id: ${MESSAGES.plotOtherProject}`);
    const saved = await plot({ movie_id: movieId, changed: true, duration: 99 });
    expect(saved.status, saved.text).toBe(200);
  });

  it('refuses a query parameter on a write call, and a body where the call takes none', async () => {
    const movieId = await make.makeProject(owner.token);
    const query = await server.request('POST', `/api/movie?movieId=${movieId}`, {
      token: owner.token,
      body: { movieId, shareable: 0 },
    });
    expect(query.status).toBe(400);
    expect(query.body.message).toBe('Unknown query parameter "movieId"');

    const publish = await server.request('POST', `/api/movie/${movieId}/publish`, {
      token: owner.token,
      body: { slug: 'sneaked-in' },
    });
    expect(publish.status).toBe(400);
    expect(publish.body.message).toBe('Unknown field "slug"');
    const guide = await server.request('PUT', '/api/user/guide', {
      token: owner.token,
      rawBody: '"done"',
    });
    expect(guide.status).toBe(400);
    expect(guide.body.message).toBe(MESSAGES.noBodyExpected);
    const project = await server.request<{ data: { slug: string | null; shareable: number } }>(
      'GET',
      `/api/movie/${movieId}`,
      { token: owner.token },
    );
    expect(project.body.data).toMatchObject({ slug: null, shareable: 1 });

    // An empty object is no field at all.
    const deleted = await server.request('DELETE', `/api/movie/${movieId}`, {
      token: owner.token,
      body: {},
    });
    expect(deleted.status, deleted.text).toBe(200);
  });

  it('names an unknown multipart field of an upload, and takes the ignored ones of §7', async () => {
    const movieId = await make.makeProject(owner.token);
    const picture = await readFile(make.media.picture);
    const upload = (path: string, fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      body.append('uploads', new Blob([picture]), 'picture.png');
      return server.request<{ data: { location: string } }>('POST', path, {
        token: owner.token,
        rawBody: body,
      });
    };

    const thumbnail = await upload('/api/upload/thumbnailMobile', {
      movieId: String(movieId),
      kind: 'mobile',
    });
    expect(thumbnail.status).toBe(400);
    expect(thumbnail.body).toEqual({ message: 'Unknown field "kind"' });
    const avatar = await upload('/api/upload/avatar', { user_id: '1' });
    expect(avatar.status).toBe(400);
    expect(avatar.body).toEqual({ message: 'Unknown field "user_id"' });

    const banner = await upload('/api/upload/banner/horizontal', {
      movieId: String(movieId),
      mediaId: '12345',
    });
    expect(banner.status, banner.text).toBe(200);
    const desktop = await upload('/api/upload/thumbnailDesktop', {
      movieId: String(movieId),
      contentType: 'image/png',
    });
    expect(desktop.status, desktop.text).toBe(200);
  });
});
