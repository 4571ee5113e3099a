import {
  formatMessage,
  MESSAGES,
  PRESET_SEGMENTS,
  VIEWER_TOKEN_HEADER,
  type SegmentRow,
  type SegmentRules,
} from '@plotline/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  movies,
  promotedItems,
  promotedItemSegments,
  segments,
} from '../../db/schema/index.ts';
import { startProjectSuite, type ProjectStory } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

const { server, make, owner } = await startProjectSuite();

const DAY_MS = 86_400_000;
const SESSION = 'k3J9x-2mQ8_pZ7aB';
let addresses = 0;
const from = () => ({
  'x-forwarded-for': `10.2.${Math.floor(++addresses / 250)}.${addresses % 250}`,
});

const android: SegmentRules = {
  match: 'all',
  conditions: [{ field: 'platform', op: 'eq', value: 'android' }],
};

const list = (token: string) =>
  server.request<Envelope<SegmentRow[]>>('GET', '/api/segment', { token });
const create = (token: string, body: unknown) =>
  server.request<Envelope<SegmentRow>>('POST', '/api/segment', { token, body });
const preview = (token: string, rules: unknown) =>
  server.request<Envelope<{ viewers: number }>>('POST', '/api/segment/preview', {
    token,
    body: { rules },
  });

async function newViewer(platform = 'android', language = 'en') {
  const response = await server.request<Envelope<{ viewer_id: number; token: string }>>(
    'POST',
    '/api/app/v1/viewer',
    { body: { platform, language }, headers: from() },
  );
  if (response.status !== 201) throw new Error(`viewer: ${response.status} ${response.text}`);
  return response.body.data;
}

async function sendEvents(token: string, slug: string, events: unknown[]) {
  const response = await server.request('POST', '/api/app/v1/events', {
    body: { slug, session: SESSION, events },
    headers: { [VIEWER_TOKEN_HEADER]: token, ...from() },
  });
  if (response.status !== 204) throw new Error(`events: ${response.status} ${response.text}`);
}

const storedSegments = () => server.db.select().from(segments).orderBy(segments.id);

describe('while no platform company operates the app', () => {
  it('answers root 409 on every segment call', async () => {
    const root = await server.signIn(await server.makeUser({ role: 'king', companyType: null }));
    expect((await list(root)).body).toEqual({ message: MESSAGES.appNotOperated });
    for (const response of [
      await list(root),
      await create(root, { name: 'Android', rules: android }),
      await preview(root, android),
    ]) {
      expect(response.status).toBe(409);
    }
    expect(await storedSegments()).toEqual([]);
  });
});

