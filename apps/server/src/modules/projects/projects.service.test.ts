import {
  artworkDeleteSchema,
  bannerSettingsSchema,
  CONTENT_TYPE,
  MESSAGES,
  projectSaveSchema,
  type Role,
} from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { createFakeBlobStore } from '../../test/fakes/fake-blob-store.ts';
import { createFakeData, fakeCaller } from '../../test/fakes/fake-data.ts';
import type { FakeBannerImageRow } from '../../test/fakes/fake-projects.ts';
import { refusal } from '../../test/fakes/interceptors.ts';
import type { SeriesRecord } from '../series/series.repository.ts';
import { createProjectsService } from './projects.service.ts';

/**
 * The rules of a project's form data, its client, its artwork and banner, and deleting a draft:
 * who reaches a project (its company, or staff), who may change its client, what a published
 * project refuses, what a refusal leaves unchanged, and which rows and files go. The API tests keep
 * one case per route and what the SQL decides (unique slugs and episodes under races, searches).
 */

const PUBLIC_URL = 'https://plotline.test';
/** The roles `canSetProjectClient` allows, and those of the project's company it refuses. */
const CLIENT_SETTERS: Role[] = [
  'king',
  'internal',
  'accountManager',
  'superadmin',
  'administrator',
];
const STAFF: Role[] = ['king', 'internal', 'accountManager'];

/** The body of `POST /api/movie` as the route hands it over, checked by the same schema. */
const form = (body: Record<string, unknown>) => projectSaveSchema.parse(body);
const single = { type: 1, title: 'The Heist', view_mode: 'vertical' } as const;

function setup() {
  const data = createFakeData();
  const blobs = createFakeBlobStore();
  const seriesRows: SeriesRecord[] = [];
  const service = createProjectsService({
    projects: data.projects,
    series: {
      findSeries: async (id) => seriesRows.find((found) => found.id === id) ?? null,
      listEpisodeNumbers: async (ids) =>
        data.tables.movies
          .rows()
          .flatMap(({ seriesId, episodeNumber }) =>
            seriesId !== null && episodeNumber !== null && ids.includes(seriesId)
              ? [{ seriesId, episodeNumber }]
              : [],
          )
          .sort((a, b) => a.episodeNumber - b.episodeNumber),
    },
    contents: data.contents,
    blobs,
    clock: data.clock,
    transaction: data.transaction,
    publicUrl: PUBLIC_URL,
  });
  const movie = data.makeMovie({ title: 'A project', slug: null });

  const makeSeries = (companyId: number, title = 'Season one') => {
    const id = 500 + seriesRows.length;
    seriesRows.push({ id, companyId, title, synopsis: '', tags: [], categoryId: null });
    return id;
  };
  const makeBannerImage = (movieId: number, kind: FakeBannerImageRow['kind']) =>
    data.tables.bannerImages.insert({ movieId, kind, imageKey: `banners/${movieId}/${kind}.png` });
  const makeClient = (name: string, companyId = movie.companyId) =>
    data.tables.clients.insert({ companyId, name }).id;
  const movieRow = (id = movie.id) => data.tables.movies.find(id);

  return {
    data,
    blobs,
    service,
    movieId: movie.id,
    companyId: movie.companyId,
    contributor: fakeCaller(movie.companyId, 'contributor'),
    admin: fakeCaller(movie.companyId, 'administrator'),
    stranger: fakeCaller(movie.companyId + 1),
    makeSeries,
    makeBannerImage,
    makeClient,
    movieRow,
  };
}

