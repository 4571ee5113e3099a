import { formatMessage, MESSAGES, PRESET_SEGMENTS, type SegmentRules } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../adapters/clock.ts';
import {
  createFakeAppViewers,
  fakeAppOperator,
  fakePlatformCaller,
  fakeRoot,
  makeViewer,
} from '../../test/fakes/fake-app-viewers.ts';
import { FAKE_NOW, fakeCaller } from '../../test/fakes/fake-data.ts';
import { FakeDatabase } from '../../test/fakes/fake-database.ts';
import {
  createFakeSegments,
  createFakeSegmentTables,
  targetSegment,
} from '../../test/fakes/fake-segments.ts';
import { holdNextCall, refusal, settle, track } from '../../test/fakes/interceptors.ts';
import { createSegmentsService } from './segments.service.ts';

/**
 * The segments service's rules over fakes: whose segments a caller reaches, the presets made once
 * and never changed, what a change and a delete write or leave, the order of the list, and which
 * segments hold one viewer. The counts' SQL is the medium tests' (segment-sql.medium.test.ts).
 */

const PLATFORM = 100;
const OTHER_PLATFORM = 200;
const DAY_MS = 86_400_000;

const android: SegmentRules = {
  match: 'all',
  conditions: [{ field: 'platform', op: 'eq', value: 'android' }],
};
const ios: SegmentRules = {
  match: 'all',
  conditions: [{ field: 'platform', op: 'eq', value: 'ios' }],
};

/** The segments of a platform operating the app (none when `operatorId` is null). */
function makePlatform(operatorId: number | null = PLATFORM) {
  const db = new FakeDatabase();
  const tables = createFakeSegmentTables(db);
  const segments = createFakeSegments(db, tables);
  const clock = new ManualClock(FAKE_NOW);
  const deps = {
    segments,
    viewers: createFakeAppViewers(tables.viewers),
    operator: fakeAppOperator(operatorId),
    clock,
    transaction: db.transaction,
  };
  return {
    db,
    tables,
    deps,
    clock,
    service: createSegmentsService(deps),
    admin: fakePlatformCaller(PLATFORM),
    viewer: (values: Parameters<typeof makeViewer>[1]) => makeViewer(tables.viewers, values),
  };
}

const presetOf = (
  rows: { id: number; preset: string | null }[],
  key: (typeof PRESET_SEGMENTS)[number]['key'],
) => rows.find((row) => row.preset === key)!;

describe("who reaches a platform's segments", () => {
  it("lets root act on the operator's segments, its new ones the operator's", async () => {
    const { service, admin, tables } = makePlatform();
    const created = await service.create(fakeRoot(), { name: 'By root', rules: android });
    expect(created.companyId).toBe(PLATFORM);
    expect(tables.segments.find(created.id)!.companyId).toBe(PLATFORM);
    const roots = await service.list(fakeRoot());
    expect(roots.map((row) => row.id)).toEqual((await service.list(admin)).map((row) => row.id));
    expect(roots.every((row) => row.companyId === PLATFORM)).toBe(true);
    const renamed = await service.update(fakeRoot(), created.id, { name: 'Renamed by root' });
    expect(renamed).toMatchObject({ name: 'Renamed by root', companyId: PLATFORM });
    expect((await service.remove(fakeRoot(), created.id)).companyId).toBe(PLATFORM);
  });

  it('tells root that no platform operates the app (409) on every call, storing nothing', async () => {
    const { service, tables } = makePlatform(null);
    const segment = tables.segments.insert({
      companyId: PLATFORM,
      preset: null,
      name: 'Kept',
      rules: android,
      updatedAt: FAKE_NOW,
    });
    const before = tables.segments.rows();
    for (const call of [
      () => service.list(fakeRoot()),
      () => service.create(fakeRoot(), { name: 'Lost', rules: android }),
      () => service.update(fakeRoot(), segment.id, { name: 'Lost' }),
      () => service.remove(fakeRoot(), segment.id),
      () => service.preview(fakeRoot(), android),
    ]) {
      const refused = await refusal(call());
      expect([refused.status, refused.message]).toEqual([409, MESSAGES.appNotOperated]);
    }
    expect(tables.segments.rows()).toEqual(before);
  });

  it('refuses a user of a company that is no platform (403), storing nothing', async () => {
    const { service, tables } = makePlatform();
    const { id } = await service.create(fakePlatformCaller(PLATFORM), {
      name: 'Kept',
      rules: android,
    });
    const before = tables.segments.rows();
    for (const caller of [fakeCaller(PLATFORM, 'superadmin'), fakeCaller(null, 'internal')]) {
      for (const call of [
        () => service.list(caller),
        () => service.create(caller, { name: 'Taken over', rules: android }),
        () => service.update(caller, id, { name: 'Taken over' }),
        () => service.remove(caller, id),
        () => service.preview(caller, android),
      ]) {
        const refused = await refusal(call());
        expect([refused.status, refused.message]).toEqual([403, MESSAGES.forbidden]);
      }
    }
    expect(tables.segments.rows()).toEqual(before);
  });

  it("answers another platform's segment, custom or preset, as unknown (404), changing nothing", async () => {
    const { service, admin, tables } = makePlatform();
    const custom = await service.create(admin, { name: 'Mine', rules: android });
    const preset = presetOf(await service.list(admin), 'new');
    const stranger = fakePlatformCaller(OTHER_PLATFORM, 'superadmin');
    const before = tables.segments.rows();
    for (const id of [custom.id, preset.id, 999_999]) {
      for (const call of [
        () => service.update(stranger, id, { name: 'Taken over' }),
        () => service.remove(stranger, id),
      ]) {
        const refused = await refusal(call());
        expect([refused.status, refused.message]).toEqual([404, MESSAGES.segmentNotFound]);
      }
    }
    expect(tables.segments.rows()).toEqual(before);
  });
});

