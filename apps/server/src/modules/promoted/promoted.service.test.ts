import { MESSAGES } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../access/caller.ts';
import {
  fakeAppOperator,
  fakePlatformCaller,
  fakeRoot,
} from '../../test/fakes/fake-app-viewers.ts';
import { createFakeData, FAKE_NOW, fakeCaller } from '../../test/fakes/fake-data.ts';
import type { FakeMovieRow } from '../../test/fakes/fake-projects.ts';
import {
  createFakePromoted,
  type FakeCompanyRow,
  type FakePromotedRow,
} from '../../test/fakes/fake-promoted.ts';
import { createFakeSegmentTables } from '../../test/fakes/fake-segments.ts';
import { failCall, holdNextCall, refusal, settle, track } from '../../test/fakes/interceptors.ts';
import type { CandidateRecord } from './promoted.repository.ts';
import { createPromotedService } from './promoted.service.ts';

/**
 * The promoted service's rules over fakes: whose list a caller reaches, what may be promoted, the
 * window as it will be stored, the order, and what a refusal leaves. The candidates' search and
 * paging, and the feed's live list, are SQL: the medium tests have them.
 */

const PLATFORM = 1000;
const OTHER_PLATFORM = 2000;
const HOUR = 3_600_000;

const at = (hours: number) => new Date(FAKE_NOW.getTime() + hours * HOUR).toISOString();

function makePlatform(operatorId: number | null = PLATFORM) {
  const data = createFakeData();
  const tables = {
    movies: data.tables.movies,
    companies: data.db.table<FakeCompanyRow>(),
    promoted: data.db.table<FakePromotedRow>(),
    ...createFakeSegmentTables(data.db),
  };
  const studio = tables.companies.insert({ name: 'Fork Studio', status: 'active' });
  const candidatesAsked: unknown[] = [];
  const candidate: CandidateRecord = {
    movieId: 7,
    slug: 'seven',
    title: 'Seven',
    thumbnailDesktopKey: 'images/seven.png',
    companyName: 'Fork Studio',
    seriesTitle: 'Saga',
    episodeNumber: 1,
    publishedAt: FAKE_NOW.toISOString(),
    promoted: true,
  };
  const deps = {
    promoted: {
      ...createFakePromoted(data.db, tables),
      async listCandidates(companyId: number, filter: object) {
        candidatesAsked.push({ companyId, ...filter });
        return { rows: [candidate], total: 41 };
      },
    },
    operator: fakeAppOperator(operatorId),
    blobs: { publicUrl: (key: string) => `https://cdn.test/${key}` },
    clock: data.clock,
    transaction: data.transaction,
  };
  const service = createPromotedService(deps);
  const admin = fakePlatformCaller(PLATFORM);
  return {
    data,
    tables,
    deps,
    service,
    admin,
    candidatesAsked,
    /** A project of the studio published on the app channel. */
    project(title: string, values: Partial<FakeMovieRow> = {}) {
      return data.makeMovie({
        companyId: studio.id,
        title,
        slug: title.toLowerCase().replaceAll(' ', '-'),
        status: 'published',
        publishedAt: FAKE_NOW,
        appChannelOn: true,
        ...values,
      }).id;
    },
    segment(companyId: number, name: string) {
      return tables.segments.insert({
        companyId,
        preset: null,
        name,
        rules: { match: 'all', conditions: [{ field: 'platform', op: 'eq', value: 'ios' }] },
        updatedAt: FAKE_NOW,
      }).id;
    },
    async promote(movieId: number, caller: AuthContext = admin) {
      return service.create(caller, { movie_id: movieId, segment_ids: [] });
    },
    /** The platform's list as stored, with its links: to check a refusal changed nothing. */
    stored: () => ({ promoted: tables.promoted.rows(), targeting: tables.targeting.rows() }),
  };
}

