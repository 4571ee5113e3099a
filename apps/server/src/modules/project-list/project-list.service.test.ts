import { MESSAGES, projectListQuerySchema, type Role } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { createFakeBlobStore } from '../../test/fakes/fake-blob-store.ts';
import { fakeCaller } from '../../test/fakes/fake-data.ts';
import { refusal } from '../../test/fakes/interceptors.ts';
import type {
  CompanyScope,
  ProjectListFilter,
  ProjectListRecord,
  SeriesDetailRecord,
  SeriesEpisodeRecord,
} from './project-list.repository.ts';
import { companyScopeOf, createProjectListService } from './project-list.service.ts';

/**
 * What the list and the series page make of the caller and of the stored rows: whose projects are
 * asked for, with which filter, and how a row reaches the wire. Which rows match, their order, counts
 * and pages are the SQL's, and stay with the API tests.
 */

const PUBLIC_URL = 'https://plotline.test';
const STAFF: Role[] = ['king', 'internal', 'accountManager'];

const record = (values: Partial<ProjectListRecord> = {}): ProjectListRecord => ({
  kind: 'single',
  id: 7,
  title: 'The Quick Fox',
  tags: ['Nature'],
  thumbnailKey: null,
  viewMode: 'horizontal',
  status: 'draft',
  episodeCount: null,
  publishedCount: null,
  appChannelOn: false,
  slug: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T11:00:00.000Z',
  author: 'Ada',
  ...values,
});

const SAGA: SeriesDetailRecord = {
  id: 40,
  companyId: 1,
  title: 'Saga',
  synopsis: 'Long ago',
  tags: ['epic'],
  createdAt: new Date('2026-02-01T09:00:00.000Z'),
  author: null,
};

const episode = (values: Partial<SeriesEpisodeRecord>): SeriesEpisodeRecord => ({
  movieId: 41,
  episodeNumber: 1,
  title: 'Saga: a hidden badger',
  thumbnailKey: null,
  viewMode: 'horizontal',
  status: 'draft',
  appChannelOn: false,
  slug: null,
  updatedAt: new Date('2026-02-02T09:00:00.000Z'),
  ...values,
});

function setup(rows: ProjectListRecord[] = [record()], episodes: SeriesEpisodeRecord[] = []) {
  const asked: { scope: CompanyScope; filter: ProjectListFilter }[] = [];
  const blobs = createFakeBlobStore();
  const service = createProjectListService({
    list: {
      listProjects: async (scope, filter) => {
        asked.push({ scope, filter });
        return { rows, total: 12 };
      },
      findSeriesDetail: async (id) => (id === SAGA.id ? SAGA : null),
      listEpisodes: async (seriesId) => (seriesId === SAGA.id ? episodes : []),
    },
    blobs,
    publicUrl: PUBLIC_URL,
  });
  return { service, blobs, asked };
}

const query = (values: Record<string, unknown> = {}) => projectListQuerySchema.parse(values);

describe('companyScopeOf', () => {
  it("scopes a company's member to their company, staff to every company, anyone else to none", () => {
    for (const role of ['administrator', 'analyst', 'internal'] as const) {
      expect(companyScopeOf(fakeCaller(3, role))).toBe(3);
    }
    for (const role of STAFF) expect(companyScopeOf(fakeCaller(null, role))).toBeNull();
    expect(companyScopeOf(fakeCaller(null, 'administrator'))).toBeUndefined();
  });
});