describe('the list', () => {
  it('makes the presets on the first read and once: core’s order, then custom ones by name', async () => {
    const { service, admin, tables } = makePlatform();
    for (const name of ['zebra fans', 'Android only', 'beta', 'Beta']) {
      await service.create(admin, { name, rules: android });
    }
    const rows = await service.list(admin);
    expect(rows.map((row) => row.preset ?? row.name)).toEqual([
      ...PRESET_SEGMENTS.map((preset) => preset.key),
      'Android only',
      'beta',
      'Beta',
      'zebra fans',
    ]);
    expect(rows.slice(0, PRESET_SEGMENTS.length)).toEqual(
      PRESET_SEGMENTS.map((preset) =>
        expect.objectContaining({ name: preset.name, rules: preset.rules }),
      ),
    );
    await service.list(admin);
    expect(tables.segments.rows().filter((row) => row.preset !== null)).toHaveLength(
      PRESET_SEGMENTS.length,
    );
  });

  it("counts each segment's viewers of the platform now, and the promoted contents targeting it", async () => {
    const { service, admin, tables, clock, viewer } = makePlatform();
    viewer({ companyId: PLATFORM, platform: 'android', language: 'de' });
    viewer({ companyId: PLATFORM, platform: 'ios', language: 'de', viewDays: 2 });
    viewer({ companyId: OTHER_PLATFORM, platform: 'android' });
    const { id } = await service.create(admin, { name: 'Android', rules: android });
    tables.targeting.insert({ promotedId: 1, segmentId: id });

    const rows = await service.list(admin);
    const viewersOf = (key: string) => rows.find((row) => (row.preset ?? row.name) === key)!;
    expect(viewersOf('new').viewers).toBe(2);
    expect(viewersOf('returning').viewers).toBe(1);
    expect(viewersOf('platform-android').viewers).toBe(1);
    expect(viewersOf('language-de').viewers).toBe(2);
    expect(viewersOf('Android')).toMatchObject({ viewers: 1, promoted_count: 1 });
    expect(rows.filter((row) => row.promoted_count > 0).map((row) => row.id)).toEqual([id]);

    // Counted by the clock: a week on, nobody is new.
    clock.advance(7 * DAY_MS);
    expect((await service.list(admin)).find((row) => row.preset === 'new')!.viewers).toBe(0);
  });

  it('shows each platform its own segments only', async () => {
    const { service, admin } = makePlatform();
    await service.create(admin, { name: 'Mine', rules: android });
    const theirs = await service.list(fakePlatformCaller(OTHER_PLATFORM));
    expect(theirs.map((row) => row.preset)).toEqual(PRESET_SEGMENTS.map((preset) => preset.key));
    expect(theirs.every((row) => row.companyId === OTHER_PLATFORM)).toBe(true);
  });
});

