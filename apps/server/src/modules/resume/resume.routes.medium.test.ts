import { createHash } from 'node:crypto';
import {
  MESSAGES,
  RESUME_DAYS,
  RESUME_STATE_MAX_BYTES,
  RESUME_TOKEN_PATTERN,
  type StoryState,
} from '@plotline/core';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resumeStates } from '../../db/schema/index.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { startProjectSuite } from '../../test/test-projects.ts';
import { RATE_LIMITS } from '../rate-limits/rate-limit-rules.ts';

const DAY_MS = 86_400_000;

const { server, make, owner } = await startProjectSuite();

/** A published project's address, another one, and a draft's. */
let slug: string;
let otherSlug: string;
let draftSlug: string;
let movieId: number;

const STATE: StoryState = { node_id: 12, values: { score: 3, met_alex: true }, history: [10, 11] };

let addresses = 0;
/** Each call from an address of its own unless told, so only the rate limit test meets the limit. */
const freshAddress = () => `10.21.${Math.floor(++addresses / 250)}.${addresses % 250}`;

type Answer = { data: { token: string; expires_at: string } | { state: StoryState } } & {
  message: string;
};

const save = (body: unknown, to = slug, from = freshAddress()) =>
  server.request<Answer>('POST', `/api/watch/${to}/resume`, {
    body,
    headers: { 'x-forwarded-for': from },
  });

const load = (token: string, from = slug) =>
  server.request<Answer>('GET', `/api/watch/${from}/resume/${token}`);

async function tokenFor(state: StoryState = STATE, to = slug): Promise<string> {
  const response = await save({ state }, to);
  expect(response.status, response.text).toBe(201);
  return (response.body.data as { token: string }).token;
}

const rowCount = async () =>
  (
    await selectRows<{ n: number }>(server.db, sql`select count(*)::int as n from resume_states`)
  )[0]!.n;

beforeAll(async () => {
  movieId = await make.makeProject(owner.token);
  await make.setPublished(movieId);
  slug = `published-${movieId}`;
  const other = await make.makeProject(owner.token);
  await make.setPublished(other);
  otherSlug = `published-${other}`;
  const draft = await make.makeProject(owner.token);
  await make.setPublished(draft);
  await make.setPublished(draft, false);
  draftSlug = `published-${draft}`;
});