describe('list', () => {
  it("asks for the caller's company's projects with the query's filter, the newest change first by default", async () => {
    const { service, asked } = setup();
    await service.list(fakeCaller(3, 'analyst'), query());
    await service.list(
      fakeCaller(3, 'analyst'),
      query({
        search: ' fox ',
        status: 'published',
        type: 'series',
        orientation: 'vertical',
        sort: 'title',
        page: '2',
        perPage: '5',
      }),
    );
    expect(asked).toEqual([
      {
        scope: 3,
        filter: {
          search: undefined,
          status: undefined,
          kind: undefined,
          viewMode: undefined,
          sort: { field: 'updated_at', descending: true },
          page: 1,
          perPage: expect.any(Number),
        },
      },
      {
        scope: 3,
        filter: {
          search: 'fox',
          status: 'published',
          kind: 'series',
          viewMode: 'vertical',
          sort: { field: 'title', descending: false },
          page: 2,
          perPage: 5,
        },
      },
    ]);
  });

  it('takes an empty search as none', async () => {
    const { service, asked } = setup();
    await service.list(fakeCaller(3), query({ search: '   ' }));
    expect(asked[0]!.filter.search).toBeUndefined();
  });

  it("asks staff for every company's projects, and answers a company-less member an empty page", async () => {
    const { service, asked } = setup();
    for (const role of STAFF) {
      expect((await service.list(fakeCaller(null, role), query())).total).toBe(12);
    }
    expect(asked.map((call) => call.scope)).toEqual([null, null, null]);
    expect(await service.list(fakeCaller(null, 'administrator'), query())).toEqual({
      rows: [],
      total: 0,
    });
    expect(asked).toHaveLength(3);
  });

  it('answers a row with its thumbnail and watch addresses and the app channel as 0 or 1', async () => {
    const published = record({
      thumbnailKey: 'images/fox.png',
      status: 'published',
      appChannelOn: true,
      slug: 'the-quick-fox',
    });
    const series = record({
      kind: 'series',
      id: 40,
      viewMode: null,
      episodeCount: 2,
      publishedCount: 1,
    });
    const { service, blobs } = setup([published, series]);
    expect(await service.list(fakeCaller(1), query())).toEqual({
      total: 12,
      rows: [
        {
          kind: 'single',
          id: 7,
          title: 'The Quick Fox',
          tags: ['Nature'],
          thumbnail: blobs.publicUrl('images/fox.png'),
          view_mode: 'horizontal',
          status: 'published',
          episode_count: null,
          published_count: null,
          app_channel_on: 1,
          watch_url: `${PUBLIC_URL}/watch/the-quick-fox`,
          created_at: '2026-03-01T10:00:00.000Z',
          updated_at: '2026-03-01T11:00:00.000Z',
          author: 'Ada',
        },
        expect.objectContaining({
          kind: 'series',
          id: 40,
          thumbnail: null,
          view_mode: null,
          episode_count: 2,
          published_count: 1,
          app_channel_on: 0,
          watch_url: null,
        }),
      ],
    });
  });
});

describe('seriesDetail', () => {
  it('answers the series and its episodes as the stored rows have them', async () => {
    const { service, blobs } = setup(
      [],
      [
        episode({ thumbnailKey: 'images/badger.png' }),
        episode({
          movieId: 42,
          episodeNumber: 2,
          title: 'Saga: the return',
          viewMode: 'vertical',
          status: 'published',
          appChannelOn: true,
          slug: 'the-return',
          updatedAt: new Date('2026-02-03T09:00:00.000Z'),
        }),
      ],
    );
    expect(await service.seriesDetail(fakeCaller(1, 'analyst'), SAGA.id)).toEqual({
      movie_id: SAGA.id,
      title: 'Saga',
      synopsis: 'Long ago',
      tags: ['epic'],
      created_at: '2026-02-01T09:00:00.000Z',
      author: null,
      episodes: [
        {
          movieId: 41,
          episodeNumber: 1,
          title: 'Saga: a hidden badger',
          thumbnail: blobs.publicUrl('images/badger.png'),
          view_mode: 'horizontal',
          status: 'draft',
          app_channel_on: 0,
          watch_url: null,
          updated_at: '2026-02-02T09:00:00.000Z',
        },
        {
          movieId: 42,
          episodeNumber: 2,
          title: 'Saga: the return',
          thumbnail: null,
          view_mode: 'vertical',
          status: 'published',
          app_channel_on: 1,
          watch_url: `${PUBLIC_URL}/watch/the-return`,
          updated_at: '2026-02-03T09:00:00.000Z',
        },
      ],
    });
  });

  it("lets staff reach any company's series, and answers another company's or a missing one as not found", async () => {
    const { service } = setup();
    for (const role of STAFF) {
      expect((await service.seriesDetail(fakeCaller(null, role), SAGA.id)).episodes).toEqual([]);
    }
    for (const [caller, id] of [
      [fakeCaller(2), SAGA.id],
      [fakeCaller(1), 999_999],
    ] as const) {
      const refused = await refusal(service.seriesDetail(caller, id));
      expect([refused.status, refused.message]).toEqual([404, MESSAGES.seriesNotFound]);
    }
  });
});