describe('save: step 1', () => {
  it("creates a project of the caller's company, made by the caller, and then updates it whole", async () => {
    const { data, service, contributor, companyId } = setup();
    const created = await service.save(
      contributor,
      form({ ...single, synopsis: 'Who took it?', tags: ['crime'] }),
    );
    expect(created).toEqual({ movieId: expect.any(Number), created: true });
    expect(data.tables.movies.find(created.movieId)).toMatchObject({
      companyId,
      createdBy: contributor.userId,
      type: 1,
      title: 'The Heist',
      synopsis: 'Who took it?',
      tags: ['crime'],
      viewMode: 'vertical',
      seriesId: null,
      episodeNumber: null,
      status: 'draft',
    });

    const updated = await service.save(
      contributor,
      form({ movieId: created.movieId, type: 1, title: 'Again', view_mode: 'horizontal' }),
    );
    expect(updated).toEqual({ movieId: created.movieId, created: false });
    expect(data.tables.movies.find(created.movieId)).toMatchObject({
      title: 'Again',
      synopsis: '',
      tags: [],
      viewMode: 'horizontal',
    });
  });

  it("saves an episode into a series of the project's company, and out of it again", async () => {
    const { service, contributor, movieId, companyId, makeSeries, movieRow } = setup();
    const seriesId = makeSeries(companyId);
    const episode = { type: 2, title: 'Pilot', view_mode: 'horizontal', movieIdParent: seriesId };
    await service.save(contributor, form({ ...episode, movieId, episodeNumber: 3 }));
    expect(movieRow()).toMatchObject({ type: 2, seriesId, episodeNumber: 3 });
    await service.save(contributor, form({ ...single, movieId }));
    expect(movieRow()).toMatchObject({ type: 1, seriesId: null, episodeNumber: null });
  });

  it("refuses another company's series and a missing one, making and changing nothing", async () => {
    const { data, service, contributor, movieId, companyId, makeSeries, movieRow } = setup();
    const before = movieRow();
    for (const seriesId of [makeSeries(companyId + 1), 999_999]) {
      const episode = {
        type: 2,
        title: 'Borrowed',
        view_mode: 'horizontal',
        movieIdParent: seriesId,
        episodeNumber: 1,
      };
      for (const body of [episode, { ...episode, movieId }]) {
        const refused = await refusal(service.save(contributor, form(body)));
        expect([refused.status, refused.message]).toEqual([404, MESSAGES.seriesNotFound]);
      }
    }
    expect(data.tables.movies.rows()).toEqual([before]);
  });

  it('refuses an episode number its series has, and lets an episode keep its own', async () => {
    const { data, service, contributor, movieId, companyId, makeSeries, movieRow } = setup();
    const seriesId = makeSeries(companyId);
    const episode = { type: 2, title: 'Pilot', view_mode: 'horizontal', movieIdParent: seriesId };
    const first = await service.save(contributor, form({ ...episode, episodeNumber: 3 }));
    const before = movieRow();
    for (const body of [
      { ...episode, episodeNumber: 3 },
      { ...episode, movieId, episodeNumber: 3 },
    ]) {
      const refused = await refusal(service.save(contributor, form(body)));
      expect([refused.status, refused.message]).toEqual([409, MESSAGES.episodeTaken]);
    }
    expect(data.tables.movies.rows().map((row) => row.id)).toEqual([movieId, first.movieId]);
    expect(movieRow()).toEqual(before);
    const resaved = await service.save(
      contributor,
      form({ ...episode, movieId: first.movieId, title: 'Final cut', episodeNumber: 3 }),
    );
    expect(resaved.created).toBe(false);
  });

  it('refuses a new project to a caller of no company', async () => {
    const { data, service } = setup();
    for (const role of STAFF) {
      const refused = await refusal(service.save(fakeCaller(null, role), form(single)));
      expect([refused.status, refused.message]).toEqual([400, MESSAGES.projectNeedsCompany]);
    }
    expect(data.tables.movies.rows()).toHaveLength(1);
  });

  it("answers another company's project and a missing one as not found, and lets staff change any", async () => {
    const { service, stranger, contributor, movieId, movieRow } = setup();
    for (const [caller, id] of [
      [stranger, movieId],
      [contributor, 999_999],
    ] as const) {
      for (const body of [
        { ...single, movieId: id },
        { movieId: id, slug: 'taken-over' },
      ]) {
        const refused = await refusal(service.save(caller, form(body)));
        expect([refused.status, refused.message]).toEqual([404, MESSAGES.projectNotFound]);
      }
    }
    expect(movieRow()).toMatchObject({ title: 'A project', slug: null });
    for (const role of STAFF) {
      await service.save(fakeCaller(null, role), form({ ...single, movieId, title: role }));
      expect(movieRow()!.title).toBe(role);
    }
  });

  it('refuses any change of a published project, leaving it as it was', async () => {
    const { data, service, admin, movieId, movieRow } = setup();
    data.tables.movies.update(movieId, { status: 'published' });
    const before = movieRow();
    for (const body of [
      { ...single, movieId },
      { ...single, movieId, client_name: 'After' },
      { movieId, slug: 'changed' },
      { movieId, button_text: 'Changed' },
    ]) {
      const refused = await refusal(service.save(admin, form(body)));
      expect([refused.status, refused.message]).toEqual([409, MESSAGES.projectPublished]);
    }
    expect(movieRow()).toEqual(before);
    expect(data.tables.clients.rows()).toEqual([]);
  });
});

