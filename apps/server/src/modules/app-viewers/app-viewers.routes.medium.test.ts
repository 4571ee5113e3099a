import { createHash } from 'node:crypto';
import { MESSAGES, VIEWER_TOKEN_HEADER, type ViewerFacts } from '@plotline/core';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appViewers, movies, viewEvents } from '../../db/schema/index.ts';
import { startProjectSuite, type ProjectStory } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';
import { RATE_LIMITS } from '../rate-limits/rate-limit-rules.ts';
import { createAppViewersRepository } from './app-viewers.repository.ts';

const { server, make, owner } = await startProjectSuite();
const viewersRepository = createAppViewersRepository(server.db);

const DAY_MS = 86_400_000;
const SESSION = 'k3J9x-2mQ8_pZ7aB';
let addresses = 0;
/** A client address of its own per request, so the rate limits count only what a test means. */
const from = () => ({
  'x-forwarded-for': `10.1.${Math.floor(++addresses / 250)}.${addresses % 250}`,
});

function register(body: unknown = { platform: 'android', language: 'de' }) {
  return server.request<Envelope<{ viewer_id: number; token: string }>>(
    'POST',
    '/api/app/v1/viewer',
    { body, headers: from() },
  );
}

async function newViewer(body?: unknown) {
  const response = await register(body);
  if (response.status !== 201) throw new Error(`viewer: ${response.status} ${response.text}`);
  return response.body.data;
}

function sendEvents(token: string | null, body: unknown, type = 'application/json') {
  return server.request('POST', '/api/app/v1/events', {
    rawBody: JSON.stringify(body),
    headers: {
      'content-type': type,
      ...from(),
      ...(token === null ? {} : { [VIEWER_TOKEN_HEADER]: token }),
    },
  });
}

/** What the segments read of a viewer, plain for comparing. */
async function factsOf(viewerId: number) {
  const facts = (await viewersRepository.findFacts(viewerId)) as ViewerFacts;
  return {
    views: facts.views,
    viewDays: facts.viewDays,
    watched: [...facts.watched].sort(),
    completed: [...facts.completed].sort(),
    chose: [...facts.chose].sort(),
  };
}

const viewerRow = async (id: number) =>
  (await server.db.select().from(appViewers).where(eq(appViewers.id, id)))[0]!;

describe('while no platform company operates the app', () => {
  it('refuses to register a viewer with 409', async () => {
    await server.makeCompany({ type: 'company' });
    const response = await register();
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: MESSAGES.appNotOperated });
    expect(await server.db.select().from(appViewers)).toEqual([]);
  });
});

