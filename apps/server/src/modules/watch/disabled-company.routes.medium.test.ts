import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, VIEWER_TOKEN_HEADER, type AppFeed } from '@plotline/core';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { movies } from '../../db/schema/index.ts';
import { startProjectSuite } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

const playerRoot = await mkdtemp(path.join(tmpdir(), 'plotline-dark-'));
await writeFile(path.join(playerRoot, 'index.html'), '<!doctype html><head></head>');
afterAll(() => rm(playerRoot, { recursive: true, force: true }));

const { server, make, owner } = await startProjectSuite({ playerRoot });
const staffToken = await server.signIn(
  await server.makeUser({ role: 'internal', companyType: null }),
);

/** A published, shareable story on the app channel, framed by any site, with a resume token. */
async function liveStory() {
  const movieId = await make.makeProject(owner.token);
  const saved = await server.request('POST', '/api/movie', {
    token: owner.token,
    body: { movieId, app_channel_on: 1, embed_origins: ['*'] },
  });
  expect(saved.status, saved.text).toBe(200);
  await make.setPublished(movieId);
  const slug = `published-${movieId}`;
  const resume = await server.request<Envelope<{ token: string }>>(
    'POST',
    `/api/watch/${slug}/resume`,
    { body: { state: { node_id: 1, values: {}, history: [] } } },
  );
  expect(resume.status, resume.text).toBe(201);
  return { movieId, slug, resumeToken: resume.body.data.token };
}

// The app's viewers belong to its operator, a platform company.
await server.makeCompany({ type: 'platform' });
const viewer = (
  await server.request<Envelope<{ token: string }>>('POST', '/api/app/v1/viewer', {
    body: { platform: 'android', language: 'en' },
  })
).body.data.token;
const asViewer = { headers: { [VIEWER_TOKEN_HEADER]: viewer } };

/** Every public surface of the story, by name, answering its status. */
async function surfaces(story: Awaited<ReturnType<typeof liveStory>>) {
  const { slug, resumeToken } = story;
  const watchUrl = `http://studio.test/watch/${slug}`;
  const status = async (method: string, pathname: string, options = {}) =>
    (await server.request(method, pathname, options)).status;
  const feed = await server.request<Envelope<AppFeed>>('GET', '/api/app/v1/feed', asViewer);
  return {
    watch: await status('GET', `/api/watch/${slug}`),
    watchPage: await status('GET', `/watch/${slug}`),
    embedPage: await status('GET', `/embed/${slug}`),
    oembed: await status('GET', `/api/oembed?url=${encodeURIComponent(watchUrl)}`),
    events: await status('POST', `/api/watch/${slug}/events`, {
      body: { session: 'a-viewing-session-0001', events: [{ type: 'start', at: 0 }] },
    }),
    resumeSave: await status('POST', `/api/watch/${slug}/resume`, {
      body: { state: { node_id: 1, values: {}, history: [] } },
    }),
    resumeLoad: await status('GET', `/api/watch/${slug}/resume/${resumeToken}`),
    appProject: await status('GET', `/api/app/v1/project/${slug}`, asViewer),
    inFeed: feed.body.data.rows.some(
      (row) => row.kind === 'single' && row.project.movie_id === story.movieId,
    ),
  };
}

const LIVE = {
  watch: 200,
  watchPage: 200,
  embedPage: 200,
  oembed: 200,
  events: 204,
  resumeSave: 201,
  resumeLoad: 200,
  appProject: 200,
  inFeed: true,
};

describe("a disabled company's stories", () => {
  it('are dark on every public surface, and come back when it is enabled again', async () => {
    const story = await liveStory();
    expect(await surfaces(story)).toEqual(LIVE);

    const disabled = await server.request('DELETE', `/api/company/${owner.companyId}`, {
      token: staffToken,
    });
    expect(disabled.status, disabled.text).toBe(200);
    expect(await surfaces(story)).toEqual({
      watch: 404,
      watchPage: 404,
      embedPage: 404,
      oembed: 404,
      events: 404,
      resumeSave: 404,
      resumeLoad: 404,
      appProject: 404,
      inFeed: false,
    });
    const answer = await server.request('GET', `/api/watch/${story.slug}`);
    expect(answer.body).toEqual({ message: MESSAGES.watchNotFound });
    // Dark, not deleted: the story is kept as it was.
    const [kept] = await server.db.select().from(movies).where(eq(movies.id, story.movieId));
    expect(kept).toMatchObject({ status: 'published', slug: story.slug, appChannelOn: true });

    const enabled = await server.request('PUT', `/api/company/${owner.companyId}`, {
      token: staffToken,
      body: { status: 'active' },
    });
    expect(enabled.status, enabled.text).toBe(200);
    expect(await surfaces(story)).toEqual(LIVE);
  });
});