describe('who reaches the promoted calls', () => {
  it("lets root act on the operator's list", async () => {
    const { service, admin, project, promote } = makePlatform();
    const created = await promote(project('Night owl'), fakeRoot());
    expect(created.companyId).toBe(PLATFORM);
    expect((await service.list(admin)).map((row) => row.id)).toEqual([created.id]);
    expect((await service.list(fakeRoot())).map((row) => row.id)).toEqual([created.id]);
    expect(await service.list(fakePlatformCaller(OTHER_PLATFORM))).toEqual([]);
  });

  it('tells root that no platform operates the app (409) on every call, storing nothing', async () => {
    const { service, tables, project } = makePlatform(null);
    const movieId = project('Night owl');
    const item = tables.promoted.insert({
      companyId: PLATFORM,
      movieId,
      position: 1,
      startsAt: null,
      endsAt: null,
      updatedAt: FAKE_NOW,
    });
    const before = tables.promoted.rows();
    const root = fakeRoot();
    for (const call of [
      () => service.list(root),
      () => service.candidates(root, { page: 1, perPage: 20 }),
      () => service.create(root, { movie_id: movieId, segment_ids: [] }),
      () => service.update(root, item.id, { starts_at: null }),
      () => service.remove(root, item.id),
      () => service.reorder(root, [item.id]),
    ]) {
      const refused = await refusal(call());
      expect([refused.status, refused.message]).toEqual([409, MESSAGES.appNotOperated]);
    }
    expect(tables.promoted.rows()).toEqual(before);
  });

  it('refuses a user of a company that is no platform (403), storing nothing', async () => {
    const { service, project, promote, stored } = makePlatform();
    const item = await promote(project('The Quick Fox'));
    const owl = project('Night owl');
    const before = stored();
    for (const caller of [fakeCaller(PLATFORM, 'superadmin'), fakeCaller(null, 'internal')]) {
      for (const call of [
        () => service.list(caller),
        () => service.candidates(caller, { page: 1, perPage: 20 }),
        () => service.create(caller, { movie_id: owl, segment_ids: [] }),
        () => service.update(caller, item.id, { starts_at: null }),
        () => service.remove(caller, item.id),
        () => service.reorder(caller, [item.id]),
      ]) {
        const refused = await refusal(call());
        expect([refused.status, refused.message]).toEqual([403, MESSAGES.forbidden]);
      }
    }
    expect(stored()).toEqual(before);
  });

  it("answers another platform's promoted content as unknown (404), leaving it as it was", async () => {
    const { service, project, promote, stored } = makePlatform();
    const item = await promote(project('The Quick Fox'));
    const stranger = fakePlatformCaller(OTHER_PLATFORM, 'superadmin');
    const before = stored();
    for (const [caller, id] of [
      [stranger, item.id],
      [fakePlatformCaller(PLATFORM), 999_999],
    ] as const) {
      for (const call of [
        () => service.update(caller, id, { starts_at: null }),
        () => service.remove(caller, id),
      ]) {
        const refused = await refusal(call());
        expect([refused.status, refused.message]).toEqual([404, MESSAGES.promotedNotFound]);
      }
    }
    expect(stored()).toEqual(before);
  });
});

