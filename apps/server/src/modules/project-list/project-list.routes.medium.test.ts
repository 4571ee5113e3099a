import { MESSAGES, type ProjectListRow, type SeriesDetail } from '@plotline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startProjectSuite } from '../../test/test-projects.ts';

type Page = { data: { rows: ProjectListRow[]; total: number } };

const { server, make, owner, analystToken, strangerToken } = await startProjectSuite();
let staffToken: string;

const MINUTE = 60_000;

/** What the owner's company holds, oldest first; each made a minute after the one before. */
const made = {
  fox: 0,
  owl: 0,
  /** A series of two episodes, one published, of different view modes. */
  saga: 0,
  sagaOne: 0,
  sagaTwo: 0,
  /** A series without episodes. */
  empty: 0,
  bear: 0,
};
let sagaThumbnail: string;
let strangerProject: number;
let strangerSeries: number;

beforeAll(async () => {
  staffToken = await server.signIn(await server.makeUser({ role: 'internal', companyType: null }));
  const later = () => server.clock.advance(MINUTE);

  made.fox = await make.makeProject(owner.token, { title: 'The Quick Fox', tags: ['Nature'] });
  later();
  made.owl = await make.makeProject(owner.token, {
    title: 'night owl',
    tags: ['birds', 'Wildlife'],
    view_mode: 'vertical',
  });
  later();
  made.saga = await make.makeSeries(owner.token, { title: 'Saga', tags: ['epic'] });
  later();
  made.sagaTwo = await make.makeProject(owner.token, {
    type: 2,
    title: 'Saga: the return',
    view_mode: 'vertical',
    movieIdParent: made.saga,
    episodeNumber: 2,
  });
  later();
  made.sagaOne = await make.makeProject(owner.token, {
    type: 2,
    title: 'Saga: a hidden badger',
    movieIdParent: made.saga,
    episodeNumber: 1,
  });
  sagaThumbnail = await make.uploadThumbnail(owner.token, made.sagaOne, 'thumbnailDesktop');
  later();
  made.empty = await make.makeSeries(owner.token, { title: 'Empty shelf' });
  later();
  made.bear = await make.makeProject(owner.token, { title: 'Brown bear', tags: [] });
  later();
  await make.setPublished(made.fox);
  await make.setPublished(made.sagaTwo);
  // setPublished writes no change time: the fox keeps its own, the saga the badger's upload.

  strangerProject = await make.makeProject(strangerToken, { title: 'The Quick Fox, elsewhere' });
  strangerSeries = await make.makeSeries(strangerToken, { title: 'Saga elsewhere' });
}, 60_000);

async function list(query = '', token = owner.token) {
  const response = await server.request<Page>('GET', `/api/movie${query}`, { token });
  if (response.status === 500) throw new Error(`${query}: ${response.text}`);
  return response;
}

const idsOf = (page: Page) => page.data.rows.map((row) => `${row.kind}:${row.id}`);