describe('save: publication and banner settings', () => {
  it('writes only the settings sent, the 0/1 switches as booleans', async () => {
    const { service, contributor, movieId, movieRow } = setup();
    await service.save(
      contributor,
      form({ movieId, slug: 'the-heist', app_channel_on: 1, shareable: 0, button_text: 'Buy' }),
    );
    expect(movieRow()).toMatchObject({
      slug: 'the-heist',
      appChannelOn: true,
      shareable: false,
      buttonText: 'Buy',
    });
    await service.save(contributor, form({ movieId, shareable: 1, url: 'https://example.com/x' }));
    expect(movieRow()).toMatchObject({
      slug: 'the-heist',
      appChannelOn: true,
      shareable: true,
      buttonText: 'Buy',
      bannerUrl: 'https://example.com/x',
    });
  });

  it("takes a primary language of the project's items, or none", async () => {
    const { data, service, contributor, movieId, movieRow } = setup();
    const clip = data.makeContent(movieId).id;
    data.tables.languages.insert({
      movieContentId: clip,
      languageId: 3,
      caption: 'Hallo',
      subtitleSrtKey: null,
      subtitleVttKey: null,
      subtitleName: null,
    });
    await service.save(contributor, form({ movieId, primaryLanguageId: 3 }));
    expect(movieRow()!.primaryLanguageId).toBe(3);
    await service.save(contributor, form({ movieId, primaryLanguageId: null }));
    expect(movieRow()!.primaryLanguageId).toBeNull();
  });

  it("refuses a language no item of the project has (another project's included), changing no part", async () => {
    const { data, service, contributor, movieId, movieRow } = setup();
    const other = data.makeMovie({ slug: null });
    const theirs = data.makeContent(other.id).id;
    data.tables.languages.insert({
      movieContentId: theirs,
      languageId: 4,
      caption: 'Hola',
      subtitleSrtKey: null,
      subtitleVttKey: null,
      subtitleName: null,
    });
    data.makeContent(movieId);
    const before = movieRow();
    const refused = await refusal(
      service.save(
        contributor,
        form({ ...single, movieId, title: 'After', slug: 'after', primaryLanguageId: 4 }),
      ),
    );
    expect([refused.status, refused.message]).toEqual([400, MESSAGES.languageNotUsed]);
    expect(movieRow()).toEqual(before);
  });

  it('refuses a slug another project holds, and then makes no new project either', async () => {
    const { data, service, contributor, movieId, movieRow } = setup();
    data.makeMovie({ slug: 'already-taken' });
    const before = data.tables.movies.rows();
    for (const body of [
      { ...single, movieId, title: 'After', slug: 'already-taken' },
      { ...single, title: 'Never made', slug: 'already-taken' },
    ]) {
      const refused = await refusal(service.save(contributor, form(body)));
      expect([refused.status, refused.message]).toEqual([409, MESSAGES.slugTaken]);
    }
    expect(data.tables.movies.rows()).toEqual(before);
    expect(movieRow()!.title).toBe('A project');
  });
});

