import { MESSAGES, VIEW_EVENTS_MAX_BYTES, VIEW_EVENTS_MAX_PER_BATCH } from '@plotline/core';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { viewEvents } from '../../db/schema/index.ts';
import { startProjectSuite, type ProjectStory } from '../../test/test-projects.ts';
import { RATE_LIMITS } from '../rate-limits/rate-limit-rules.ts';

const { server, make, owner } = await startProjectSuite();

let story: ProjectStory;
/** Another published project: its nodes are not this story's. */
let other: ProjectStory;
const SLUG = 'events-story';

beforeAll(async () => {
  story = await make.makeStory(owner.token, SLUG);
  await make.publish(owner.token, story.movieId);
  other = await make.makeStory(owner.token, 'other-story');
  await make.publish(owner.token, other.movieId);
}, 60_000);

const SESSION = 'k3J9x-2mQ8_pZ7aB';
let addresses = 0;

/**
 * Posts a batch from an address of its own (the server trusts X-Forwarded-For in tests), so the
 * rate limit counts only what a test means it to.
 */
function send(
  body: unknown,
  { slug = SLUG, type = 'application/json', from = `10.0.0.${++addresses}` } = {},
) {
  return server.request('POST', `/api/watch/${slug}/events`, {
    rawBody: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': type, 'x-forwarded-for': from },
  });
}

const stored = (movieId = story.movieId) =>
  server.db
    .select()
    .from(viewEvents)
    .where(eq(viewEvents.movieId, movieId))
    .orderBy(asc(viewEvents.id));

/** A viewing of the story: start, the opening, the bridge, the right option, its end. */
const viewing = () => ({
  session: SESSION,
  events: [
    { type: 'start', at: 0 },
    { type: 'node', at: 5, node_id: story.nodes.opening },
    { type: 'node', at: 60_010, node_id: story.nodes.bridge },
    { type: 'choice', at: 70_020, node_id: story.nodes.bridge, option_id: story.nodes.right },
    { type: 'watched', at: 70_030, seconds: 70.02 },
    { type: 'ending', at: 90_100, node_id: story.nodes.right },
  ],
});