describe('POST /api/watch/{slug}/resume and GET /api/watch/{slug}/resume/{token}', () => {
  it(`keep a state for ${RESUME_DAYS} days behind a new token, and answer it back`, async () => {
    const saved = await save({ state: STATE });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.headers.get('cache-control')).toBe('no-store');
    const { token, expires_at } = saved.body.data as { token: string; expires_at: string };
    expect(token).toMatch(RESUME_TOKEN_PATTERN);
    expect(expires_at).toBe(
      new Date(server.clock.now().getTime() + RESUME_DAYS * DAY_MS).toISOString(),
    );

    const loaded = await load(token);
    expect(loaded.status, loaded.text).toBe(200);
    expect(loaded.headers.get('cache-control')).toBe('no-store');
    expect(loaded.body).toEqual({ data: { state: STATE } });

    // Each save is a token of its own.
    const again = await tokenFor();
    expect(again).not.toBe(token);
    expect((await load(again)).body).toEqual({ data: { state: STATE } });
  });

  it("store only the token's SHA-256 with the state, the project and the dates", async () => {
    const token = await tokenFor({ node_id: 7, values: {}, history: [] });
    const hash = createHash('sha256').update(token).digest('hex');
    const rows = await server.db
      .select()
      .from(resumeStates)
      .where(eq(resumeStates.tokenHash, hash));
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'createdAt',
      'expiresAt',
      'movieId',
      'state',
      'tokenHash',
    ]);
    expect(rows[0]).toMatchObject({
      movieId,
      state: { node_id: 7, values: {}, history: [] },
      createdAt: server.clock.now(),
    });
    const everything = await selectRows<{ row: string }>(
      server.db,
      sql`select row_to_json(r)::text as row from resume_states r`,
    );
    expect(everything.some(({ row }) => row.includes(token))).toBe(false);
  });

  it('answer 404 resumeNotFound for an unknown token, anything that is no token, and another story', async () => {
    const token = await tokenFor();
    const unknown = 'A'.repeat(32);
    for (const [tried, from] of [
      [unknown, slug],
      [token.slice(1), slug],
      [`${token}A`, slug],
      [`${token.slice(1)}.`, slug],
      [token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase(), slug],
      [token, otherSlug],
    ] as const) {
      const response = await load(encodeURIComponent(tried), from);
      expect(response.status, tried).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.resumeNotFound });
    }
    // The token still answers for its own story.
    expect((await load(token)).status).toBe(200);
  });

  it('answer 404 watchNotFound for a draft or an unknown address, and keep nothing', async () => {
    const token = await tokenFor();
    const before = await rowCount();
    for (const to of [draftSlug, 'no-such-story']) {
      const saved = await save({ state: STATE }, to);
      expect(saved.status, to).toBe(404);
      expect(saved.body).toEqual({ message: MESSAGES.watchNotFound });
      const loaded = await load(token, to);
      expect(loaded.status, to).toBe(404);
      expect(loaded.body).toEqual({ message: MESSAGES.watchNotFound });
    }
    expect(await rowCount()).toBe(before);
  });

  it(`forget a token after ${RESUME_DAYS} days, and the next save deletes it`, async () => {
    const token = await tokenFor();
    const hash = createHash('sha256').update(token).digest('hex');
    const stored = () =>
      server.db.select().from(resumeStates).where(eq(resumeStates.tokenHash, hash));
    const lifetime = RESUME_DAYS * DAY_MS;
    server.clock.advance(lifetime - 1);
    try {
      expect((await load(token)).status).toBe(200);
      server.clock.advance(1);
      const expired = await load(token);
      expect(expired.status).toBe(404);
      expect(expired.body).toEqual({ message: MESSAGES.resumeNotFound });
      expect(await stored()).toHaveLength(1);
      const fresh = await tokenFor();
      expect(await stored()).toEqual([]);
      // What was saved since has not expired.
      expect((await load(fresh)).status).toBe(200);
    } finally {
      server.clock.advance(-lifetime);
    }
  });

  it('delete at most 100 expired states a save, the oldest first', async () => {
    const now = server.clock.now().getTime();
    const expired = Array.from({ length: 150 }, (_, index) => ({
      tokenHash: `expired-${String(index).padStart(3, '0')}`,
      movieId,
      state: STATE,
      createdAt: new Date(now - (RESUME_DAYS + 1) * DAY_MS),
      // expired-000 expired first.
      expiresAt: new Date(now - DAY_MS + index * 1000),
    }));
    await server.db.insert(resumeStates).values(expired);
    const left = () =>
      selectRows<{ hash: string }>(
        server.db,
        sql`select token_hash as hash from resume_states where token_hash like 'expired-%' order by 1`,
      );
    await tokenFor();
    expect((await left()).map(({ hash }) => hash)).toEqual(
      expired.slice(100).map((row) => row.tokenHash),
    );
    await tokenFor();
    expect(await left()).toEqual([]);
  });

  it.each([
    ['no state', {}, 'state'],
    ['a state that is no object', { state: 'node 12' }, 'state'],
    ['a node id of 0', { state: { ...STATE, node_id: 0 } }, 'node_id'],
    ['a history that is no list', { state: { ...STATE, history: 11 } }, 'history'],
    ['a bad variable name', { state: { ...STATE, values: { 'Bad name': 1 } } }, 'values'],
    ['a value that is text', { state: { ...STATE, values: { score: 'three' } } }, 'values'],
    ['an unknown field', { state: STATE, device: 'phone' }, 'Unknown field "device"'],
    ['an unknown field of the state', { state: { ...STATE, at: 3 } }, 'Unknown field "state.at"'],
  ])('answer 400 for %s and keep nothing', async (_case, body, message) => {
    const before = await rowCount();
    const response = await save(body);
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toContain(message);
    expect(await rowCount()).toBe(before);
  });

  it('answers 400 for a body that is no JSON', async () => {
    const response = await server.request<Answer>('POST', `/api/watch/${slug}/resume`, {
      rawBody: '{"state":',
      headers: { 'x-forwarded-for': freshAddress() },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: MESSAGES.malformedJson });
  });

  it(`takes at most ${RESUME_STATE_MAX_BYTES} bytes, else 413`, async () => {
    const before = await rowCount();
    const body = JSON.stringify({ state: STATE });
    const largest = await server.request<Answer>('POST', `/api/watch/${slug}/resume`, {
      rawBody: body + ' '.repeat(RESUME_STATE_MAX_BYTES - body.length),
      headers: { 'x-forwarded-for': freshAddress() },
    });
    expect(largest.status, largest.text).toBe(201);
    const larger = await server.request<Answer>('POST', `/api/watch/${slug}/resume`, {
      rawBody: body + ' '.repeat(RESUME_STATE_MAX_BYTES - body.length + 1),
      headers: { 'x-forwarded-for': freshAddress() },
    });
    expect(larger.status).toBe(413);
    expect(larger.body.message).toMatch(/too large/i);
    expect(await rowCount()).toBe(before + 1);
  });

  it(`takes ${RATE_LIMITS.resumeSaves.max} saves from one address within 15 minutes, then 429`, async () => {
    const from = '10.22.0.1';
    const answers = await Promise.all(
      Array.from({ length: RATE_LIMITS.resumeSaves.max }, () => save({ state: STATE }, slug, from)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(
      Array(RATE_LIMITS.resumeSaves.max).fill(201),
    );
    const refused = await save({ state: STATE }, slug, from);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many requests. Please try again in 15 minutes.');
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Another address is not held back, and reading a token is not counted.
    expect((await save({ state: STATE })).status).toBe(201);
    const token = (answers[0]!.body.data as { token: string }).token;
    expect((await load(token)).status).toBe(200);
  });
});