describe('promoting a project', () => {
  it('puts it last, with its window and segments once each, answered as the list shows it', async () => {
    const { service, admin, project, promote, segment } = makePlatform();
    const fox = project('The Quick Fox', {
      synopsis: 'Quick.',
      thumbnailDesktop: 'images/fox-desktop.png',
      thumbnailMobile: null,
    });
    const saga = project('Saga one');
    const ios = segment(PLATFORM, 'iOS fans');
    const android = segment(PLATFORM, 'Android fans');
    const first = await promote(fox);
    const second = await service.create(admin, {
      movie_id: saga,
      starts_at: at(1),
      ends_at: null,
      segment_ids: [android, ios, android],
    });
    expect(first).toEqual({
      id: expect.any(Number),
      position: 1,
      movie_id: fox,
      slug: 'the-quick-fox',
      title: 'The Quick Fox',
      synopsis: 'Quick.',
      thumbnail_desktop: 'https://cdn.test/images/fox-desktop.png',
      thumbnail_mobile: null,
      company_name: 'Fork Studio',
      starts_at: null,
      ends_at: null,
      segments: [],
      status: 'live',
      companyId: PLATFORM,
    });
    expect(second).toMatchObject({
      position: 2,
      starts_at: at(1),
      ends_at: null,
      segments: [
        { id: ios, name: 'iOS fans', preset: null },
        { id: android, name: 'Android fans', preset: null },
      ],
      status: 'scheduled',
    });
    expect(await service.list(admin)).toEqual([first, second]);
  });

  it('refuses a draft, a project off the app channel, one of a disabled company and an unknown one', async () => {
    const { data, tables, service, admin, project } = makePlatform();
    const disabled = tables.companies.insert({ name: 'Gone', status: 'disabled' });
    for (const movieId of [
      project('Fox draft', { status: 'draft', publishedAt: null }),
      project('Fox on the web', { appChannelOn: false }),
      data.makeMovie({ companyId: disabled.id, status: 'published', appChannelOn: true }).id,
      999_999,
    ]) {
      const refused = await refusal(service.create(admin, { movie_id: movieId, segment_ids: [] }));
      expect([refused.status, refused.message]).toEqual([400, MESSAGES.promotedNotCandidate]);
    }
    expect(tables.promoted.rows()).toEqual([]);
  });

  it("refuses segments that are not the platform's, naming each once (400), storing nothing", async () => {
    const { service, admin, project, segment, stored } = makePlatform();
    const mine = segment(PLATFORM, 'Mine');
    const foreign = segment(OTHER_PLATFORM, 'Elsewhere');
    const refused = await refusal(
      service.create(admin, {
        movie_id: project('The Quick Fox'),
        segment_ids: [mine, foreign, 2_000_000_000, foreign],
      }),
    );
    expect([refused.status, refused.message]).toEqual([
      400,
      MESSAGES.segmentsNotFound.replace('{ids}', `${foreign}, 2000000000`),
    ]);
    expect(stored()).toEqual({ promoted: [], targeting: [] });
  });

  it('refuses a project the platform promotes already (409); another platform may', async () => {
    const { tables, project, promote } = makePlatform();
    const fox = project('The Quick Fox');
    await promote(fox);
    const before = tables.promoted.rows();
    const refused = await refusal(promote(fox));
    expect([refused.status, refused.message]).toEqual([409, MESSAGES.promotedTaken]);
    expect(tables.promoted.rows()).toEqual(before);
    const elsewhere = await promote(fox, fakePlatformCaller(OTHER_PLATFORM));
    expect(elsewhere).toMatchObject({ position: 1, companyId: OTHER_PLATFORM });
  });

  it('numbers two promotions made at once one after the other', async () => {
    const { deps, service, admin, project, promote } = makePlatform();
    const held = holdNextCall(deps.promoted, 'insertPromoted');
    const first = track(promote(project('The Quick Fox')));
    await held.reached;
    const second = track(promote(project('Night owl')));
    await settle();
    expect(second.settled).toBe(false);
    held.release();
    expect((await first.promise).position).toBe(1);
    expect((await second.promise).position).toBe(2);
    expect((await service.list(admin)).map((row) => row.position)).toEqual([1, 2]);
  });
});

describe("a promoted content's status", () => {
  it("follows the server's clock: scheduled before its start, live from it, ended at its end", async () => {
    const { data, service, admin, project } = makePlatform();
    const item = await service.create(admin, {
      movie_id: project('Brown bear'),
      starts_at: at(1),
      ends_at: at(2),
      segment_ids: [],
    });
    const statusNow = async () => (await service.list(admin))[0]!.status;
    expect(item.status).toBe('scheduled');
    data.clock.advance(HOUR - 1);
    expect(await statusNow()).toBe('scheduled');
    data.clock.advance(1);
    expect(await statusNow()).toBe('live');
    data.clock.advance(HOUR - 1);
    expect(await statusNow()).toBe('live');
    data.clock.advance(1);
    expect(await statusNow()).toBe('ended');
  });
});