describe('creating a segment', () => {
  it("stores it as the caller's platform's, answering its count now", async () => {
    const { service, admin, tables, viewer } = makePlatform();
    viewer({ companyId: PLATFORM, platform: 'android' });
    viewer({ companyId: PLATFORM, platform: 'ios' });
    const created = await service.create(admin, { name: 'Android', rules: android });
    expect(created).toEqual({
      id: expect.any(Number),
      preset: null,
      name: 'Android',
      rules: android,
      viewers: 1,
      promoted_count: 0,
      updated_at: FAKE_NOW.toISOString(),
      companyId: PLATFORM,
    });
    expect(tables.segments.find(created.id)).toEqual({
      id: created.id,
      companyId: PLATFORM,
      preset: null,
      name: 'Android',
      rules: android,
      updatedAt: FAKE_NOW,
    });
  });
});

describe('changing a segment', () => {
  it('changes the name or the rules sent, keeps the other, and answers the new count', async () => {
    const { service, admin, tables, clock, viewer } = makePlatform();
    viewer({ companyId: PLATFORM, platform: 'ios' });
    const { id } = await service.create(admin, { name: 'Changing', rules: android });
    clock.advance(1000);
    const renamed = await service.update(admin, id, { name: 'Changed' });
    expect(renamed).toMatchObject({
      name: 'Changed',
      rules: android,
      viewers: 0,
      updated_at: clock.now().toISOString(),
      companyId: PLATFORM,
    });
    const ruled = await service.update(admin, id, { rules: ios });
    expect(ruled).toMatchObject({ name: 'Changed', rules: ios, viewers: 1 });
    expect(tables.segments.find(id)).toMatchObject({ name: 'Changed', rules: ios });
  });

  it('refuses a preset (409), leaving it as it was', async () => {
    const { service, admin, tables } = makePlatform();
    const preset = presetOf(await service.list(admin), 'platform-ios');
    const before = tables.segments.find(preset.id);
    const refused = await refusal(service.update(admin, preset.id, { name: 'Apple people' }));
    expect([refused.status, refused.message]).toEqual([409, MESSAGES.segmentIsPreset]);
    expect(tables.segments.find(preset.id)).toEqual(before);
  });

  it('answers 404 when the segment was deleted while it was being changed', async () => {
    const { deps, admin, tables } = makePlatform();
    const service = createSegmentsService({
      ...deps,
      segments: {
        ...deps.segments,
        updateSegment: async (id) => void tables.segments.delete(id),
      },
    });
    const { id } = await service.create(admin, { name: 'Going', rules: android });
    const refused = await refusal(service.update(admin, id, { name: 'Gone' }));
    expect([refused.status, refused.message]).toEqual([404, MESSAGES.segmentNotFound]);
  });
});