describe('save: the client', () => {
  it('lets each role allowed set, change and clear the client, and says so', async () => {
    const { data, service, movieId, companyId, makeClient, movieRow } = setup();
    const acme = makeClient('Acme Films');
    for (const role of CLIENT_SETTERS) {
      const caller = fakeCaller(STAFF.includes(role) ? null : companyId, role);
      const set = await service.save(
        caller,
        form({ ...single, movieId, client_name: 'Acme Films' }),
      );
      expect([set, movieRow()!.clientId]).toEqual([
        { movieId, created: false, client: 'Acme Films' },
        acme,
      ]);
      const cleared = await service.save(caller, form({ ...single, movieId, client_name: null }));
      expect([cleared.client, movieRow()!.clientId]).toEqual([null, null]);
    }
    // Staff's client is one of the project's company's, though staff have no company.
    expect(data.tables.clients.rows()).toEqual([{ id: acme, companyId, name: 'Acme Films' }]);
  });

  it("adds a name the company's clients lack, to the project's company, for a new project too", async () => {
    const { data, service, admin, companyId, makeClient } = setup();
    makeClient('New Client', companyId + 1);
    const created = await service.save(admin, form({ ...single, client_name: 'New Client' }));
    expect(created).toEqual({ movieId: expect.any(Number), created: true, client: 'New Client' });
    const client = data.tables.clients
      .rows()
      .find((row) => row.companyId === companyId && row.name === 'New Client');
    expect(data.tables.movies.find(created.movieId)!.clientId).toBe(client!.id);
  });

  it("refuses a contributor's change of the client, new project or not, saving nothing", async () => {
    const { data, service, contributor, movieId, makeClient, movieRow } = setup();
    data.tables.movies.update(movieId, { clientId: makeClient('Fixed Client') });
    const before = data.tables.movies.rows();
    for (const body of [
      { ...single, movieId, title: 'Changed', client_name: 'Someone Else' },
      { ...single, movieId, title: 'Changed', client_name: null },
      { ...single, movieId, title: 'Changed', client_name: '  ' },
      { ...single, movieId, title: 'Changed', client_name: '' },
      { ...single, client_name: 'New Client' },
    ]) {
      const refused = await refusal(service.save(contributor, form(body)));
      expect([refused.status, refused.message]).toEqual([403, MESSAGES.clientNeedsAdministrator]);
    }
    expect(data.tables.movies.rows()).toEqual(before);
    expect(data.tables.clients.rows().map((row) => row.name)).toEqual(['Fixed Client']);

    // The project's own client, or none sent, is no change: anyone saves step 1 with it.
    for (const body of [
      { ...single, movieId, title: 'Kept', client_name: 'Fixed Client' },
      { ...single, movieId, title: 'Kept again' },
    ]) {
      expect(await service.save(contributor, form(body))).toEqual({ movieId, created: false });
    }
    expect(movieRow()).toMatchObject({ title: 'Kept again', clientId: before[0]!.clientId });
  });
});

describe('detail', () => {
  it('answers the whole form data: artwork, items and languages, series, client, banner', async () => {
    const { data, blobs, service, contributor, movieId, companyId, makeSeries } = setup();
    const seriesId = makeSeries(companyId, 'Season one');
    const clientId = data.tables.clients.insert({ companyId, name: 'Bolt & Co' }).id;
    data.tables.movies.update(movieId, {
      type: 2,
      seriesId,
      episodeNumber: 2,
      thumbnailMobile: 'images/mobile.png',
      thumbnailDesktop: null,
      slug: 'the-fork',
      appChannelOn: true,
      clientId,
      primaryLanguageId: 4,
    });
    data.makeMovie({ seriesId, episodeNumber: 1, slug: null });
    const clip = data.makeContent(movieId, { fileName: 'opening.mp4' }).id;
    const bridge = data.makeContent(movieId, { type: CONTENT_TYPE.bridge }).id;
    for (const [item, languageId] of [
      [bridge, 4],
      [clip, 1],
      [bridge, 1],
    ] as const) {
      data.tables.languages.insert({
        movieContentId: item,
        languageId,
        caption: `Caption ${languageId}`,
        subtitleSrtKey: null,
        subtitleVttKey: null,
        subtitleName: null,
      });
    }
    const replaced = data.makeMovie({ slug: null });
    for (const image of [
      { movieId, kind: 'horizontal', imageKey: 'banners/old.png' },
      { movieId, kind: 'horizontal', imageKey: 'banners/new.png' },
      { movieId: replaced.id, kind: 'vertical_long', imageKey: 'banners/theirs.png' },
    ] as const) {
      data.tables.bannerImages.insert(image);
    }
    const newest = data.tables.bannerImages.rows()[1]!;

    const project = await service.detail(contributor, movieId);
    expect(project).toMatchObject({
      movieId,
      type: 2,
      status: 'draft',
      title: 'A project',
      thumbnailMobile: blobs.publicUrl('images/mobile.png'),
      thumbnailDesktop: null,
      movieIdParent: seriesId,
      series: { movie_id: seriesId, title: 'Season one', episodeList: [1, 2] },
      episodeNumber: 2,
      language: [
        { language_id: 1, name: 'English' },
        { language_id: 4, name: 'Spanish' },
      ],
      client_id: clientId,
      client_name: 'Bolt & Co',
      slug: 'the-fork',
      watch_url: `${PUBLIC_URL}/watch/the-fork?client_name=Bolt+%26+Co`,
      app_channel_on: 1,
      shareable: 0,
      primaryLanguageId: 4,
      published_at: null,
      horizontal: blobs.publicUrl('banners/new.png'),
      horizontal_media_id: newest.id,
      vertical_long: null,
      vertical_long_media_id: null,
      banners: {
        vertical_regular: { url: null, mediaId: null },
        horizontal: { url: blobs.publicUrl('banners/new.png'), mediaId: newest.id },
        vertical_long: { url: null, mediaId: null },
      },
    });
    expect(
      project.movieContent.map((item) => [item.movie_content_id, item.file_name, item.lang.length]),
    ).toEqual([
      [clip, 'opening.mp4', 1],
      [bridge, 'clip.mp4', 2],
    ]);
  });

  it('answers a project without a slug, series or client with nulls', async () => {
    const { service, contributor, movieId } = setup();
    expect(await service.detail(contributor, movieId)).toMatchObject({
      series: null,
      client_id: null,
      client_name: null,
      watch_url: null,
      language: [],
      movieContent: [],
    });
  });

  it("answers a published project, staff any company's, and another company's as not found", async () => {
    const { data, service, contributor, stranger, movieId } = setup();
    data.tables.movies.update(movieId, {
      status: 'published',
      publishedAt: new Date('2026-02-01T10:00:00.000Z'),
    });
    expect(await service.detail(contributor, movieId)).toMatchObject({
      status: 'published',
      published_at: '2026-02-01T10:00:00.000Z',
    });
    expect((await service.detail(fakeCaller(null, 'internal'), movieId)).movieId).toBe(movieId);
    for (const [caller, id] of [
      [stranger, movieId],
      [contributor, 999_999],
    ] as const) {
      const refused = await refusal(service.detail(caller, id));
      expect([refused.status, refused.message]).toEqual([404, MESSAGES.projectNotFound]);
    }
  });
});

