import { MESSAGES, type PromotedRow } from '@plotline/core';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, movies, promotedItems, segments } from '../../db/schema/index.ts';
import { startProjectSuite } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

const { server, make, owner, strangerToken } = await startProjectSuite();

const HOUR = 3_600_000;

/** The platform company operating the app (the oldest), its administrator and contributor. */
const platform = { companyId: 0, userId: 0, token: '' };
let platformContributorToken: string;
/** Another platform company, whose administrator must not reach the first one's list. */
const otherPlatform = { companyId: 0, token: '' };
let rootToken: string;

/** Published app-channel projects of a content company, oldest first. */
const project = { fox: 0, owl: 0, bear: 0, percent: 0, episode: 0 };
let seriesId: number;
let draft: number;
let webOnly: number;
const segment = { android: 0, ios: 0, foreign: 0 };

/** Publishes a project on the app channel (or only on the web), published at `at`. */
async function publish(movieId: number, at: Date, appChannel = true) {
  await server.db
    .update(movies)
    .set({ status: 'published', slug: `p-${movieId}`, publishedAt: at, appChannelOn: appChannel })
    .where(eq(movies.id, movieId));
}

async function insertSegment(companyId: number, name: string, platformValue: string) {
  const [row] = await server.db
    .insert(segments)
    .values({
      companyId,
      name,
      rules: {
        match: 'all',
        conditions: [{ field: 'platform', op: 'eq', value: platformValue as 'ios' }],
      },
    })
    .returning({ id: segments.id });
  return row!.id;
}

beforeAll(async () => {
  const admin = await server.makeUser({ role: 'administrator', companyType: 'platform' });
  Object.assign(platform, {
    companyId: admin.companyId!,
    userId: admin.id,
    token: await server.signIn(admin),
  });
  platformContributorToken = await server.signIn(
    await server.makeUser({ role: 'contributor', companyId: platform.companyId }),
  );
  const other = await server.makeUser({ role: 'superadmin', companyType: 'platform' });
  Object.assign(otherPlatform, { companyId: other.companyId!, token: await server.signIn(other) });
  rootToken = await server.signIn(await server.makeUser({ role: 'king', companyType: null }));

  const start = server.clock.now().getTime() - 10 * HOUR;
  let minute = 0;
  const next = () => new Date(start + ++minute * 60_000);
  project.fox = await make.makeProject(owner.token, { title: 'The Quick Fox' });
  await publish(project.fox, next());
  project.owl = await make.makeProject(owner.token, { title: 'Night owl' });
  await publish(project.owl, next());
  project.bear = await make.makeProject(owner.token, { title: 'Brown bear' });
  await publish(project.bear, next());
  seriesId = await make.makeSeries(owner.token, { title: 'Saga' });
  project.episode = await make.makeProject(owner.token, {
    type: 2,
    title: 'Saga: one',
    movieIdParent: seriesId,
    episodeNumber: 1,
  });
  await publish(project.episode, next());
  // Made by another company: candidates come from every company.
  project.percent = await make.makeProject(strangerToken, { title: '100% wild' });
  await publish(project.percent, next());
  draft = await make.makeProject(owner.token, { title: 'Fox draft' });
  webOnly = await make.makeProject(owner.token, { title: 'Fox on the web' });
  await publish(webOnly, next(), false);

  segment.android = await insertSegment(platform.companyId, 'Android fans', 'android');
  segment.ios = await insertSegment(platform.companyId, 'iOS fans', 'ios');
  segment.foreign = await insertSegment(otherPlatform.companyId, 'Elsewhere', 'android');
}, 60_000);

type Rows = Envelope<PromotedRow[]>;
type Row = Envelope<PromotedRow>;

const list = (token = platform.token) => server.request<Rows>('GET', '/api/promoted', { token });
const promote = (body: Record<string, unknown>, token = platform.token) =>
  server.request<Row>('POST', '/api/promoted', { token, body });
const change = (id: number, body: Record<string, unknown>, token = platform.token) =>
  server.request<Row>('PUT', `/api/promoted/${id}`, { token, body });
const remove = (id: number, token = platform.token) =>
  server.request<Envelope<{ id: number }>>('DELETE', `/api/promoted/${id}`, { token });
