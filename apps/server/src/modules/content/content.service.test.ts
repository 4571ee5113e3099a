import { CONTENT_TYPE, MESSAGES, type Role } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { createFakeBlobStore } from '../../test/fakes/fake-blob-store.ts';
import { createFakeData, fakeCaller } from '../../test/fakes/fake-data.ts';
import { holdNextCall, refusal, settle, track } from '../../test/fakes/interceptors.ts';
import { createContentService } from './content.service.ts';

/**
 * The rules of a clip's or bridge's languages and of deleting one: who reaches it (its company, or
 * staff), what a published project refuses, what is written and which files go. The API tests keep
 * one case per route and what the SQL decides (which rows a removal reaches).
 */

function setup() {
  const data = createFakeData();
  const blobs = createFakeBlobStore();
  const service = createContentService({
    contents: data.contents,
    projects: data.projects,
    blobs,
    clock: data.clock,
    transaction: data.transaction,
  });
  const movie = data.makeMovie();
  const clip = data.makeContent(movie.id, { fileName: 'opening.mp4' }).id;
  const bridge = data.makeContent(movie.id, { type: CONTENT_TYPE.bridge }).id;

  /** A language of an item, with its subtitle's files stored when `subtitle` is named. */
  async function addLanguage(
    movieContentId: number,
    languageId: number,
    { caption = 'Caption', subtitle }: { caption?: string; subtitle?: string } = {},
  ) {
    const folder = `subtitles/${movieContentId}-${languageId}`;
    const keys = subtitle ? { srt: `${folder}/${subtitle}`, vtt: `${folder}/subtitle.vtt` } : null;
    if (keys) {
      await blobs.put(keys.srt, Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nHi\n'));
      await blobs.put(keys.vtt, Buffer.from('WEBVTT\n'));
    }
    data.tables.languages.insert({
      movieContentId,
      languageId,
      caption,
      subtitleSrtKey: keys?.srt ?? null,
      subtitleVttKey: keys?.vtt ?? null,
      subtitleName: subtitle ?? null,
    });
    return keys;
  }

  const languagesOf = (movieContentId: number) =>
    data.tables.languages
      .rows()
      .filter((row) => row.movieContentId === movieContentId)
      .map((row) => [row.languageId, row.caption, row.subtitleName]);

  return {
    data,
    blobs,
    service,
    movieId: movie.id,
    clip,
    bridge,
    owner: fakeCaller(movie.companyId, 'contributor'),
    stranger: fakeCaller(movie.companyId + 1),
    addLanguage,
    languagesOf,
  };
}

const STAFF: Role[] = ['king', 'internal', 'accountManager'];

describe('saveCaption', () => {
  it('adds the language with its caption, then changes the caption and keeps the subtitle', async () => {
    const { service, blobs, owner, clip, addLanguage, languagesOf } = setup();
    expect(
      await service.saveCaption(owner, { movieContentId: clip, languageId: 3, caption: 'Hallo' }),
    ).toEqual({
      movie_content_id: clip,
      language_id: 3,
      caption: 'Hallo',
      file: null,
      file_name: null,
    });

    const keys = await addLanguage(clip, 4, { caption: 'Hola', subtitle: 'es.srt' });
    const changed = await service.saveCaption(owner, {
      movieContentId: clip,
      languageId: 4,
      caption: 'Buenas',
    });
    expect(changed).toEqual({
      movie_content_id: clip,
      language_id: 4,
      caption: 'Buenas',
      file: blobs.publicUrl(keys!.vtt),
      file_name: 'es.srt',
    });
    expect(languagesOf(clip)).toEqual([
      [3, 'Hallo', null],
      [4, 'Buenas', 'es.srt'],
    ]);
  });

  it("answers another company's item and a missing one as not found, and lets staff reach any", async () => {
    const { service, owner, stranger, clip, languagesOf } = setup();
    const caption = { movieContentId: clip, languageId: 1, caption: 'Hi' };
    for (const [caller, movieContentId] of [
      [stranger, clip],
      [owner, 999_999],
    ] as const) {
      const refused = await refusal(service.saveCaption(caller, { ...caption, movieContentId }));
      expect([refused.status, refused.message]).toEqual([404, MESSAGES.contentNotFound]);
    }
    expect(languagesOf(clip)).toEqual([]);
    for (const role of STAFF) {
      const saved = await service.saveCaption(fakeCaller(null, role), caption);
      expect(saved.caption).toBe('Hi');
    }
  });

  it('refuses an item of a published project and writes nothing', async () => {
    const { data, service, owner, movieId, clip, languagesOf } = setup();
    data.tables.movies.update(movieId, { status: 'published' });
    const refused = await refusal(
      service.saveCaption(owner, { movieContentId: clip, languageId: 1, caption: 'Hi' }),
    );
    expect([refused.status, refused.message]).toEqual([409, MESSAGES.projectPublished]);
    expect(languagesOf(clip)).toEqual([]);
  });

  it('answers not found when the item was deleted while it waited for the project', async () => {
    const { data, service, owner, movieId, clip, languagesOf } = setup();
    const held = holdNextCall(data.contents, 'deleteContent');
    const deleting = track(service.deleteContent(owner, movieId, clip));
    await held.reached;

    const caption = track(
      service.saveCaption(owner, { movieContentId: clip, languageId: 1, caption: 'Late' }),
    );
    await settle();
    expect(caption.settled).toBe(false);
    held.release();
    await deleting.promise;
    const refused = await refusal(caption.promise);
    expect([refused.status, refused.message]).toEqual([404, MESSAGES.contentNotFound]);
    expect(languagesOf(clip)).toEqual([]);
  });
});

describe('removeLanguage', () => {
  it("removes the language from the project's items with their subtitle files, and keeps the others", async () => {
    const { service, blobs, owner, movieId, clip, bridge, addLanguage, languagesOf } = setup();
    const clipKeys = await addLanguage(clip, 3, { subtitle: 'de.srt' });
    const bridgeKeys = await addLanguage(bridge, 3, { subtitle: 'de.srt' });
    const keptKeys = await addLanguage(clip, 1, { subtitle: 'en.srt' });

    expect(await service.removeLanguage(owner, movieId, 3)).toEqual({
      movieId,
      language_id: 3,
      movie_content_ids: [clip, bridge],
    });
    expect(languagesOf(clip)).toEqual([[1, 'Caption', 'en.srt']]);
    expect(languagesOf(bridge)).toEqual([]);
    expect(blobs.keys()).toEqual([keptKeys!.srt, keptKeys!.vtt].sort());
    expect(blobs.keys()).not.toContain(clipKeys!.vtt);
    expect(blobs.keys()).not.toContain(bridgeKeys!.srt);
  });

  it('answers a language no item has as not used', async () => {
    const { service, owner, movieId, clip, addLanguage } = setup();
    await addLanguage(clip, 3);
    await service.removeLanguage(owner, movieId, 3);
    for (const languageId of [3, 1]) {
      const refused = await refusal(service.removeLanguage(owner, movieId, languageId));
      expect([refused.status, refused.message]).toEqual([404, MESSAGES.languageNotUsed]);
    }
  });

  it("refuses another company's project, a missing one and a published one, removing nothing", async () => {
    const { data, service, blobs, owner, stranger, movieId, clip, addLanguage, languagesOf } =
      setup();
    await addLanguage(clip, 2, { subtitle: 'id.srt' });
    for (const [caller, id] of [
      [stranger, movieId],
      [owner, 999_999],
    ] as const) {
      const refused = await refusal(service.removeLanguage(caller, id, 2));
      expect([refused.status, refused.message]).toEqual([404, MESSAGES.projectNotFound]);
    }
    data.tables.movies.update(movieId, { status: 'published' });
    const published = await refusal(service.removeLanguage(owner, movieId, 2));
    expect([published.status, published.message]).toEqual([409, MESSAGES.projectPublished]);
    expect(languagesOf(clip)).toHaveLength(1);
    expect(blobs.keys()).toHaveLength(2);
  });
});

describe('removeSubtitle', () => {
  it('removes the subtitle and its files, keeps the caption, and answers the language', async () => {
    const { service, blobs, owner, clip, addLanguage, languagesOf } = setup();
    await addLanguage(clip, 4, { caption: 'Hola', subtitle: 'es.srt' });
    expect(await service.removeSubtitle(owner, clip, 4)).toEqual({
      movie_content_id: clip,
      language_id: 4,
      caption: 'Hola',
      file: null,
      file_name: null,
    });
    expect(languagesOf(clip)).toEqual([[4, 'Hola', null]]);
    expect(blobs.keys()).toEqual([]);
  });

  it('answers a language without a subtitle, and one the item lacks, as no subtitle', async () => {
    const { service, owner, clip, addLanguage } = setup();
    await addLanguage(clip, 4, { subtitle: 'es.srt' });
    await addLanguage(clip, 1);
    await service.removeSubtitle(owner, clip, 4);
    for (const languageId of [4, 1, 5]) {
      const refused = await refusal(service.removeSubtitle(owner, clip, languageId));
      expect([refused.status, refused.message]).toEqual([404, MESSAGES.subtitleNotFound]);
    }
  });

  it("refuses another company's item, a missing one and a published project's, keeping the files", async () => {
    const { data, service, blobs, owner, stranger, movieId, clip, addLanguage } = setup();
    await addLanguage(clip, 1, { subtitle: 'en.srt' });
    for (const [caller, id] of [
      [stranger, clip],
      [owner, 999_999],
    ] as const) {
      const refused = await refusal(service.removeSubtitle(caller, id, 1));
      expect([refused.status, refused.message]).toEqual([404, MESSAGES.contentNotFound]);
    }
    data.tables.movies.update(movieId, { status: 'published' });
    const published = await refusal(service.removeSubtitle(owner, clip, 1));
    expect([published.status, published.message]).toEqual([409, MESSAGES.projectPublished]);
    expect(blobs.keys()).toHaveLength(2);
  });
});

describe('deleteContent', () => {
  it('deletes the item, its languages, its source, renditions, poster and subtitles; the others stay', async () => {
    const { data, service, blobs, owner, movieId, clip, bridge, addLanguage, languagesOf } =
      setup();
    const row = data.tables.contents.update(clip, {
      hlsKey: 'hls/clip-run/master.m3u8',
      thumbnailKey: 'hls/clip-run/poster.jpg',
    })!;
    const bridgeSource = data.tables.contents.find(bridge)!.sourceKey;
    for (const key of [
      row.sourceKey,
      'hls/clip-run/master.m3u8',
      'hls/clip-run/720p/segment-0.ts',
      'hls/clip-run/poster.jpg',
      bridgeSource,
    ]) {
      await blobs.put(key, Buffer.from('bytes'));
    }
    await addLanguage(clip, 1, { subtitle: 'en.srt' });
    const bridgeKeys = await addLanguage(bridge, 1, { subtitle: 'en.srt' });

    expect(await service.deleteContent(owner, movieId, clip)).toEqual({
      movieId,
      movie_content_id: clip,
      file_name: 'opening.mp4',
    });
    expect(data.tables.contents.rows().map((content) => content.id)).toEqual([bridge]);
    expect(languagesOf(clip)).toEqual([]);
    expect(blobs.keys()).toEqual([bridgeSource, bridgeKeys!.srt, bridgeKeys!.vtt].sort());

    const again = await refusal(service.deleteContent(owner, movieId, clip));
    expect([again.status, again.message]).toEqual([404, MESSAGES.contentNotFound]);
  });

  it('answers an item of another project as not found, and keeps it', async () => {
    const { data, service, owner, clip } = setup();
    const other = data.makeMovie({ slug: 'other' }).id;
    const refused = await refusal(service.deleteContent(owner, other, clip));
    expect([refused.status, refused.message]).toEqual([404, MESSAGES.contentNotFound]);
    expect(data.tables.contents.find(clip)).toBeDefined();
  });

  it("refuses another company's project, a missing one and a published one, deleting nothing", async () => {
    const { data, service, blobs, owner, stranger, movieId, clip } = setup();
    const source = data.tables.contents.find(clip)!.sourceKey;
    await blobs.put(source, Buffer.from('bytes'));
    for (const [caller, id] of [
      [stranger, movieId],
      [owner, 999_999],
    ] as const) {
      const refused = await refusal(service.deleteContent(caller, id, clip));
      expect([refused.status, refused.message]).toEqual([404, MESSAGES.projectNotFound]);
    }
    data.tables.movies.update(movieId, { status: 'published' });
    const published = await refusal(service.deleteContent(owner, movieId, clip));
    expect([published.status, published.message]).toEqual([409, MESSAGES.projectPublished]);
    expect(data.tables.contents.rows()).toHaveLength(2);
    expect(blobs.keys()).toEqual([source]);
  });
});

describe('contentDetail', () => {
  it('answers the stream once there is one, the captions, and the subtitles with their codes', async () => {
    const { data, service, blobs, owner, clip, addLanguage } = setup();
    await addLanguage(clip, 1, { caption: 'Hello' });
    const chinese = await addLanguage(clip, 5, { caption: '你好', subtitle: 'zh.srt' });
    // A language no longer offered is left out of both lists.
    await addLanguage(clip, 42, { caption: 'Gone', subtitle: 'xx.srt' });

    const waiting = await service.contentDetail(owner, clip);
    expect(waiting).toEqual({
      url: null,
      captions: [
        { language_id: 1, caption: 'Hello' },
        { language_id: 5, caption: '你好' },
      ],
      subtitle: [{ file: blobs.publicUrl(chinese!.vtt), code: 'zh', language_id: 5 }],
    });
    data.tables.contents.update(clip, { hlsKey: 'hls/run/master.m3u8' });
    expect((await service.contentDetail(owner, clip)).url).toBe(
      blobs.publicUrl('hls/run/master.m3u8'),
    );
  });

  it("answers a published project's item, staff any company's, and another company's as not found", async () => {
    const { data, service, owner, stranger, movieId, clip } = setup();
    data.tables.movies.update(movieId, { status: 'published' });
    expect((await service.contentDetail(owner, clip)).captions).toEqual([]);
    expect((await service.contentDetail(fakeCaller(null, 'internal'), clip)).url).toBeNull();
    for (const [caller, id] of [
      [stranger, clip],
      [owner, 999_999],
    ] as const) {
      const refused = await refusal(service.contentDetail(caller, id));
      expect([refused.status, refused.message]).toEqual([404, MESSAGES.contentNotFound]);
    }
  });
});