describe('the segment calls', () => {
  /** Superadmin of the platform operating the app (the oldest). */
  let operatorId: number;
  let admin: string;
  let adminId: number;
  /** Administrator of a second platform company. */
  let otherAdmin: string;
  let root: string;
  let rootId: number;
  let story: ProjectStory;

  beforeAll(async () => {
    const superadmin = await server.makeUser({ role: 'superadmin', companyType: 'platform' });
    operatorId = superadmin.companyId!;
    adminId = superadmin.id;
    // Remembered sessions (30 days): the tests move the clock by days.
    admin = await server.signIn(superadmin, true);
    otherAdmin = await server.signIn(
      await server.makeUser({ role: 'administrator', companyType: 'platform' }),
      true,
    );
    const king = await server.makeUser({ role: 'king', companyType: null });
    rootId = king.id;
    root = await server.signIn(king, true);
    story = await make.makeStory(owner.token, 'segment-story');
    await server.db.update(movies).set({ appChannelOn: true }).where(eq(movies.id, story.movieId));
    await make.publish(owner.token, story.movieId);
  }, 60_000);

  describe('GET /api/segment', () => {
    it('lists the presets in their order, then custom segments by name, each with its viewers', async () => {
      await newViewer('android', 'de');
      await newViewer('android', 'en');
      await newViewer('ios', 'de');
      for (const name of ['zebra fans', 'Android only', 'beta']) {
        expect((await create(admin, { name, rules: android })).status).toBe(201);
      }
      const response = await list(admin);
      expect(response.status, response.text).toBe(200);
      const rows = response.body.data;
      expect(rows.map((row) => row.preset ?? row.name)).toEqual([
        ...PRESET_SEGMENTS.map((preset) => preset.key),
        'Android only',
        'beta',
        'zebra fans',
      ]);
      const byKey = new Map(rows.map((row) => [row.preset ?? row.name, row]));
      expect(byKey.get('new')).toMatchObject({ name: 'New viewers', viewers: 3 });
      expect(byKey.get('returning')?.viewers).toBe(0);
      expect(byKey.get('platform-android')?.viewers).toBe(2);
      expect(byKey.get('platform-ios')?.viewers).toBe(1);
      expect(byKey.get('platform-web')?.viewers).toBe(0);
      expect(byKey.get('language-de')?.viewers).toBe(2);
      expect(byKey.get('beta')).toMatchObject({ viewers: 2, promoted_count: 0, rules: android });
      expect(rows.every((row) => row.promoted_count === 0)).toBe(true);
      // The presets are made once.
      await list(admin);
      const presets = (await storedSegments()).filter(
        (row) => row.companyId === operatorId && row.preset !== null,
      );
      expect(presets).toHaveLength(PRESET_SEGMENTS.length);
    });

    it("shows each platform its own segments only, and counts only its own app's viewers", async () => {
      const rows = (await list(otherAdmin)).body.data;
      expect(rows.map((row) => row.preset)).toEqual(PRESET_SEGMENTS.map((preset) => preset.key));
      expect(rows.every((row) => row.viewers === 0)).toBe(true);
    });
  });

  describe('rights', () => {
    it('refuses every call without a token (401), and to a non-platform admin or a platform contributor (403)', async () => {
      const [segment] = (await list(admin)).body.data.filter((row) => row.preset === null);
      const calls: [string, string, unknown][] = [
        ['GET', '/api/segment', undefined],
        ['POST', '/api/segment', { name: 'x', rules: android }],
        ['POST', '/api/segment/preview', { rules: android }],
        ['PUT', `/api/segment/${segment!.id}`, { name: 'taken over' }],
        ['DELETE', `/api/segment/${segment!.id}`, undefined],
      ];
      const companyAdmin = await server.signIn(
        await server.makeUser({ role: 'superadmin', companyType: 'company' }),
      );
      const contributor = await server.signIn(
        await server.makeUser({ role: 'contributor', companyId: operatorId }),
      );
      const before = await storedSegments();
      for (const [method, path, body] of calls) {
        expect((await server.request(method, path, { body })).status, path).toBe(401);
        for (const token of [companyAdmin, contributor, owner.token]) {
          const response = await server.request(method, path, { token, body });
          expect(response.status, `${method} ${path}`).toBe(403);
          expect(response.body).toEqual({ message: MESSAGES.forbidden });
        }
      }
      expect(await storedSegments()).toEqual(before);
    });

    it("answers 404 for another platform's segment and for an unknown id, changing nothing", async () => {
      const mine = (await list(admin)).body.data;
      const custom = mine.find((row) => row.preset === null)!;
      const preset = mine.find((row) => row.preset === 'new')!;
      const before = await storedSegments();
      for (const id of [custom.id, preset.id, 999_999]) {
        for (const [method, body] of [
          ['PUT', { name: 'taken over' }],
          ['DELETE', undefined],
        ] as const) {
          const response = await server.request(method, `/api/segment/${id}`, {
            token: otherAdmin,
            body,
          });
          expect(response.status, `${method} ${id}`).toBe(404);
          expect(response.body).toEqual({ message: MESSAGES.segmentNotFound });
        }
      }
      expect(await storedSegments()).toEqual(before);
    });
  });

  describe('POST /api/segment', () => {
    it('creates a custom segment with its count, and logs it', async () => {
      const rules: SegmentRules = {
        match: 'any',
        conditions: [
          { field: 'language', op: 'in', value: ['de', 'ar'] },
          { field: 'views', op: 'gte', value: 3 },
        ],
      };
      const response = await create(admin, { name: '  German or keen ', rules });
      expect(response.status, response.text).toBe(201);
      expect(response.body.data).toMatchObject({
        preset: null,
        name: 'German or keen',
        rules,
        viewers: 2,
        promoted_count: 0,
      });
      expect(await make.lastActivityOf(adminId)).toMatchObject({
        action: 'segment.created',
        entityType: 'segment',
        entityId: String(response.body.data.id),
        companyId: operatorId,
        summary: 'Created the segment "German or keen"',
      });
    });

    it('refuses an unknown field, operator or value, and an unknown top-level field, with 400 naming it', async () => {
      const before = await storedSegments();
      const condition = (fields: object) => ({
        name: 'Bad',
        rules: {
          match: 'all',
          conditions: [{ field: 'platform', op: 'eq', value: 'ios', ...fields }],
        },
      });
      for (const [body, message] of [
        [condition({ field: 'age' }), 'Unknown field "age"'],
        [condition({ op: 'gt' }), 'Unknown operator "gt" for "platform": use eq, in'],
        [condition({ value: 'symbian' }), 'rules.conditions.0.value: Use one of ios, android, web'],
        [condition({ op: 'in', value: ['ios', 'nokia'] }), 'rules.conditions.0.value.1'],
        [condition({ field: 'views', op: 'gte', value: -1 }), 'Use a whole number'],
        [condition({ field: 'watched', value: 'the fork' }), 'rules.conditions.0.value'],
        [condition({ colour: 'red' }), 'Unknown field "rules.conditions.0.colour"'],
        [{ ...condition({}), colour: 'red' }, 'Unknown field "colour"'],
        [{ ...condition({}), rules: { match: 'some', conditions: [] } }, 'rules.match'],
        [
          { ...condition({}), rules: { match: 'all', conditions: [] } },
          'Add at least one condition',
        ],
        [{ ...condition({}), name: '   ' }, 'name'],
      ] as const) {
        const response = await create(admin, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect((response.body as { message: string }).message).toContain(message);
      }
      expect(await storedSegments()).toEqual(before);
    });
  });

  describe('PUT /api/segment/{id}', () => {
    it("changes a custom segment's name or rules and answers its new count", async () => {
      const { id } = (await create(admin, { name: 'Changing', rules: android })).body.data;
      server.clock.advance(1000);
      const renamed = await server.request<Envelope<SegmentRow>>('PUT', `/api/segment/${id}`, {
        token: admin,
        body: { name: 'Changed' },
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body.data).toMatchObject({
        name: 'Changed',
        rules: android,
        viewers: 2,
        updated_at: server.clock.now().toISOString(),
      });
      const ios: SegmentRules = {
        match: 'all',
        conditions: [{ field: 'platform', op: 'eq', value: 'ios' }],
      };
      const ruled = await server.request<Envelope<SegmentRow>>('PUT', `/api/segment/${id}`, {
        token: root,
        body: { rules: ios },
      });
      expect(ruled.body.data).toMatchObject({ name: 'Changed', rules: ios, viewers: 1 });
      expect(await make.lastActivityOf(rootId)).toMatchObject({
        action: 'segment.updated',
        entityId: String(id),
        companyId: operatorId,
      });
    });

    it('refuses a preset (409) and bad input (400), changing nothing', async () => {
      const rows = (await list(admin)).body.data;
      const preset = rows.find((row) => row.preset === 'platform-ios')!;
      const custom = rows.find((row) => row.preset === null)!;
      const before = await storedSegments();
      const refused = await server.request('PUT', `/api/segment/${preset.id}`, {
        token: admin,
        body: { name: 'Apple people' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: MESSAGES.segmentIsPreset });
      for (const [body, message] of [
        [{}, 'Nothing to change'],
        [{ name: 'x', colour: 'red' }, 'Unknown field "colour"'],
        [
          { rules: { match: 'all', conditions: [{ field: 'chose', op: 'in', value: [1] }] } },
          'Unknown operator "in" for "chose"',
        ],
      ] as const) {
        const response = await server.request('PUT', `/api/segment/${custom.id}`, {
          token: admin,
          body,
        });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect((response.body as { message: string }).message).toContain(message);
      }
      expect(await storedSegments()).toEqual(before);
    });
  });

  describe('DELETE /api/segment/{id}', () => {
    it('deletes a custom segment and logs it', async () => {
      const { id } = (await create(admin, { name: 'Short-lived', rules: android })).body.data;
      const response = await server.request('DELETE', `/api/segment/${id}`, { token: admin });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ data: { id } });
      expect(await server.db.select().from(segments).where(eq(segments.id, id))).toEqual([]);
      expect(await make.lastActivityOf(adminId)).toMatchObject({
        action: 'segment.deleted',
        entityId: String(id),
        summary: 'Deleted the segment "Short-lived"',
      });
      expect((await server.request('DELETE', `/api/segment/${id}`, { token: admin })).status).toBe(
        404,
      );
    });

    it('refuses a preset, and a segment promoted contents target (naming how many), with 409', async () => {
      const rows = (await list(admin)).body.data;
      const preset = rows.find((row) => row.preset === 'returning')!;
      const presetRefused = await server.request('DELETE', `/api/segment/${preset.id}`, {
        token: root,
      });
      expect(presetRefused.status).toBe(409);
      expect(presetRefused.body).toEqual({ message: MESSAGES.segmentIsPreset });

      const { id } = (await create(admin, { name: 'Targeted', rules: android })).body.data;
      const other = await make.makeProject(owner.token);
      for (const [position, movieId] of [story.movieId, other].entries()) {
        const [item] = await server.db
          .insert(promotedItems)
          .values({ companyId: operatorId, movieId, position })
          .returning({ id: promotedItems.id });
        await server.db
          .insert(promotedItemSegments)
          .values({ promotedId: item!.id, segmentId: id });
      }
      const refused = await server.request('DELETE', `/api/segment/${id}`, { token: admin });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        message: formatMessage(MESSAGES.segmentInUse, { count: 2 }),
      });
      expect(await server.db.select().from(segments).where(eq(segments.id, id))).toHaveLength(1);
      const listed = (await list(admin)).body.data.find((row) => row.id === id);
      expect(listed?.promoted_count).toBe(2);
      // Once no promoted content targets it, it can go.
      await server.db.delete(promotedItems).where(eq(promotedItems.companyId, operatorId));
      expect((await server.request('DELETE', `/api/segment/${id}`, { token: admin })).status).toBe(
        200,
      );
    });
    it('refuses to delete a segment a promoted content started targeting while the delete waited', async () => {
      const { id } = (await create(admin, { name: 'Raced', rules: android })).body.data;
      let deleting: ReturnType<typeof server.request> | undefined;
      await server.db.transaction(async (tx) => {
        const [item] = await tx
          .insert(promotedItems)
          .values({ companyId: operatorId, movieId: story.movieId, position: 1 })
          .returning({ id: promotedItems.id });
        await tx.insert(promotedItemSegments).values({ promotedId: item!.id, segmentId: id });
        // The delete starts while this transaction holds its link to the segment.
        deleting = server.request('DELETE', `/api/segment/${id}`, { token: admin });
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const refused = await deleting!;
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body).toEqual({
        message: formatMessage(MESSAGES.segmentInUse, { count: 1 }),
      });
      await server.db.delete(promotedItems).where(eq(promotedItems.companyId, operatorId));
    });
  });

  describe('POST /api/segment/preview', () => {
    it("counts what rules would hold now, moving as viewers' events come in, storing nothing", async () => {
      const chose: SegmentRules = {
        match: 'all',
        conditions: [{ field: 'chose', op: 'eq', value: story.nodes.right }],
      };
      const completed: SegmentRules = {
        match: 'all',
        conditions: [
          { field: 'completed', op: 'eq', value: story.movieId },
          { field: 'platform', op: 'eq', value: 'web' },
        ],
      };
      const keen: SegmentRules = {
        match: 'all',
        conditions: [
          { field: 'views', op: 'gte', value: 2 },
          { field: 'watched', op: 'eq', value: story.movieId },
        ],
      };
      const returning: SegmentRules = {
        match: 'all',
        conditions: [{ field: 'view_days', op: 'gte', value: 2 }],
      };
      const count = async (rules: SegmentRules) => {
        const response = await preview(admin, rules);
        expect(response.status, response.text).toBe(200);
        return response.body.data.viewers;
      };
      const before = await storedSegments();
      expect(await count(chose)).toBe(0);
      expect(await count(completed)).toBe(0);
      expect(await count(keen)).toBe(0);
      expect(await count(returning)).toBe(0);

      const viewer = await newViewer('web', 'es');
      await sendEvents(viewer.token, 'segment-story', [
        { type: 'start', at: 0 },
        { type: 'choice', at: 1, node_id: story.nodes.bridge, option_id: story.nodes.right },
      ]);
      expect(await count(chose)).toBe(1);
      expect(await count(completed)).toBe(0);
      expect(await count(keen)).toBe(0);
      await sendEvents(viewer.token, 'segment-story', [
        { type: 'ending', at: 2, node_id: story.nodes.right },
        { type: 'start', at: 3 },
      ]);
      expect(await count(completed)).toBe(1);
      expect(await count(keen)).toBe(1);
      expect(await count(returning)).toBe(0);
      server.clock.advance(DAY_MS);
      await sendEvents(viewer.token, 'segment-story', [{ type: 'start', at: 0 }]);
      expect(await count(returning)).toBe(1);
      // Root previews over the operator's viewers; another platform has none.
      expect((await preview(root, chose)).body.data.viewers).toBe(1);
      expect((await preview(otherAdmin, chose)).body.data.viewers).toBe(0);
      expect(await storedSegments()).toEqual(before);
    });

    it('counts new viewers by the server clock: first seen less than 7 days ago', async () => {
      const newViewers: SegmentRules = {
        match: 'all',
        conditions: [{ field: 'first_seen_days', op: 'lt', value: 7 }],
      };
      const older: SegmentRules = {
        match: 'all',
        conditions: [{ field: 'first_seen_days', op: 'gt', value: 7 }],
      };
      const all = (await list(admin)).body.data.find((row) => row.preset === 'new')!.viewers;
      expect((await preview(admin, newViewers)).body.data.viewers).toBe(all);
      server.clock.advance(8 * DAY_MS);
      await newViewer('ios', 'zh');
      expect((await preview(admin, newViewers)).body.data.viewers).toBe(1);
      expect((await preview(admin, older)).body.data.viewers).toBe(all);
      expect((await list(admin)).body.data.find((row) => row.preset === 'new')?.viewers).toBe(1);
    });

    it('refuses bad rules with 400 naming the problem', async () => {
      for (const [rules, message] of [
        [
          { match: 'all', conditions: [{ field: 'height', op: 'eq', value: 1 }] },
          'Unknown field "height"',
        ],
        [
          { match: 'all', conditions: [{ field: 'views', op: 'eq', value: 1 }] },
          'Unknown operator "eq" for "views"',
        ],
        [
          { match: 'all', conditions: [{ field: 'language', op: 'eq', value: 'fr' }] },
          'rules.conditions.0.value',
        ],
      ] as const) {
        const response = await preview(admin, rules);
        expect(response.status).toBe(400);
        expect((response.body as unknown as { message: string }).message).toContain(message);
      }
      const extra = await server.request('POST', '/api/segment/preview', {
        token: admin,
        body: { rules: android, name: 'x' },
      });
      expect(extra.status).toBe(400);
      expect(extra.body).toEqual({
        message: formatMessage(MESSAGES.unknownField, { field: 'name' }),
      });
    });
  });

  it('logs nothing for refused calls', async () => {
    const before = (await server.db.select().from(activityLog)).length;
    await create(admin, { name: 'Bad', rules: { match: 'all', conditions: [] } });
    await server.request('DELETE', '/api/segment/999999', { token: admin });
    expect((await server.db.select().from(activityLog)).length).toBe(before);
  });
});