describe('clients', () => {
  it("lists the caller's company's clients, else the project's company's, twenty at most", async () => {
    const { service, contributor, movieId, companyId, makeClient } = setup();
    const ours = makeClient('Acme Films');
    makeClient('Other Films', companyId + 1);
    expect(await service.clients(contributor, { search: 'acme' })).toEqual([
      { client_id: ours, name: 'Acme Films' },
    ]);
    const root = fakeCaller(null, 'king');
    expect(await service.clients(root, { movieId })).toEqual([
      { client_id: ours, name: 'Acme Films' },
    ]);
    // Staff of no company, asking for no project, have no clients to list.
    expect(await service.clients(root, {})).toEqual([]);
    for (let n = 0; n < 25; n += 1) makeClient(`Client ${String(n).padStart(2, '0')}`);
    expect(await service.clients(contributor, {})).toHaveLength(20);
  });

  it("answers another company's project and a missing one as not found", async () => {
    const { service, contributor, stranger, movieId } = setup();
    for (const [caller, id] of [
      [stranger, movieId],
      [contributor, 999_999],
    ] as const) {
      const refused = await refusal(service.clients(caller, { movieId: id }));
      expect([refused.status, refused.message]).toEqual([404, MESSAGES.projectNotFound]);
    }
  });
});