describe('GET /api/movie', () => {
  it("lists the company's singles and a row per series, newest change first", async () => {
    const response = await list();
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.total).toBe(5);
    expect(idsOf(response.body)).toEqual([
      `single:${made.bear}`,
      `series:${made.empty}`,
      `series:${made.saga}`,
      `single:${made.owl}`,
      `single:${made.fox}`,
    ]);
  });

  it('answers a single project as the row the list shows', async () => {
    const rows = (await list()).body.data.rows;
    const fox = rows.find((row) => row.kind === 'single' && row.id === made.fox)!;
    expect(fox).toEqual({
      kind: 'single',
      id: made.fox,
      title: 'The Quick Fox',
      tags: ['Nature'],
      thumbnail: null,
      view_mode: 'horizontal',
      status: 'published',
      episode_count: null,
      published_count: null,
      app_channel_on: 0,
      watch_url: `${server.publicUrl}/watch/published-${made.fox}`,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      author: expect.stringMatching(/^User /),
    });
    const bear = rows.find((row) => row.kind === 'single' && row.id === made.bear)!;
    expect(bear).toMatchObject({ status: 'draft', watch_url: null });
  });

  it('answers a series as its episodes together', async () => {
    const rows = (await list()).body.data.rows;
    const saga = rows.find((row) => row.kind === 'series' && row.id === made.saga)!;
    expect(saga).toMatchObject({
      title: 'Saga',
      tags: ['epic'],
      status: 'published',
      episode_count: 2,
      published_count: 1,
      // The episodes differ: one is horizontal, the other vertical.
      view_mode: null,
      // The first episode's, though the second was made first.
      thumbnail: sagaThumbnail,
      watch_url: null,
    });
    const badger = await server.request<{ data: { thumbnailDesktop: string } }>(
      'GET',
      `/api/movie/${made.sagaOne}`,
      { token: owner.token },
    );
    expect(badger.body.data.thumbnailDesktop).toBe(sagaThumbnail);
    expect(saga.updated_at > saga.created_at).toBe(true);

    const empty = rows.find((row) => row.kind === 'series' && row.id === made.empty)!;
    expect(empty).toMatchObject({
      status: 'draft',
      episode_count: 0,
      published_count: 0,
      view_mode: null,
      thumbnail: null,
    });
    expect(empty.updated_at).toBe(empty.created_at);
  });

  it("never lists another company's projects or series", async () => {
    const mine = JSON.stringify((await list('?perPage=100')).body);
    expect(mine).not.toContain('elsewhere');
    const theirs = await list('?perPage=100', strangerToken);
    expect(idsOf(theirs.body).sort()).toEqual(
      [`single:${strangerProject}`, `series:${strangerSeries}`].sort(),
    );
  });

  it('searches titles and tags, ignoring case, by part of a word', async () => {
    expect(idsOf((await list('?search=QUICK')).body)).toEqual([`single:${made.fox}`]);
    expect(idsOf((await list('?search=ildlif')).body)).toEqual([`single:${made.owl}`]);
    expect(idsOf((await list('?search=Epi')).body)).toEqual([`series:${made.saga}`]);
    // A series is found by its episodes' titles too.
    expect(idsOf((await list('?search=badger')).body)).toEqual([`series:${made.saga}`]);
    // Wildcards are matched as typed.
    expect((await list('?search=%25')).body.data.total).toBe(0);
    expect((await list('?search=nothing-like-it')).body.data).toEqual({ rows: [], total: 0 });
  });

  it('filters by status, kind and orientation, a series by its episodes', async () => {
    expect(idsOf((await list('?status=published')).body)).toEqual([
      `series:${made.saga}`,
      `single:${made.fox}`,
    ]);
    expect(idsOf((await list('?status=draft')).body)).toEqual([
      `single:${made.bear}`,
      `series:${made.empty}`,
      `series:${made.saga}`,
      `single:${made.owl}`,
    ]);
    expect(idsOf((await list('?type=series')).body)).toEqual([
      `series:${made.empty}`,
      `series:${made.saga}`,
    ]);
    expect(idsOf((await list('?type=single&status=draft')).body)).toEqual([
      `single:${made.bear}`,
      `single:${made.owl}`,
    ]);
    expect(idsOf((await list('?orientation=vertical')).body)).toEqual([
      `series:${made.saga}`,
      `single:${made.owl}`,
    ]);
  });

  it('sorts by title, creation or change, either way', async () => {
    expect(idsOf((await list('?sort=title')).body)).toEqual([
      `single:${made.bear}`,
      `series:${made.empty}`,
      `single:${made.owl}`,
      `series:${made.saga}`,
      `single:${made.fox}`,
    ]);
    expect(idsOf((await list('?sort=-title')).body)[0]).toBe(`single:${made.fox}`);
    expect(idsOf((await list('?sort=created_at')).body)).toEqual([
      `single:${made.fox}`,
      `single:${made.owl}`,
      `series:${made.saga}`,
      `series:${made.empty}`,
      `single:${made.bear}`,
    ]);
    expect(idsOf((await list('?sort=-created_at')).body)[0]).toBe(`single:${made.bear}`);
    expect(idsOf((await list('?sort=updated_at')).body)[0]).toBe(`single:${made.fox}`);
  });

  it('pages, with the total of every page and past the last one', async () => {
    const second = await list('?sort=created_at&perPage=2&page=2');
    expect(second.body.data.total).toBe(5);
    expect(idsOf(second.body)).toEqual([`series:${made.saga}`, `series:${made.empty}`]);
    expect(idsOf((await list('?sort=created_at&perPage=2&page=3')).body)).toEqual([
      `single:${made.bear}`,
    ]);
    expect((await list('?perPage=2&page=9')).body.data).toEqual({ rows: [], total: 5 });
  });

  it('refuses a bad query with 400', async () => {
    for (const query of [
      '?perPage=1000',
      '?page=0',
      '?sort=author',
      '?status=archived',
      '?type=episode',
      '?orientation=square',
      `?search=${'x'.repeat(201)}`,
    ]) {
      expect((await list(query)).status, query).toBe(400);
    }
  });

  it('lets an analyst read, and nobody without the right or signed out', async () => {
    expect((await list('', analystToken)).body.data.total).toBe(5);
    const staff = await list('', staffToken);
    expect(staff.status).toBe(403);
    expect(staff.body).toEqual({ message: MESSAGES.forbidden });
    expect((await server.request('GET', '/api/movie')).status).toBe(401);
  });
});

describe('GET /api/movie/series/{seriesId}', () => {
  const detail = (id: number | string, token = owner.token) =>
    server.request<{ data: SeriesDetail }>('GET', `/api/movie/series/${id}`, { token });

  it('answers the series and its episodes by number', async () => {
    const response = await detail(made.saga, analystToken);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({
      movie_id: made.saga,
      title: 'Saga',
      synopsis: '',
      tags: ['epic'],
      created_at: expect.any(String),
      author: expect.stringMatching(/^User /),
      episodes: [
        {
          movieId: made.sagaOne,
          episodeNumber: 1,
          title: 'Saga: a hidden badger',
          thumbnail: sagaThumbnail,
          view_mode: 'horizontal',
          status: 'draft',
          app_channel_on: 0,
          watch_url: null,
          updated_at: expect.any(String),
        },
        {
          movieId: made.sagaTwo,
          episodeNumber: 2,
          title: 'Saga: the return',
          thumbnail: null,
          view_mode: 'vertical',
          status: 'published',
          app_channel_on: 0,
          watch_url: `${server.publicUrl}/watch/published-${made.sagaTwo}`,
          updated_at: expect.any(String),
        },
      ],
    });
    expect((await detail(made.empty)).body.data.episodes).toEqual([]);
  });

  it("answers 404 for another company's series, 400 for a bad id", async () => {
    const response = await detail(strangerSeries);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: MESSAGES.seriesNotFound });
    expect((await detail(made.saga, strangerToken)).status).toBe(404);
    expect((await detail('abc')).status).toBe(400);
  });

  it('refuses staff without the right and the signed-out', async () => {
    expect((await detail(made.saga, staffToken)).status).toBe(403);
    expect((await server.request('GET', `/api/movie/series/${made.saga}`)).status).toBe(401);
  });

  it('leaves the series list of the wizard where it was', async () => {
    const response = await server.request<{ data: { movie_id: number }[] }>(
      'GET',
      '/api/movie/series',
      { token: owner.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.map((entry) => entry.movie_id).sort()).toEqual(
      [made.saga, made.empty].sort(),
    );
  });
});