const order = (ids: unknown, token = platform.token) =>
  server.request<Rows>('PUT', '/api/promoted/order', { token, body: { ids } });

/** What the platform's list holds, as stored: to check a refusal changed nothing. */
const stored = () =>
  server.db
    .select()
    .from(promotedItems)
    .where(eq(promotedItems.companyId, platform.companyId))
    .orderBy(promotedItems.position);

async function promoteOk(body: Record<string, unknown>, token = platform.token) {
  const response = await promote(body, token);
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

async function clearList() {
  await server.db.delete(promotedItems).where(eq(promotedItems.companyId, platform.companyId));
}

async function lastEntry() {
  const [entry] = await server.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.entityType, 'promoted'))
    .orderBy(desc(activityLog.id))
    .limit(1);
  return entry;
}

describe('who reaches the promoted calls', () => {
  it('is administrators and superadmins of a platform company, and root', async () => {
    await clearList();
    expect((await list()).status).toBe(200);
    expect((await list(otherPlatform.token)).status).toBe(200);
    expect((await list(rootToken)).status).toBe(200);
  });

  it('refuses everyone else, on every call, and changes nothing', async () => {
    await clearList();
    const item = await promoteOk({ movie_id: project.fox });
    const before = await stored();
    for (const token of [platformContributorToken, strangerToken, owner.token]) {
      const calls = [
        list(token),
        server.request('GET', '/api/promoted/candidates', { token }),
        promote({ movie_id: project.owl }, token),
        change(item.id, { starts_at: null }, token),
        remove(item.id, token),
        order([item.id], token),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status, response.text).toBe(403);
        expect(response.body).toEqual({ message: MESSAGES.forbidden });
      }
    }
    expect((await server.request('GET', '/api/promoted')).status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it("lets root act on the operator's list: the oldest active platform company's", async () => {
    await clearList();
    const created = await promoteOk({ movie_id: project.owl }, rootToken);
    expect((await list()).body.data.map((row) => row.id)).toEqual([created.id]);
    expect((await list(rootToken)).body.data.map((row) => row.id)).toEqual([created.id]);
    expect((await list(otherPlatform.token)).body.data).toEqual([]);
    expect(await lastEntry()).toMatchObject({
      action: 'promoted.created',
      companyId: platform.companyId,
    });
  });

  it("answers 404 for another platform's promoted content, and leaves it as it was", async () => {
    await clearList();
    const item = await promoteOk({ movie_id: project.fox });
    const before = await stored();
    const foreign = [
      await change(item.id, { starts_at: null }, otherPlatform.token),
      await remove(item.id, otherPlatform.token),
      await change(2_000_000_000, { starts_at: null }),
      await remove(2_000_000_000),
    ];
    for (const response of foreign) {
      expect(response.status, response.text).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.promotedNotFound });
    }
    expect(await stored()).toEqual(before);
  });
});

