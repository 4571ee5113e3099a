import {
  MESSAGES,
  VIEWER_TOKEN_HEADER,
  type AppFeed,
  type AppPlatform,
  type WatchData,
} from '@plotline/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { movies, segments } from '../../db/schema/index.ts';
import { startProjectSuite } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

const { server, make, owner, strangerToken } = await startProjectSuite();

const HOUR = 3_600_000;

let platformToken: string;
const viewer = { android: '', ios: '' };
let androidSegment: number;

/** Every company's projects, by when they were published (fox first). */
const project = { fox: 0, owl: 0, sagaTwo: 0, sagaOne: 0, bear: 0, story: 0 };
let sagaId: number;
let draft: number;
let webOnly: number;
let sagaDraft: number;
/** Published on the app channel, promoted, then taken off it (as a test can). */
let withdrawn: number;
const STORY_SLUG = 'app-fork';

/** Publishes a project on the app channel (or only on the web), published at `at`. */
async function publish(movieId: number, at: Date, appChannel = true) {
  await server.db
    .update(movies)
    .set({ status: 'published', slug: `p-${movieId}`, publishedAt: at, appChannelOn: appChannel })
    .where(eq(movies.id, movieId));
}

async function register(platform: AppPlatform) {
  const response = await server.request<Envelope<{ token: string }>>('POST', '/api/app/v1/viewer', {
    body: { platform, language: 'en' },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.data.token;
}

async function promote(body: Record<string, unknown>) {
  const response = await server.request<Envelope<{ id: number }>>('POST', '/api/promoted', {
    token: platformToken,
    body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body.data.id;
}

const feedOf = (token: string, query = '') =>
  server.request<Envelope<AppFeed>>('GET', `/api/app/v1/feed${query}`, {
    headers: { [VIEWER_TOKEN_HEADER]: token },
  });
const promotedIdsOf = async (token: string) =>
  (await feedOf(token)).body.data.promoted.map((card) => card.movie_id);

let startsAt: Date;

beforeAll(async () => {
  const admin = await server.makeUser({ role: 'administrator', companyType: 'platform' });
  platformToken = await server.signIn(admin);
  const [segment] = await server.db
    .insert(segments)
    .values({
      companyId: admin.companyId!,
      name: 'Android',
      rules: { match: 'all', conditions: [{ field: 'platform', op: 'eq', value: 'android' }] },
    })
    .returning({ id: segments.id });
  androidSegment = segment!.id;
  viewer.android = await register('android');
  viewer.ios = await register('ios');

  const start = server.clock.now().getTime() - 10 * HOUR;
  let minute = 0;
  const next = () => new Date(start + ++minute * 60_000);
  project.fox = await make.makeProject(owner.token, { title: 'Fox', synopsis: 'Runs.' });
  await publish(project.fox, next());
  project.owl = await make.makeProject(strangerToken, { title: 'Owl', view_mode: 'vertical' });
  await publish(project.owl, next());
  sagaId = await make.makeSeries(owner.token, { title: 'Saga' });
  const episode = (episodeNumber: number) =>
    make.makeProject(owner.token, {
      type: 2,
      title: `Saga ${episodeNumber}`,
      movieIdParent: sagaId,
      episodeNumber,
    });
  project.sagaTwo = await episode(2);
  await publish(project.sagaTwo, next());
  project.bear = await make.makeProject(owner.token, { title: 'Bear' });
  await publish(project.bear, next());
  // The first episode is published last: the series now stands where it was published.
  project.sagaOne = await episode(1);
  await publish(project.sagaOne, next());
  sagaDraft = await episode(3);
  draft = await make.makeProject(owner.token, { title: 'Draft' });
  webOnly = await make.makeProject(owner.token, { title: 'Web only' });
  await publish(webOnly, next(), false);
  withdrawn = await make.makeProject(owner.token, { title: 'Withdrawn' });
  await publish(withdrawn, next());

  // A whole story for the project call, published through the API on the app channel.
  const story = await make.makeStory(owner.token, STORY_SLUG);
  project.story = story.movieId;
  await server.db.update(movies).set({ appChannelOn: true }).where(eq(movies.id, story.movieId));
  await make.publish(owner.token, story.movieId);
  await server.db.update(movies).set({ publishedAt: next() }).where(eq(movies.id, story.movieId));

  // Promoted: the owl to everyone, the bear to Android viewers from the next hour, and one that
  // will leave the app channel.
  startsAt = new Date(server.clock.now().getTime() + HOUR);
  await promote({ movie_id: project.owl });
  await promote({
    movie_id: project.bear,
    starts_at: startsAt.toISOString(),
    ends_at: new Date(startsAt.getTime() + HOUR).toISOString(),
    segment_ids: [androidSegment],
  });
  await promote({ movie_id: withdrawn });
  await make.setPublished(withdrawn, false);
}, 60_000);

describe('GET /api/app/v1/feed', () => {
  it('answers every published app-channel row, newest first, a series with its episodes', async () => {
    const response = await feedOf(viewer.ios);
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const { rows, total } = response.body.data;
    expect(total).toBe(5);
    expect(
      rows.map((row) =>
        row.kind === 'single'
          ? row.project.movie_id
          : `${row.series_id}:${row.episodes.map((e) => e.movie_id).join(',')}`,
      ),
    ).toEqual([
      project.story,
      `${sagaId}:${project.sagaOne},${project.sagaTwo}`,
      project.bear,
      project.owl,
      project.fox,
    ]);
    expect(rows[1]).toMatchObject({ kind: 'series', title: 'Saga' });
    expect(rows.at(-1)).toEqual({
      kind: 'single',
      project: {
        movie_id: project.fox,
        slug: `p-${project.fox}`,
        title: 'Fox',
        synopsis: 'Runs.',
        view_mode: 'horizontal',
        thumbnail_desktop: null,
        thumbnail_mobile: null,
        company_name: expect.any(String),
        episode_number: null,
        published_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      },
    });
    const shown = JSON.stringify(rows);
    for (const hidden of [draft, webOnly, withdrawn, sagaDraft]) {
      expect(shown).not.toContain(`"movie_id":${hidden},`);
    }
  });

  it('pages the rows and keeps the total', async () => {
    const second = await feedOf(viewer.ios, '?perPage=2&page=2');
    expect(second.body.data.total).toBe(5);
    expect(
      second.body.data.rows.map((row) => (row.kind === 'single' ? row.project.movie_id : 0)),
    ).toEqual([project.bear, project.owl]);
    expect((await feedOf(viewer.ios, '?page=9')).body.data).toMatchObject({ rows: [], total: 5 });
    const refused = await feedOf(viewer.ios, '?perPage=0');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual(expect.any(String));
  });

  it('shows promoted contents first, within their window and to their segments only', async () => {
    const now = server.clock.now().getTime();
    // Before the window: the owl only; the withdrawn project never, though still promoted.
    expect(await promotedIdsOf(viewer.android)).toEqual([project.owl]);
    expect(await promotedIdsOf(viewer.ios)).toEqual([project.owl]);
    server.clock.advance(startsAt.getTime() - now - 1);
    expect(await promotedIdsOf(viewer.android)).toEqual([project.owl]);
    // At its start the bear shows to Android viewers, never to iOS ones.
    server.clock.advance(1);
    expect(await promotedIdsOf(viewer.android)).toEqual([project.owl, project.bear]);
    expect(await promotedIdsOf(viewer.ios)).toEqual([project.owl]);
    const card = (await feedOf(viewer.android)).body.data.promoted[1];
    expect(card).toMatchObject({
      movie_id: project.bear,
      title: 'Bear',
      slug: `p-${project.bear}`,
    });
    server.clock.advance(HOUR - 1);
    expect(await promotedIdsOf(viewer.android)).toEqual([project.owl, project.bear]);
    // At its end it is gone.
    server.clock.advance(1);
    expect(await promotedIdsOf(viewer.android)).toEqual([project.owl]);
  });

  it('is for registered viewers only', async () => {
    const sent: Record<string, string>[] = [{}, { [VIEWER_TOKEN_HEADER]: 'not-a-token' }];
    for (const headers of sent) {
      const response = await server.request('GET', '/api/app/v1/feed', { headers });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: MESSAGES.viewerUnknown });
    }
  });
});

describe('GET /api/app/v1/project/{slug}', () => {
  const projectOf = (slug: string, token = viewer.android) =>
    server.request<Envelope<WatchData>>('GET', `/api/app/v1/project/${slug}`, {
      headers: { [VIEWER_TOKEN_HEADER]: token },
    });

  it("answers an app-channel project's player data as /api/watch gives it", async () => {
    const response = await projectOf(STORY_SLUG);
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const watch = await server.request<Envelope<WatchData>>('GET', `/api/watch/${STORY_SLUG}`);
    expect(response.body.data).toEqual(watch.body.data);
    expect(response.body.data.plot).toHaveLength(4);
  });

  it('is 404 for a project that is not published on the app channel, promoted or not', async () => {
    for (const movieId of [webOnly, withdrawn, draft]) {
      const response = await projectOf(`p-${movieId}`);
      expect(response.status, String(movieId)).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.watchNotFound });
    }
    expect((await projectOf('nowhere')).status).toBe(404);
    // The web player still plays the web-only project.
    expect((await server.request('GET', `/api/watch/p-${webOnly}`)).status).toBe(200);
  });

  it('is for registered viewers only', async () => {
    const response = await projectOf(STORY_SLUG, 'not-a-token');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: MESSAGES.viewerUnknown });
  });
});