describe('changing a promoted content', () => {
  it('changes what is sent: a field not sent keeps its value, null opens that end', async () => {
    const { data, tables, service, admin, project, segment } = makePlatform();
    const android = segment(PLATFORM, 'Android fans');
    const item = await service.create(admin, {
      movie_id: project('The Quick Fox'),
      starts_at: at(-1),
      segment_ids: [android],
    });
    data.clock.advance(1000);
    const ended = await service.update(admin, item.id, { ends_at: at(3) });
    expect(ended).toMatchObject({
      starts_at: at(-1),
      ends_at: at(3),
      segments: [{ id: android }],
      status: 'live',
      companyId: PLATFORM,
    });
    expect(tables.promoted.find(item.id)!.updatedAt).toEqual(data.clock.now());
    const started = await service.update(admin, item.id, { starts_at: at(1) });
    expect(started).toMatchObject({
      starts_at: at(1),
      ends_at: at(3),
      segments: [{ id: android }],
      status: 'scheduled',
    });
    const opened = await service.update(admin, item.id, {
      starts_at: null,
      ends_at: null,
      segment_ids: [],
    });
    expect(opened).toMatchObject({ starts_at: null, ends_at: null, segments: [] });
    expect(tables.targeting.rows()).toEqual([]);
    expect(await service.list(admin)).toEqual([opened]);
  });

  it('refuses a window that would end when or before it starts, judged with what is stored', async () => {
    const { service, admin, project, segment, stored } = makePlatform();
    const ios = segment(PLATFORM, 'iOS fans');
    const item = await service.create(admin, {
      movie_id: project('The Quick Fox'),
      starts_at: at(2),
      segment_ids: [],
    });
    const before = stored();
    for (const body of [
      { ends_at: at(1), segment_ids: [ios] },
      { ends_at: at(2) },
      { starts_at: at(5), ends_at: at(4) },
    ]) {
      const refused = await refusal(service.update(admin, item.id, body));
      expect([refused.status, refused.message]).toEqual([400, MESSAGES.promotedWindowEnds]);
    }
    expect(stored()).toEqual(before);
    // Opening the start lets an end before the old start through.
    expect(await service.update(admin, item.id, { starts_at: null, ends_at: at(1) })).toMatchObject(
      { starts_at: null, ends_at: at(1) },
    );
  });

  it("refuses segments that are not the platform's (400), changing nothing sent with them", async () => {
    const { service, admin, project, segment, stored } = makePlatform();
    const ios = segment(PLATFORM, 'iOS fans');
    const foreign = segment(OTHER_PLATFORM, 'Elsewhere');
    const item = await service.create(admin, {
      movie_id: project('The Quick Fox'),
      starts_at: at(2),
      segment_ids: [ios],
    });
    const before = stored();
    const refused = await refusal(
      service.update(admin, item.id, { starts_at: null, segment_ids: [ios, foreign] }),
    );
    expect([refused.status, refused.message]).toEqual([
      400,
      MESSAGES.segmentsNotFound.replace('{ids}', `${foreign}`),
    ]);
    expect(stored()).toEqual(before);
  });

  it('leaves the segments as they were when the window cannot be written', async () => {
    const { deps, service, admin, project, segment, stored } = makePlatform();
    const [ios, android] = [segment(PLATFORM, 'iOS fans'), segment(PLATFORM, 'Android fans')];
    const item = await service.create(admin, {
      movie_id: project('The Quick Fox'),
      segment_ids: [ios],
    });
    const before = stored();
    failCall(deps.promoted, 'updateWindow', 1, new Error('connection lost'));
    await expect(
      service.update(admin, item.id, { ends_at: at(1), segment_ids: [android] }),
    ).rejects.toThrow('connection lost');
    expect(stored()).toEqual(before);
  });
});