describe('POST /api/promoted', () => {
  it('promotes a published app-channel project last, with its window and segments', async () => {
    await clearList();
    const first = await promoteOk({ movie_id: project.fox });
    const startsAt = new Date(server.clock.now().getTime() + HOUR).toISOString();
    const second = await promoteOk({
      movie_id: project.episode,
      starts_at: startsAt,
      ends_at: null,
      segment_ids: [segment.ios, segment.android, segment.ios],
    });
    expect(first).toEqual({
      id: expect.any(Number),
      position: 1,
      movie_id: project.fox,
      slug: `p-${project.fox}`,
      title: 'The Quick Fox',
      synopsis: '',
      thumbnail_desktop: null,
      thumbnail_mobile: null,
      company_name: expect.any(String),
      starts_at: null,
      ends_at: null,
      segments: [],
      status: 'live',
    });
    expect(second).toMatchObject({
      position: 2,
      movie_id: project.episode,
      starts_at: startsAt,
      ends_at: null,
      segments: [
        { id: segment.android, name: 'Android fans', preset: null },
        { id: segment.ios, name: 'iOS fans', preset: null },
      ],
      status: 'scheduled',
    });
    expect((await list()).body.data).toEqual([first, second]);
    expect(await lastEntry()).toMatchObject({
      action: 'promoted.created',
      entityType: 'promoted',
      entityId: String(second.id),
      actorId: platform.userId,
      companyId: platform.companyId,
      summary: 'Promoted "Saga: one"',
    });
  });

  it('refuses a draft, a project off the app channel and an unknown one', async () => {
    await clearList();
    for (const movieId of [draft, webOnly, 2_000_000_000]) {
      const response = await promote({ movie_id: movieId });
      expect(response.status, response.text).toBe(400);
      expect(response.body).toEqual({ message: MESSAGES.promotedNotCandidate });
    }
    expect(await stored()).toEqual([]);
  });

  it('refuses a project promoted already (409)', async () => {
    await clearList();
    await promoteOk({ movie_id: project.fox });
    const before = await stored();
    const response = await promote({ movie_id: project.fox });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: MESSAGES.promotedTaken });
    expect(await stored()).toEqual(before);
    // Another platform may promote it all the same.
    expect((await promote({ movie_id: project.fox }, otherPlatform.token)).status).toBe(201);
  });

  it('refuses bad input with a message, storing nothing', async () => {
    await clearList();
    const now = server.clock.now().getTime();
    const refusals: [Record<string, unknown>, string][] = [
      [{ movie_id: project.fox, colour: 'red' }, 'Unknown field "colour"'],
      [
        {
          movie_id: project.fox,
          starts_at: new Date(now + HOUR).toISOString(),
          ends_at: new Date(now).toISOString(),
        },
        MESSAGES.promotedWindowEnds,
      ],
      [
        {
          movie_id: project.fox,
          starts_at: new Date(now).toISOString(),
          ends_at: new Date(now).toISOString(),
        },
        MESSAGES.promotedWindowEnds,
      ],
      [{ movie_id: project.fox, starts_at: 'tomorrow' }, 'Use a date and time (ISO 8601)'],
      [
        { movie_id: project.fox, segment_ids: [segment.android, segment.foreign, 2_000_000_000] },
        MESSAGES.segmentsNotFound.replace('{ids}', `${segment.foreign}, 2000000000`),
      ],
      [{ movie_id: '1' }, ''],
      [{}, ''],
    ];
    for (const [body, message] of refusals) {
      const response = await promote(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toContain(message);
    }
    expect(await stored()).toEqual([]);
  });
});

describe('PUT /api/promoted/{id}', () => {
  it('changes the window and the segments; a field not sent keeps its value', async () => {
    await clearList();
    const item = await promoteOk({ movie_id: project.fox, segment_ids: [segment.android] });
    const now = server.clock.now().getTime();
    const endsAt = new Date(now + 3 * HOUR).toISOString();
    const changed = await change(item.id, { ends_at: endsAt });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({
      id: item.id,
      starts_at: null,
      ends_at: endsAt,
      segments: [{ id: segment.android }],
      status: 'live',
    });
    const startsAt = new Date(now + HOUR).toISOString();
    const again = await change(item.id, { starts_at: startsAt, segment_ids: [] });
    expect(again.body.data).toMatchObject({
      starts_at: startsAt,
      ends_at: endsAt,
      segments: [],
      status: 'scheduled',
    });
    expect((await list()).body.data).toEqual([again.body.data]);
    expect(await lastEntry()).toMatchObject({
      action: 'promoted.updated',
      entityId: String(item.id),
      summary: 'Changed the promotion of "The Quick Fox"',
    });
  });

  it('refuses a window that would end before it starts, with what is stored, and bad input', async () => {
    await clearList();
    const now = server.clock.now().getTime();
    const item = await promoteOk({
      movie_id: project.fox,
      starts_at: new Date(now + 2 * HOUR).toISOString(),
      segment_ids: [segment.ios],
    });
    const before = await stored();
    const refusals: [Record<string, unknown>, string][] = [
      [{ ends_at: new Date(now + HOUR).toISOString() }, MESSAGES.promotedWindowEnds],
      [{ segment_ids: [segment.foreign] }, `Unknown segment: ${segment.foreign}`],
      [{ movie_id: project.owl }, 'Unknown field "movie_id"'],
      [{ ends_at: 'soon' }, 'Use a date and time (ISO 8601)'],
    ];
    for (const [body, message] of refusals) {
      const response = await change(item.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toContain(message);
    }
    expect(await stored()).toEqual(before);
    expect((await list()).body.data[0]!.segments.map(({ id }) => id)).toEqual([segment.ios]);
  });
});

describe('DELETE /api/promoted/{id}', () => {
  it('removes the item; the ones after it move up', async () => {
    await clearList();
    const first = await promoteOk({ movie_id: project.fox });
    const second = await promoteOk({ movie_id: project.owl, segment_ids: [segment.android] });
    const third = await promoteOk({ movie_id: project.bear });
    const response = await remove(second.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ data: { id: second.id } });
    const rows = (await list()).body.data;
    expect(rows.map((row) => [row.id, row.position])).toEqual([
      [first.id, 1],
      [third.id, 2],
    ]);
    expect(await lastEntry()).toMatchObject({
      action: 'promoted.deleted',
      entityId: String(second.id),
      summary: 'Stopped promoting "Night owl"',
    });
    expect((await remove(second.id)).status).toBe(404);
    // The segment it targeted is free again.
    const [row] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(segments)
      .where(eq(segments.id, segment.android));
    expect(row!.count).toBe(1);
  });
});