describe('deleting a segment', () => {
  it('deletes a custom segment and answers it for the log', async () => {
    const { service, admin, tables, viewer } = makePlatform();
    viewer({ companyId: PLATFORM });
    const { id } = await service.create(admin, { name: 'Short-lived', rules: android });
    expect(await service.remove(admin, id)).toMatchObject({
      id,
      name: 'Short-lived',
      promoted_count: 0,
      companyId: PLATFORM,
    });
    expect(tables.segments.find(id)).toBeNull();
    const again = await refusal(service.remove(admin, id));
    expect([again.status, again.message]).toEqual([404, MESSAGES.segmentNotFound]);
  });

  it('refuses a preset, and a segment promoted contents target (naming how many), with 409', async () => {
    const { service, admin, tables } = makePlatform();
    const preset = presetOf(await service.list(admin), 'returning');
    const presetRefused = await refusal(service.remove(fakeRoot(), preset.id));
    expect([presetRefused.status, presetRefused.message]).toEqual([409, MESSAGES.segmentIsPreset]);
    expect(tables.segments.find(preset.id)).not.toBeNull();

    const { id } = await service.create(admin, { name: 'Targeted', rules: android });
    const links = [1, 2].map((promotedId) =>
      tables.targeting.insert({ promotedId, segmentId: id }),
    );
    const refused = await refusal(service.remove(admin, id));
    expect([refused.status, refused.message]).toEqual([
      409,
      formatMessage(MESSAGES.segmentInUse, { count: 2 }),
    ]);
    expect(tables.segments.find(id)).not.toBeNull();

    // Once no promoted content targets it, it can go.
    for (const link of links) tables.targeting.delete(link.id);
    expect((await service.remove(admin, id)).id).toBe(id);
  });

  it('waits for a promoted content starting to target the segment, then refuses (409)', async () => {
    const { db, service, admin, tables } = makePlatform();
    const { id } = await service.create(admin, { name: 'Raced', rules: android });
    let commit!: () => void;
    const promoting = db.transaction(async (tx) => {
      await targetSegment(db, tables.targeting, { promotedId: 1, segmentId: id }, tx);
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await settle();
    const deleting = track(service.remove(admin, id));
    await settle();
    expect(deleting.settled).toBe(false);
    commit();
    await promoting;
    const refused = await refusal(deleting.promise);
    expect([refused.status, refused.message]).toEqual([
      409,
      formatMessage(MESSAGES.segmentInUse, { count: 1 }),
    ]);
    expect(tables.segments.find(id)).not.toBeNull();
  });

  it('answers 404 when another delete took the segment while this one waited for it', async () => {
    const { deps, service, admin, tables } = makePlatform();
    const { id } = await service.create(admin, { name: 'Twice', rules: android });
    const held = holdNextCall(deps.segments, 'lockSegment');
    const waiting = track(service.remove(admin, id));
    await held.reached;
    await service.remove(admin, id);
    held.release();
    const refused = await refusal(waiting.promise);
    expect([refused.status, refused.message]).toEqual([404, MESSAGES.segmentNotFound]);
    expect(tables.segments.find(id)).toBeNull();
  });
});

describe('previewing rules', () => {
  it("counts the platform's viewers the rules hold now, storing nothing", async () => {
    const { service, admin, tables, viewer } = makePlatform();
    viewer({ companyId: PLATFORM, platform: 'android' });
    viewer({ companyId: PLATFORM, platform: 'android', chose: new Set([7]) });
    viewer({ companyId: OTHER_PLATFORM, platform: 'android', chose: new Set([7]) });
    expect(await service.preview(admin, android)).toEqual({ viewers: 2 });
    const chose: SegmentRules = {
      match: 'all',
      conditions: [{ field: 'chose', op: 'eq', value: 7 }],
    };
    expect(await service.preview(admin, chose)).toEqual({ viewers: 1 });
    expect(await service.preview(fakeRoot(), chose)).toEqual({ viewers: 1 });
    expect(await service.preview(fakePlatformCaller(OTHER_PLATFORM), android)).toEqual({
      viewers: 1,
    });
    expect(tables.segments.rows()).toEqual([]);
  });
});

describe('which segments hold a viewer, for the feed', () => {
  it("answers those of the viewer's platform whose rules hold the viewer now", async () => {
    const { service, admin, clock, viewer } = makePlatform();
    const someone = viewer({ companyId: PLATFORM, platform: 'ios' });
    const { id: iosId } = await service.create(admin, { name: 'iOS', rules: ios });
    const { id: androidId } = await service.create(admin, { name: 'Android', rules: android });
    const foreign = await service.create(fakePlatformCaller(OTHER_PLATFORM), {
      name: 'iOS elsewhere',
      rules: ios,
    });
    const newcomer = presetOf(await service.list(admin), 'new');
    const asked = [iosId, androidId, foreign.id, newcomer.id, iosId, 999_999];
    expect(await service.segmentsHolding(someone.id, asked, clock.now())).toEqual(
      new Set([iosId, newcomer.id]),
    );
    const elsewhere = viewer({ companyId: OTHER_PLATFORM, platform: 'ios' });
    expect(await service.segmentsHolding(elsewhere.id, asked, clock.now())).toEqual(
      new Set([foreign.id]),
    );
    // Judged at the instant given, not by the clock.
    const weekOn = new Date(clock.now().getTime() + 7 * DAY_MS);
    expect(await service.segmentsHolding(someone.id, asked, weekOn)).toEqual(new Set([iosId]));
  });

  it('answers none for no segments and for an unknown viewer', async () => {
    const { service, admin, clock, viewer } = makePlatform();
    const { id } = await service.create(admin, { name: 'Android', rules: android });
    const someone = viewer({ companyId: PLATFORM });
    expect(await service.segmentsHolding(someone.id, [], clock.now())).toEqual(new Set());
    expect(await service.segmentsHolding(999_999, [id], clock.now())).toEqual(new Set());
    expect(await service.segmentsHolding(someone.id, [id], clock.now())).toEqual(new Set([id]));
  });
});