describe('POST /api/watch/{slug}/events', () => {
  it("stores a published story's events, with no token and no cookie, and answers 204", async () => {
    const before = (await stored()).length;
    const response = await send(viewing());
    expect(response.status, response.text).toBe(204);
    expect(response.text).toBe('');
    expect(response.headers.get('set-cookie')).toBeNull();
    const rows = (await stored()).slice(before);
    expect(rows.map(({ id: _id, ...row }) => row)).toEqual(
      [
        { type: 'start', nodeId: null, optionId: null, seconds: null, atMs: 0 },
        { type: 'node', nodeId: story.nodes.opening, optionId: null, seconds: null, atMs: 5 },
        { type: 'node', nodeId: story.nodes.bridge, optionId: null, seconds: null, atMs: 60_010 },
        {
          type: 'choice',
          nodeId: story.nodes.bridge,
          optionId: story.nodes.right,
          // Left out, the viewer took it.
          takenBy: 'viewer',
          seconds: null,
          atMs: 70_020,
        },
        { type: 'watched', nodeId: null, optionId: null, seconds: 70.02, atMs: 70_030 },
        { type: 'ending', nodeId: story.nodes.right, optionId: null, seconds: null, atMs: 90_100 },
      ].map((row) => ({
        takenBy: null,
        ...row,
        movieId: story.movieId,
        session: SESSION,
        receivedAt: server.clock.now(),
      })),
    );
  });

  it('reads a beacon: JSON sent as text/plain', async () => {
    const before = (await stored()).length;
    const response = await send(viewing(), { type: 'text/plain;charset=UTF-8' });
    expect(response.status, response.text).toBe(204);
    expect((await stored()).length).toBe(before + viewing().events.length);
  });

  it('refuses a malformed batch with 400 and stores none of it', async () => {
    const before = (await stored()).length;
    const event = { type: 'start', at: 0 };
    for (const [body, type] of [
      ['{"session":', 'application/json'],
      ['not json at all', 'text/plain'],
      [{ session: 'short', events: [event] }, 'application/json'],
      [{ session: SESSION, events: [] }, 'application/json'],
      [{ session: SESSION, events: [{ ...event, type: 'buy' }] }, 'application/json'],
      [{ session: SESSION, events: [{ ...event, cookie: 'x' }] }, 'text/plain'],
      [{ session: SESSION, events: [{ type: 'choice', at: 1, node_id: 1 }] }, 'application/json'],
      [{ session: SESSION, events: [event], extra: 1 }, 'application/json'],
    ] as const) {
      const response = await send(body, { type });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual({ message: MESSAGES.viewEventsMalformed });
    }
    expect((await stored()).length).toBe(before);
  });

  it('refuses a batch naming a node of no plot of this story, or an option that does not follow its node', async () => {
    const before = (await stored()).length;
    const { nodes } = story;
    for (const wrong of [
      { type: 'node', at: 1, node_id: 999_999 },
      { type: 'node', at: 1, node_id: other.nodes.opening },
      { type: 'ending', at: 1, node_id: other.nodes.left },
      { type: 'choice', at: 1, node_id: nodes.bridge, option_id: other.nodes.left },
      { type: 'choice', at: 1, node_id: nodes.opening, option_id: nodes.left },
      { type: 'choice', at: 1, node_id: nodes.bridge, option_id: nodes.bridge },
      { type: 'start', at: 1, option_id: nodes.opening },
    ]) {
      const response = await send({ session: SESSION, events: [{ type: 'start', at: 0 }, wrong] });
      expect(response.status, JSON.stringify(wrong)).toBe(400);
      expect(response.body).toEqual({ message: MESSAGES.viewEventsMalformed });
    }
    expect((await stored()).length).toBe(before);
    expect((await send({ session: SESSION, events: [{ type: 'start', at: 0 }] })).status).toBe(204);
  });

  it('stores who took a choice: the timer, an automatic branch, the embedding page or the viewer', async () => {
    const before = (await stored()).length;
    const { nodes } = story;
    const choice = (by: string | undefined, option_id: number) => ({
      type: 'choice',
      at: 1,
      node_id: nodes.bridge,
      option_id,
      ...(by === undefined ? {} : { by }),
    });
    const response = await send({
      session: SESSION,
      events: [
        choice('timer', nodes.left),
        choice('auto', nodes.right),
        choice('host', nodes.right),
        choice('viewer', nodes.left),
        choice(undefined, nodes.right),
      ],
    });
    expect(response.status, response.text).toBe(204);
    expect((await stored()).slice(before).map((row) => [row.optionId, row.takenBy])).toEqual([
      [nodes.left, 'timer'],
      [nodes.right, 'auto'],
      [nodes.right, 'host'],
      [nodes.left, 'viewer'],
      [nodes.right, 'viewer'],
    ]);
  });

  it("refuses 'by' on an event other than a choice, an unknown taker, and a timer's option that does not follow its node", async () => {
    const before = (await stored()).length;
    const { nodes } = story;
    for (const wrong of [
      { type: 'node', at: 1, node_id: nodes.bridge, by: 'timer' },
      { type: 'ending', at: 1, node_id: nodes.left, by: 'auto' },
      { type: 'start', at: 1, by: 'viewer' },
      { type: 'watched', at: 1, seconds: 3, by: 'timer' },
      { type: 'choice', at: 1, node_id: nodes.bridge, option_id: nodes.left, by: 'robot' },
      { type: 'choice', at: 1, node_id: nodes.bridge, option_id: nodes.opening, by: 'timer' },
      { type: 'choice', at: 1, node_id: nodes.opening, option_id: nodes.right, by: 'auto' },
    ]) {
      const response = await send({ session: SESSION, events: [{ type: 'start', at: 0 }, wrong] });
      expect(response.status, JSON.stringify(wrong)).toBe(400);
      expect(response.body).toEqual({ message: MESSAGES.viewEventsMalformed });
    }
    expect((await stored()).length).toBe(before);
  });

  it('refuses too many events in a batch with 400, and too many bytes with 413', async () => {
    const before = (await stored()).length;
    const tooMany = Array.from({ length: VIEW_EVENTS_MAX_PER_BATCH + 1 }, (_, at) => ({
      type: 'start',
      at,
    }));
    const many = await send({ session: SESSION, events: tooMany });
    expect(many.status).toBe(400);
    expect(many.body).toEqual({ message: MESSAGES.viewEventsTooMany });

    const padding = ' '.repeat(VIEW_EVENTS_MAX_BYTES);
    for (const type of ['application/json', 'text/plain']) {
      const large = await send(`${JSON.stringify(viewing())}${padding}`, { type });
      expect(large.status, type).toBe(413);
      expect(large.body).toEqual({ message: MESSAGES.viewEventsTooMany });
    }
    expect((await stored()).length).toBe(before);
  });

  it('answers 404 for a draft (a preview is never recorded) and an unknown address', async () => {
    const draft = await make.makeStory(owner.token, 'events-draft');
    for (const slug of ['events-draft', 'no-such-story']) {
      const response = await send(
        { session: SESSION, events: [{ type: 'start', at: 0 }] },
        {
          slug,
        },
      );
      expect(response.status, slug).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.watchNotFound });
    }
    expect(await stored(draft.movieId)).toEqual([]);
  });

  it('answers 415 for a body of another type', async () => {
    const response = await send('session=x', { type: 'application/x-www-form-urlencoded' });
    expect(response.status).toBe(415);
  });

  it(`takes ${RATE_LIMITS.viewEvents.max} batches a minute from one address, then 429`, async () => {
    const batch = { session: SESSION, events: [{ type: 'start', at: 0 }] };
    const from = '10.9.9.9';
    const answers = await Promise.all(
      Array.from({ length: RATE_LIMITS.viewEvents.max }, () => send(batch, { from })),
    );
    expect(answers.every((answer) => answer.status === 204)).toBe(true);
    const refused = await send(batch, { from });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: expect.stringContaining('Too many requests') });
    // Another address is not held back.
    expect((await send(batch)).status).toBe(204);
  });
});