describe('PUT /api/promoted/order', () => {
  it('puts every item of the platform in the order sent', async () => {
    await clearList();
    const a = await promoteOk({ movie_id: project.fox });
    const b = await promoteOk({ movie_id: project.owl });
    const c = await promoteOk({ movie_id: project.bear });
    const response = await order([c.id, a.id, b.id]);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.map((row) => [row.id, row.position])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    expect((await list()).body.data).toEqual(response.body.data);
    expect(await lastEntry()).toMatchObject({
      action: 'promoted.reordered',
      entityId: null,
      companyId: platform.companyId,
      summary: 'Reordered the 3 promoted contents',
    });
  });

  it("refuses a list that is not exactly the platform's ids once each, changing nothing", async () => {
    await clearList();
    const a = await promoteOk({ movie_id: project.fox });
    const b = await promoteOk({ movie_id: project.owl });
    const foreign = await promoteOk({ movie_id: project.bear }, otherPlatform.token);
    const before = await stored();
    for (const ids of [
      [b.id],
      [b.id, a.id, a.id],
      [b.id, a.id, foreign.id],
      [b.id, foreign.id],
      [],
    ]) {
      const response = await order(ids);
      expect(response.status, JSON.stringify(ids)).toBe(400);
      expect(response.body).toEqual({ message: MESSAGES.promotedOrderMismatch });
    }
    expect(await stored()).toEqual(before);
    const bad = await order(['x']);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(expect.any(String));
  });
});

describe('GET /api/promoted/candidates', () => {
  type Page = Envelope<{
    rows: { movie_id: number; promoted: boolean; series_title: string | null }[];
    total: number;
  }>;
  const candidates = (query = '') =>
    server.request<Page>('GET', `/api/promoted/candidates${query}`, { token: platform.token });

  it("lists every company's published app-channel projects, newest first, marked when promoted", async () => {
    await clearList();
    await promoteOk({ movie_id: project.owl });
    const response = await candidates();
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.total).toBe(5);
    expect(response.body.data.rows.map((row) => [row.movie_id, row.promoted])).toEqual([
      [project.percent, false],
      [project.episode, false],
      [project.bear, false],
      [project.owl, true],
      [project.fox, false],
    ]);
    expect(response.body.data.rows[1]).toMatchObject({
      series_title: 'Saga',
      episode_number: 1,
      title: 'Saga: one',
    });
  });

  it('searches titles, a typed % matching itself, and pages', async () => {
    const fox = await candidates('?search=FOX');
    expect(fox.body.data.rows.map((row) => row.movie_id)).toEqual([project.fox]);
    const percent = await candidates(`?search=${encodeURIComponent('0%')}`);
    expect(percent.body.data.rows.map((row) => row.movie_id)).toEqual([project.percent]);
    const second = await candidates('?perPage=2&page=2');
    expect(second.body.data).toMatchObject({ total: 5 });
    expect(second.body.data.rows.map((row) => row.movie_id)).toEqual([project.bear, project.owl]);
    const past = await candidates('?perPage=2&page=9');
    expect(past.body.data).toEqual({ rows: [], total: 5 });
    expect((await candidates('?page=0')).status).toBe(400);
  });
});