describe('removing a promoted content', () => {
  it('removes it and its segment links, moves the ones after it up, and answers it for the log', async () => {
    const { tables, service, admin, project, promote, segment } = makePlatform();
    const android = segment(PLATFORM, 'Android fans');
    const first = await promote(project('The Quick Fox'));
    const second = await service.create(admin, {
      movie_id: project('Night owl'),
      segment_ids: [android],
    });
    const third = await promote(project('Brown bear'));
    expect(await service.remove(admin, second.id)).toMatchObject({
      id: second.id,
      title: 'Night owl',
      companyId: PLATFORM,
    });
    expect((await service.list(admin)).map((row) => [row.id, row.position])).toEqual([
      [first.id, 1],
      [third.id, 2],
    ]);
    expect(tables.targeting.rows()).toEqual([]);
    const again = await refusal(service.remove(admin, second.id));
    expect([again.status, again.message]).toEqual([404, MESSAGES.promotedNotFound]);
  });
});

describe('reordering the promoted contents', () => {
  it('numbers every item of the platform in the order sent, and answers the list so', async () => {
    const { service, admin, project, promote } = makePlatform();
    const a = await promote(project('The Quick Fox'));
    const b = await promote(project('Night owl'));
    const c = await promote(project('Brown bear'));
    const reordered = await service.reorder(admin, [c.id, a.id, b.id]);
    expect(reordered.map((row) => [row.id, row.position, row.companyId])).toEqual([
      [c.id, 1, PLATFORM],
      [a.id, 2, PLATFORM],
      [b.id, 3, PLATFORM],
    ]);
    expect(await service.list(admin)).toEqual(reordered);
  });

  it("refuses a list that is not exactly the platform's ids once each (400), changing nothing", async () => {
    const { tables, service, admin, project, promote } = makePlatform();
    const a = await promote(project('The Quick Fox'));
    const b = await promote(project('Night owl'));
    const foreign = await promote(project('Brown bear'), fakePlatformCaller(OTHER_PLATFORM));
    const before = tables.promoted.rows();
    for (const ids of [
      [b.id],
      [b.id, a.id, a.id],
      [b.id, a.id, a.id, b.id],
      [b.id, a.id, foreign.id],
      [b.id, foreign.id],
      [b.id, a.id, 999_999],
      [],
    ]) {
      const refused = await refusal(service.reorder(admin, ids));
      expect([refused.status, refused.message], JSON.stringify(ids)).toEqual([
        400,
        MESSAGES.promotedOrderMismatch,
      ]);
    }
    expect(tables.promoted.rows()).toEqual(before);
  });

  it('takes an empty list when the platform promotes nothing', async () => {
    const { service, admin } = makePlatform();
    expect(await service.reorder(admin, [])).toEqual([]);
  });
});

describe('the candidates to promote', () => {
  it("asks for the caller's platform's page, no search when it is empty, and answers them for the wire", async () => {
    const { service, admin, candidatesAsked } = makePlatform();
    const page = await service.candidates(admin, { search: '', page: 2, perPage: 20 });
    expect(page).toEqual({
      total: 41,
      rows: [
        {
          movie_id: 7,
          slug: 'seven',
          title: 'Seven',
          thumbnail_desktop: 'https://cdn.test/images/seven.png',
          company_name: 'Fork Studio',
          series_title: 'Saga',
          episode_number: 1,
          published_at: FAKE_NOW.toISOString(),
          promoted: true,
        },
      ],
    });
    await service.candidates(fakeRoot(), { search: 'fox', page: 1, perPage: 5 });
    expect(candidatesAsked).toEqual([
      { companyId: PLATFORM, search: undefined, page: 2, perPage: 20 },
      { companyId: PLATFORM, search: 'fox', page: 1, perPage: 5 },
    ]);
  });
});