describe('the App API viewer calls', () => {
  let operator: number;
  let story: ProjectStory;
  /** Published, not on the app channel. */
  let webOnly: ProjectStory;
  /** On the app channel, never published. */
  let draft: ProjectStory;

  beforeAll(async () => {
    operator = await server.makeCompany({ type: 'platform' });
    // A later platform company does not operate the app: the oldest active one does.
    await server.makeCompany({ type: 'platform' });
    story = await make.makeStory(owner.token, 'app-story');
    webOnly = await make.makeStory(owner.token, 'web-only-story');
    draft = await make.makeStory(owner.token, 'app-draft');
    for (const { movieId } of [story, draft]) {
      await server.db.update(movies).set({ appChannelOn: true }).where(eq(movies.id, movieId));
    }
    await make.publish(owner.token, story.movieId);
    await make.publish(owner.token, webOnly.movieId);
  }, 60_000);

  describe('POST /api/app/v1/viewer', () => {
    it("registers an anonymous viewer of the operator's app, keeping only its token's hash", async () => {
      const response = await register({ platform: 'ios', language: 'ar' });
      expect(response.status, response.text).toBe(201);
      const { viewer_id, token } = response.body.data;
      expect(token).toMatch(/^[\w-]{43}$/);
      const row = await viewerRow(viewer_id);
      expect(row).toMatchObject({
        companyId: operator,
        platform: 'ios',
        language: 'ar',
        tokenHash: createHash('sha256').update(token).digest('hex'),
        firstSeenAt: server.clock.now(),
        lastSeenAt: server.clock.now(),
        views: 0,
        viewDays: 0,
        lastViewDay: null,
      });
      expect(JSON.stringify(row)).not.toContain(token);
      // Another install gets another token.
      expect((await newViewer()).token).not.toBe(token);
    });

    it('refuses a platform or language it does not know, and any other field, with 400', async () => {
      const before = (await server.db.select().from(appViewers)).length;
      for (const [body, message] of [
        [{ platform: 'symbian', language: 'en' }, 'platform'],
        [{ platform: 'ios', language: 'fr' }, 'language'],
        [{ platform: 'ios' }, 'language'],
        [{ platform: 'ios', language: 'en', email: 'me@example.com' }, 'email'],
      ] as const) {
        const response = await register(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.message).toContain(message);
      }
      expect((await server.db.select().from(appViewers)).length).toBe(before);
    });

    it(`takes ${RATE_LIMITS.appViewers.max} registrations per address within 15 minutes, then 429`, async () => {
      const headers = { 'x-forwarded-for': '10.200.0.1' };
      const body = { platform: 'web', language: 'en' };
      for (let i = 0; i < RATE_LIMITS.appViewers.max; i += 1) {
        const response = await server.request('POST', '/api/app/v1/viewer', { body, headers });
        expect(response.status).toBe(201);
      }
      const refused = await server.request('POST', '/api/app/v1/viewer', { body, headers });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).not.toBeNull();
    });
  });

  describe('POST /api/app/v1/events', () => {
    /** A viewing of the story: start, the opening, the bridge, the left option, its end. */
    const viewing = (slug = 'app-story') => ({
      slug,
      session: SESSION,
      events: [
        { type: 'start', at: 0 },
        { type: 'node', at: 5, node_id: story.nodes.opening },
        { type: 'choice', at: 70_020, node_id: story.nodes.bridge, option_id: story.nodes.left },
        { type: 'ending', at: 90_100, node_id: story.nodes.left },
      ],
    });

    it("stores the batch as the player's and feeds the viewer's facts", async () => {
      const viewer = await newViewer();
      const before = await server.db.select().from(viewEvents);
      server.clock.advance(60_000);
      const response = await sendEvents(viewer.token, viewing());
      expect(response.status, response.text).toBe(204);
      const rows = (
        await server.db
          .select()
          .from(viewEvents)
          .where(eq(viewEvents.movieId, story.movieId))
          .orderBy(asc(viewEvents.id))
      ).slice(-4);
      expect((await server.db.select().from(viewEvents)).length).toBe(before.length + 4);
      expect(rows.map((row) => [row.type, row.session, row.receivedAt])).toEqual(
        ['start', 'node', 'choice', 'ending'].map((type) => [type, SESSION, server.clock.now()]),
      );
      expect(await factsOf(viewer.viewer_id)).toEqual({
        views: 1,
        viewDays: 1,
        watched: [story.movieId],
        completed: [story.movieId],
        chose: [story.nodes.left],
      });
      // The call moved the viewer's last_seen_at, a minute old; one within the minute after
      // leaves it as it is.
      const seenAt = server.clock.now();
      expect((await viewerRow(viewer.viewer_id)).lastSeenAt).toEqual(seenAt);
      server.clock.advance(59_000);
      expect((await sendEvents(viewer.token, viewing())).status).toBe(204);
      expect((await viewerRow(viewer.viewer_id)).lastSeenAt).toEqual(seenAt);
      server.clock.advance(1_000);
      expect((await sendEvents(viewer.token, viewing())).status).toBe(204);
      expect((await viewerRow(viewer.viewer_id)).lastSeenAt).toEqual(server.clock.now());
    });

    it('counts views on the same UTC day once as a view day, and a new day again', async () => {
      const viewer = await newViewer();
      const start = (at: number) => ({
        slug: 'app-story',
        session: SESSION,
        events: [{ type: 'start', at }],
      });
      expect((await sendEvents(viewer.token, start(0))).status).toBe(204);
      expect((await sendEvents(viewer.token, start(1))).status).toBe(204);
      const twoStarts = { ...start(2), events: [start(2).events[0], start(3).events[0]] };
      expect((await sendEvents(viewer.token, twoStarts)).status).toBe(204);
      expect(await factsOf(viewer.viewer_id)).toMatchObject({
        views: 4,
        viewDays: 1,
        watched: [story.movieId],
        completed: [],
        chose: [],
      });
      server.clock.advance(DAY_MS);
      expect((await sendEvents(viewer.token, start(0))).status).toBe(204);
      expect(await factsOf(viewer.viewer_id)).toMatchObject({ views: 5, viewDays: 2 });
      // A choice and an ending in a later batch than the start count all the same.
      const later = {
        slug: 'app-story',
        session: SESSION,
        events: [
          { type: 'choice', at: 9, node_id: story.nodes.bridge, option_id: story.nodes.right },
          { type: 'ending', at: 10, node_id: story.nodes.right },
        ],
      };
      expect((await sendEvents(viewer.token, later)).status).toBe(204);
      expect(await factsOf(viewer.viewer_id)).toEqual({
        views: 5,
        viewDays: 2,
        watched: [story.movieId],
        completed: [story.movieId],
        chose: [story.nodes.right],
      });
    });

    it('reads a beacon: JSON sent as text/plain', async () => {
      const viewer = await newViewer();
      const response = await sendEvents(viewer.token, viewing(), 'text/plain;charset=UTF-8');
      expect(response.status, response.text).toBe(204);
      expect((await factsOf(viewer.viewer_id)).views).toBe(1);
    });

    it('answers 401 for a missing or unknown token, before reading the batch', async () => {
      const before = (await server.db.select().from(viewEvents)).length;
      for (const token of [null, '', 'not-a-token', 'x'.repeat(500)]) {
        for (const body of [viewing(), { nonsense: true }]) {
          const response = await sendEvents(token, body);
          expect(response.status, `${token} ${JSON.stringify(body)}`).toBe(401);
          expect(response.body).toEqual({ message: MESSAGES.viewerUnknown });
        }
      }
      expect((await server.db.select().from(viewEvents)).length).toBe(before);
    });

    it('answers 404 for a project off the app channel, a draft and an unknown slug, storing nothing', async () => {
      const viewer = await newViewer();
      const before = (await server.db.select().from(viewEvents)).length;
      for (const slug of ['web-only-story', 'app-draft', 'no-such-story']) {
        const response = await sendEvents(viewer.token, {
          slug,
          session: SESSION,
          events: [{ type: 'start', at: 0 }],
        });
        expect(response.status, slug).toBe(404);
        expect(response.body).toEqual({ message: MESSAGES.watchNotFound });
      }
      expect((await server.db.select().from(viewEvents)).length).toBe(before);
      expect(await factsOf(viewer.viewer_id)).toEqual({
        views: 0,
        viewDays: 0,
        watched: [],
        completed: [],
        chose: [],
      });
      // The web player's own call still takes the project off the app channel.
      const web = await server.request('POST', '/api/watch/web-only-story/events', {
        body: { session: SESSION, events: [{ type: 'start', at: 0 }] },
        headers: from(),
      });
      expect(web.status).toBe(204);
    });

    it("refuses a malformed batch or one naming another project's nodes whole, with 400", async () => {
      const viewer = await newViewer();
      const before = (await server.db.select().from(viewEvents)).length;
      for (const body of [
        { session: SESSION, events: [{ type: 'start', at: 0 }] },
        { ...viewing(), slug: '' },
        { ...viewing(), extra: 1 },
        { ...viewing(), events: [] },
        {
          ...viewing(),
          events: [
            { type: 'start', at: 0 },
            { type: 'node', at: 1, node_id: webOnly.nodes.opening },
          ],
        },
        {
          ...viewing(),
          events: [
            { type: 'choice', at: 1, node_id: story.nodes.opening, option_id: story.nodes.left },
          ],
        },
      ]) {
        const response = await sendEvents(viewer.token, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body).toEqual({ message: MESSAGES.viewEventsMalformed });
      }
      expect((await server.db.select().from(viewEvents)).length).toBe(before);
      expect((await factsOf(viewer.viewer_id)).views).toBe(0);
    });
  });
});