describe('deleteDraft', () => {
  it('deletes the draft with its items, languages, storyline, banners and every file, and keeps the rest', async () => {
    const { data, blobs, service, contributor, movieId, companyId, makeBannerImage } = setup();
    data.tables.movies.update(movieId, {
      thumbnailMobile: 'images/mobile.png',
      thumbnailDesktop: 'images/desktop.png',
    });
    const clip = data.makeContent(movieId, {
      hlsKey: 'hls/run-1/master.m3u8',
      thumbnailKey: 'hls/run-1/poster.jpg',
    });
    data.tables.languages.insert({
      movieContentId: clip.id,
      languageId: 1,
      caption: 'Hi',
      subtitleSrtKey: 'subtitles/clip/en.srt',
      subtitleVttKey: 'subtitles/clip/en.vtt',
      subtitleName: 'en.srt',
    });
    data.makePlot(movieId, { movieContentId: clip.id });
    const banner = makeBannerImage(movieId, 'horizontal');
    const kept = data.makeMovie({ title: 'Kept', slug: null, thumbnailDesktop: 'images/kept.png' });
    const keptClip = data.makeContent(kept.id);
    makeBannerImage(kept.id, 'horizontal');
    const files = [
      'images/mobile.png',
      'images/desktop.png',
      clip.sourceKey,
      'hls/run-1/master.m3u8',
      'hls/run-1/1080p/segment-0.ts',
      'hls/run-1/poster.jpg',
      'subtitles/clip/en.srt',
      'subtitles/clip/en.vtt',
      banner.imageKey,
      `cuts/${movieId}/cut.mp4`,
    ];
    const keptFiles = ['images/kept.png', keptClip.sourceKey, `cuts/${kept.id}/cut.mp4`];
    for (const key of [...files, ...keptFiles]) await blobs.put(key, Buffer.from('bytes'));

    expect(await service.deleteDraft(contributor, movieId)).toEqual({
      movieId,
      title: 'A project',
      companyId,
    });
    expect(data.tables.movies.rows().map((row) => row.id)).toEqual([kept.id]);
    expect(data.tables.contents.rows().map((row) => row.id)).toEqual([keptClip.id]);
    expect(data.tables.languages.rows()).toEqual([]);
    expect(data.tables.plots.rows()).toEqual([]);
    expect(data.tables.bannerImages.rows().map((row) => row.movieId)).toEqual([kept.id]);
    expect(blobs.keys()).toEqual(keptFiles.sort());
    const again = await refusal(service.deleteDraft(contributor, movieId));
    expect([again.status, again.message]).toEqual([404, MESSAGES.projectNotFound]);
  });

  it("lets staff delete another company's draft, and answers its company for the log", async () => {
    const { service, movieId, companyId } = setup();
    expect(await service.deleteDraft(fakeCaller(null, 'accountManager'), movieId)).toMatchObject({
      companyId,
    });
  });

  it("refuses a published project, another company's and a missing one, deleting nothing", async () => {
    const { data, blobs, service, contributor, stranger, movieId } = setup();
    const clip = data.makeContent(movieId);
    await blobs.put(clip.sourceKey, Buffer.from('bytes'));
    for (const [caller, id] of [
      [stranger, movieId],
      [contributor, 999_999],
    ] as const) {
      const refused = await refusal(service.deleteDraft(caller, id));
      expect([refused.status, refused.message]).toEqual([404, MESSAGES.projectNotFound]);
    }
    data.tables.movies.update(movieId, { status: 'published' });
    const published = await refusal(service.deleteDraft(contributor, movieId));
    expect([published.status, published.message]).toEqual([409, MESSAGES.projectPublished]);
    expect(data.tables.movies.rows()).toHaveLength(1);
    expect(data.tables.contents.rows()).toHaveLength(1);
    expect(blobs.keys()).toEqual([clip.sourceKey]);
  });
});

describe('deleteArtwork', () => {
  it('removes the thumbnails named and their files, keeps the other, and takes one already gone', async () => {
    const { data, blobs, service, contributor, movieId, movieRow } = setup();
    data.tables.movies.update(movieId, {
      thumbnailMobile: 'images/mobile.png',
      thumbnailDesktop: 'images/desktop.png',
    });
    for (const key of ['images/mobile.png', 'images/desktop.png']) {
      await blobs.put(key, Buffer.from('png'));
    }
    const request = artworkDeleteSchema.parse({ movie_id: movieId, thumbnail_mobile: null });
    expect(await service.deleteArtwork(contributor, request)).toEqual({ movieId });
    expect(movieRow()).toMatchObject({
      thumbnailMobile: null,
      thumbnailDesktop: 'images/desktop.png',
    });
    expect(blobs.keys()).toEqual(['images/desktop.png']);
    expect(await service.deleteArtwork(contributor, request)).toEqual({ movieId });

    const both = artworkDeleteSchema.parse({
      movie_id: movieId,
      thumbnail_mobile: null,
      thumbnail_desktop: null,
    });
    await service.deleteArtwork(contributor, both);
    expect(movieRow()!.thumbnailDesktop).toBeNull();
    expect(blobs.keys()).toEqual([]);
  });

  it("refuses another company's project, a missing one and a published one, keeping the file", async () => {
    const { data, blobs, service, contributor, stranger, movieId, movieRow } = setup();
    data.tables.movies.update(movieId, { thumbnailDesktop: 'images/desktop.png' });
    await blobs.put('images/desktop.png', Buffer.from('png'));
    const request = (id: number) =>
      artworkDeleteSchema.parse({ movie_id: id, thumbnail_desktop: null });
    for (const [caller, id] of [
      [stranger, movieId],
      [contributor, 999_999],
    ] as const) {
      const refused = await refusal(service.deleteArtwork(caller, request(id)));
      expect([refused.status, refused.message]).toEqual([404, MESSAGES.projectNotFound]);
    }
    data.tables.movies.update(movieId, { status: 'published' });
    const published = await refusal(service.deleteArtwork(contributor, request(movieId)));
    expect([published.status, published.message]).toEqual([409, MESSAGES.projectPublished]);
    expect(movieRow()!.thumbnailDesktop).toBe('images/desktop.png');
    expect(blobs.keys()).toEqual(['images/desktop.png']);
  });
});

describe('saveBannerSettings', () => {
  it('stores the button and the target, and answers them', async () => {
    const { service, contributor, movieId, movieRow } = setup();
    const settings = bannerSettingsSchema.parse({
      movie_id: movieId,
      url: 'https://example.com/offer',
      button_text: 'Buy the book',
      button_color: '#6a1b9a',
      button_text_color: '#FFFFFF',
    });
    expect(await service.saveBannerSettings(contributor, settings)).toEqual(settings);
    expect(movieRow()).toMatchObject({
      bannerUrl: 'https://example.com/offer',
      buttonText: 'Buy the book',
      buttonColor: '#6a1b9a',
      buttonTextColor: '#FFFFFF',
    });
  });

  it("refuses another company's project and a published one, changing nothing", async () => {
    const { data, service, contributor, stranger, movieId, movieRow } = setup();
    const settings = bannerSettingsSchema.parse({ movie_id: movieId, button_text: 'Go' });
    const theirs = await refusal(service.saveBannerSettings(stranger, settings));
    expect([theirs.status, theirs.message]).toEqual([404, MESSAGES.projectNotFound]);
    data.tables.movies.update(movieId, { status: 'published' });
    const published = await refusal(service.saveBannerSettings(contributor, settings));
    expect([published.status, published.message]).toEqual([409, MESSAGES.projectPublished]);
    expect(movieRow()!.buttonText).toBe('');
  });
});

describe('deleteBannerImage', () => {
  it('removes the image of that kind and its file, only that, and then finds none', async () => {
    const { data, blobs, service, contributor, movieId, makeBannerImage } = setup();
    const long = makeBannerImage(movieId, 'vertical_long');
    const regular = makeBannerImage(movieId, 'vertical_regular');
    for (const image of [long, regular]) await blobs.put(image.imageKey, Buffer.from('png'));

    expect(await service.deleteBannerImage(contributor, movieId, 'vertical_long')).toEqual({
      movieId,
      kind: 'vertical_long',
    });
    expect(data.tables.bannerImages.rows().map((row) => row.kind)).toEqual(['vertical_regular']);
    expect(blobs.keys()).toEqual([regular.imageKey]);
    const again = await refusal(service.deleteBannerImage(contributor, movieId, 'vertical_long'));
    expect([again.status, again.message]).toEqual([404, MESSAGES.bannerImageNotFound]);
  });

  it("refuses another company's project and a published one, keeping the image", async () => {
    const { data, blobs, service, contributor, stranger, movieId, makeBannerImage } = setup();
    const image = makeBannerImage(movieId, 'horizontal');
    await blobs.put(image.imageKey, Buffer.from('png'));
    const theirs = await refusal(service.deleteBannerImage(stranger, movieId, 'horizontal'));
    expect([theirs.status, theirs.message]).toEqual([404, MESSAGES.projectNotFound]);
    data.tables.movies.update(movieId, { status: 'published' });
    const published = await refusal(service.deleteBannerImage(contributor, movieId, 'horizontal'));
    expect([published.status, published.message]).toEqual([409, MESSAGES.projectPublished]);
    expect(data.tables.bannerImages.rows()).toHaveLength(1);
    expect(blobs.keys()).toEqual([image.imageKey]);
  });
});
