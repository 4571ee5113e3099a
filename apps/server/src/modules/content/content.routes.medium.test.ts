import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_LANGUAGES, MESSAGES, type MovieContentStatus, type Project } from '@plotline/core';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { contentLanguages, movieContents } from '../../db/schema/index.ts';
import { startProjectSuite } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

describe('the content calls, on items waiting for a transcode', async () => {
  const { server, make, owner, analystToken, strangerToken } = await startProjectSuite();

  const call = <T = unknown>(
    method: string,
    pathname: string,
    { body, token = owner.token }: { body?: unknown; token?: string | null } = {},
  ) => server.request<Envelope<T>>(method, pathname, { body, token: token ?? undefined });
  const saveCaption = (body: unknown, token?: string | null) =>
    call('POST', '/api/movie-content/lang', { body, token });
  const projectOf = async (movieId: number) =>
    (await call<Project>('GET', `/api/movie/${movieId}`)).body.data;
  const langOf = async (movieId: number, movieContentId: number) =>
    (await projectOf(movieId)).movieContent.find(
      (item) => item.movie_content_id === movieContentId,
    )!.lang;

  /** A project with a clip and a bridge. */
  async function projectWithItems() {
    const movieId = await make.makeProject(owner.token);
    const clip = await make.uploadClip(owner.token, movieId);
    const bridge = await make.uploadClip(owner.token, movieId, { type: 2, name: 'bridge.mp4' });
    return { movieId, clip: clip.movie_content_id, bridge: bridge.movie_content_id };
  }

  describe('GET /api/language', () => {
    it('lists the languages to any signed-in user', async () => {
      const response = await call('GET', '/api/language', { token: analystToken });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual(
        CONTENT_LANGUAGES.map(({ language_id, name }) => ({ language_id, name })),
      );
      const staff = await server.makeUser({ role: 'internal', companyType: null });
      expect(
        (await call('GET', '/api/language', { token: await server.signIn(staff) })).status,
      ).toBe(200);
      expect((await call('GET', '/api/language', { token: null })).status).toBe(401);
    });
  });

  describe('POST /api/movie-content/lang', () => {
    it('adds a language with its caption, updates it, and keeps the subtitle', async () => {
      const { movieId, clip } = await projectWithItems();
      const added = await saveCaption({
        movie_content_id: clip,
        language_id: 3,
        caption: ' Hallo ',
      });
      expect(added.status, added.text).toBe(200);
      expect(added.body.data).toEqual({
        movie_content_id: clip,
        language_id: 3,
        caption: 'Hallo',
        file: null,
        file_name: null,
      });
      expect(await make.lastActivityOf(owner.id)).toMatchObject({
        action: 'movie_content.caption_saved',
        entityType: 'movie_content',
        entityId: String(clip),
        summary: 'Saved the German caption',
      });

      const subtitle = await make.uploadSubtitle(owner.token, clip, 3);
      const changed = await saveCaption({ movie_content_id: clip, language_id: 3, caption: 'Hi' });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({ caption: 'Hi', file: subtitle });
      expect(await langOf(movieId, clip)).toEqual([
        { language_id: 3, caption: 'Hi', file: subtitle, file_name: 'subtitle.srt' },
      ]);
    });

    it('refuses an empty or long caption and an unknown language, with the spec’s words', async () => {
      const { clip } = await projectWithItems();
      const cases: [unknown, string][] = [
        [
          { movie_content_id: clip, language_id: 1, caption: '  ' },
          `caption: ${MESSAGES.required}`,
        ],
        [{ movie_content_id: clip, language_id: 1 }, `caption: ${MESSAGES.required}`],
        [
          { movie_content_id: clip, language_id: 1, caption: 'x'.repeat(76) },
          'caption: At most 75 characters',
        ],
        [
          { movie_content_id: clip, language_id: 99, caption: 'Hi' },
          `language_id: ${MESSAGES.unknownLanguage}`,
        ],
        [{ language_id: 1, caption: 'Hi' }, 'movie_content_id: '],
      ];
      for (const [body, message] of cases) {
        const response = await saveCaption(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.message).toContain(message);
      }
      const exactly = await saveCaption({
        movie_content_id: clip,
        language_id: 1,
        caption: 'x'.repeat(75),
      });
      expect(exactly.status).toBe(200);
    });

    it('checks sign-in, right, company and publication', async () => {
      const { movieId, clip } = await projectWithItems();
      const body = { movie_content_id: clip, language_id: 1, caption: 'Hi' };
      expect((await saveCaption(body, null)).status).toBe(401);
      expect((await saveCaption(body, analystToken)).status).toBe(403);
      const theirs = await saveCaption(body, strangerToken);
      expect(theirs.status).toBe(404);
      expect(theirs.body.message).toBe(MESSAGES.contentNotFound);
      await make.setPublished(movieId);
      const published = await saveCaption(body);
      expect(published.status).toBe(409);
      expect(published.body.message).toBe(MESSAGES.projectPublished);
      expect(await langOf(movieId, clip)).toEqual([]);
    });
  });

  describe('DELETE /api/movie-content/lang/{movieId}/{languageId}', () => {
    it('removes the language from every item of the project, with its subtitle files', async () => {
      const { movieId, clip, bridge } = await projectWithItems();
      const other = await projectWithItems();
      for (const [item, language] of [
        [clip, 3],
        [bridge, 3],
        [clip, 1],
        [other.clip, 3],
      ] as const) {
        expect(
          (await saveCaption({ movie_content_id: item, language_id: language, caption: 'C' }))
            .status,
        ).toBe(200);
      }
      const clipSubtitle = await make.uploadSubtitle(owner.token, clip, 3);
      const bridgeSubtitle = await make.uploadSubtitle(owner.token, bridge, 3);
      const keptSubtitle = await make.uploadSubtitle(owner.token, clip, 1);
      const otherSubtitle = await make.uploadSubtitle(owner.token, other.clip, 3);

      const response = await call('DELETE', `/api/movie-content/lang/${movieId}/3`);
      expect(response.status, response.text).toBe(200);
      expect(response.body.data).toEqual({
        movieId,
        language_id: 3,
        movie_content_ids: [clip, bridge].sort((a, b) => a - b),
      });
      expect(await langOf(movieId, clip)).toEqual([
        { language_id: 1, caption: 'C', file: keptSubtitle, file_name: 'subtitle.srt' },
      ]);
      expect(await langOf(movieId, bridge)).toEqual([]);
      expect((await projectOf(movieId)).language).toEqual([{ language_id: 1, name: 'English' }]);
      for (const location of [clipSubtitle, bridgeSubtitle]) {
        expect(await make.blobExists(location)).toBe(false);
        expect(await make.blobExists(location.replace(/\.vtt$/, '.srt'))).toBe(false);
      }
      expect(await make.blobExists(keptSubtitle)).toBe(true);
      // Another project's items keep theirs.
      expect(await make.blobExists(otherSubtitle)).toBe(true);
      expect(await langOf(other.movieId, other.clip)).toHaveLength(1);
      expect(await make.lastActivityOf(owner.id)).toMatchObject({
        action: 'movie.language_removed',
        entityId: String(movieId),
      });
    });

    it('refuses an unknown language, and checks sign-in, right, company and publication', async () => {
      const { movieId, clip } = await projectWithItems();
      await saveCaption({ movie_content_id: clip, language_id: 2, caption: 'Halo' });
      const remove = (token?: string | null) =>
        call('DELETE', `/api/movie-content/lang/${movieId}/2`, { token });
      const unknown = await call('DELETE', `/api/movie-content/lang/${movieId}/99`);
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(`languageId: ${MESSAGES.unknownLanguage}`);
      expect((await call('DELETE', `/api/movie-content/lang/abc/2`)).status).toBe(400);
      expect((await remove(null)).status).toBe(401);
      expect((await remove(analystToken)).status).toBe(403);
      const theirs = await remove(strangerToken);
      expect(theirs.status).toBe(404);
      expect(theirs.body.message).toBe(MESSAGES.projectNotFound);
      await make.setPublished(movieId);
      expect((await remove()).status).toBe(409);
      expect(await langOf(movieId, clip)).toHaveLength(1);
    });
  });

  describe('DELETE /api/movie-content/sub/{movieContentId}/{languageId}', () => {
    it('removes the subtitle and its files, and keeps the caption', async () => {
      const { movieId, clip } = await projectWithItems();
      await saveCaption({ movie_content_id: clip, language_id: 4, caption: 'Hola' });
      const subtitle = await make.uploadSubtitle(owner.token, clip, 4);

      const response = await call('DELETE', `/api/movie-content/sub/${clip}/4`);
      expect(response.status, response.text).toBe(200);
      expect(response.body.data).toEqual({
        movie_content_id: clip,
        language_id: 4,
        caption: 'Hola',
        file: null,
        file_name: null,
      });
      expect(await make.blobExists(subtitle)).toBe(false);
      expect(await make.blobExists(subtitle.replace(/\.vtt$/, '.srt'))).toBe(false);
      expect(await langOf(movieId, clip)).toEqual([
        { language_id: 4, caption: 'Hola', file: null, file_name: null },
      ]);
      expect(await make.lastActivityOf(owner.id)).toMatchObject({
        action: 'movie_content.subtitle_removed',
        summary: 'Removed the Spanish subtitle',
      });

      const again = await call('DELETE', `/api/movie-content/sub/${clip}/4`);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(MESSAGES.subtitleNotFound);
      expect((await call('DELETE', `/api/movie-content/sub/${clip}/5`)).status).toBe(404);
    });

    it('checks sign-in, right, company and publication', async () => {
      const { movieId, clip } = await projectWithItems();
      const subtitle = await make.uploadSubtitle(owner.token, clip, 1);
      const remove = (token?: string | null) =>
        call('DELETE', `/api/movie-content/sub/${clip}/1`, { token });
      expect((await call('DELETE', `/api/movie-content/sub/${clip}/0`)).status).toBe(400);
      expect((await remove(null)).status).toBe(401);
      expect((await remove(analystToken)).status).toBe(403);
      const theirs = await remove(strangerToken);
      expect(theirs.status).toBe(404);
      expect(theirs.body.message).toBe(MESSAGES.contentNotFound);
      await make.setPublished(movieId);
      expect((await remove()).status).toBe(409);
      expect(await make.blobExists(subtitle)).toBe(true);
    });
  });

  describe('DELETE /api/movie-content/{movieId}/{movieContentId}', () => {
    it('deletes the item, its languages and its files; the others stay', async () => {
      const { movieId, clip, bridge } = await projectWithItems();
      await saveCaption({ movie_content_id: clip, language_id: 1, caption: 'Hi' });
      const subtitle = await make.uploadSubtitle(owner.token, clip, 1);
      const [row] = await server.db
        .select({ sourceKey: movieContents.sourceKey })
        .from(movieContents)
        .where(eq(movieContents.id, clip));

      const response = await call('DELETE', `/api/movie-content/${movieId}/${clip}`);
      expect(response.status, response.text).toBe(200);
      expect(response.body.data).toEqual({
        movieId,
        movie_content_id: clip,
        file_name: 'clip.mp4',
      });
      const status = await call<MovieContentStatus[]>(
        'GET',
        `/api/transcoder/movie-status/${movieId}`,
      );
      expect(status.body.data.map((item) => item.movie_content_id)).toEqual([bridge]);
      expect(
        await server.db
          .select()
          .from(contentLanguages)
          .where(inArray(contentLanguages.movieContentId, [clip])),
      ).toEqual([]);
      expect(await make.blobExists(row!.sourceKey)).toBe(false);
      expect(await make.blobExists(subtitle)).toBe(false);
      expect(await make.lastActivityOf(owner.id)).toMatchObject({
        action: 'movie_content.deleted',
        entityId: String(clip),
        summary: 'Deleted clip.mp4',
      });
    });

    it('refuses an item of another project, and checks sign-in, right, company and publication', async () => {
      const { movieId, clip } = await projectWithItems();
      const other = await projectWithItems();
      const remove = (token?: string | null, project = movieId) =>
        call('DELETE', `/api/movie-content/${project}/${clip}`, { token });
      const elsewhere = await remove(owner.token, other.movieId);
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body.message).toBe(MESSAGES.contentNotFound);
      expect((await call('DELETE', `/api/movie-content/${movieId}/x`)).status).toBe(400);
      expect((await remove(null)).status).toBe(401);
      expect((await remove(analystToken)).status).toBe(403);
      const theirs = await remove(strangerToken);
      expect(theirs.status).toBe(404);
      expect(theirs.body.message).toBe(MESSAGES.projectNotFound);
      await make.setPublished(movieId);
      const published = await remove();
      expect(published.status).toBe(409);
      expect(published.body.message).toBe(MESSAGES.projectPublished);
      expect((await projectOf(movieId)).movieContent).toHaveLength(2);
    });
  });

  describe('GET /api/movie-content/content/{movieContentId}', () => {
    it('answers the stream, the captions and the subtitles with their language codes', async () => {
      const { clip } = await projectWithItems();
      await saveCaption({ movie_content_id: clip, language_id: 1, caption: 'Hello' });
      await saveCaption({ movie_content_id: clip, language_id: 5, caption: '你好' });
      const subtitle = await make.uploadSubtitle(owner.token, clip, 5);

      const response = await call('GET', `/api/movie-content/content/${clip}`, {
        token: analystToken,
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body.data).toEqual({
        url: null,
        captions: [
          { language_id: 1, caption: 'Hello' },
          { language_id: 5, caption: '你好' },
        ],
        subtitle: [{ file: subtitle, code: 'zh', language_id: 5 }],
      });
    });

    it('answers 400, 401, 403 and 404 where they belong', async () => {
      const { clip } = await projectWithItems();
      const detail = (token?: string | null, id: number | string = clip) =>
        call('GET', `/api/movie-content/content/${id}`, { token });
      expect((await detail(owner.token, 'abc')).status).toBe(400);
      expect((await detail(null)).status).toBe(401);
      const staff = await server.makeUser({ role: 'internal', companyType: null });
      expect((await detail(await server.signIn(staff))).status).toBe(403);
      const theirs = await detail(strangerToken);
      expect(theirs.status).toBe(404);
      expect(theirs.body.message).toBe(MESSAGES.contentNotFound);
    });
  });
});

describe('deleting items that are transcoded or being transcoded', async () => {
  const { server, make, owner } = await startProjectSuite({ transcodeWorkers: 1 });
  const longClip = await make.longClip();

  const statusOf = (movieId: number) => make.statusOf(owner.token, movieId);

  it('removes a ready item’s source, renditions, poster and subtitles', async () => {
    const movieId = await make.makeProject(owner.token);
    const clip = await make.uploadClip(owner.token, movieId);
    await vi.waitFor(async () => expect((await statusOf(movieId))[0]!.status).toBe('ready'), {
      timeout: 60_000,
      interval: 250,
    });
    await make.uploadSubtitle(owner.token, clip.movie_content_id, 1);
    expect(await make.blobsUnder('hls')).not.toEqual([]);

    const response = await server.request(
      'DELETE',
      `/api/movie-content/${movieId}/${clip.movie_content_id}`,
      { token: owner.token },
    );
    expect(response.status, response.text).toBe(200);
    expect(await make.blobsUnder('sources')).toEqual([]);
    expect(await make.blobsUnder('hls')).toEqual([]);
    expect(await make.blobsUnder('subtitles')).toEqual([]);
  }, 90_000);

  it('leaves nothing behind when the item is deleted while its transcode runs', async () => {
    const movieId = await make.makeProject(owner.token);
    const clip = await make.uploadClip(owner.token, movieId, {
      source: longClip,
      name: 'long.mp4',
    });
    // Playable: the first rendition is stored and the ladder is being encoded.
    await vi.waitFor(async () => expect((await statusOf(movieId))[0]!.status).toBe('playable'), {
      timeout: 60_000,
      interval: 50,
    });
    expect(await make.blobsUnder('hls')).not.toEqual([]);
    expect(await readdir(path.join(server.workDir, 'transcode'))).not.toEqual([]);
    const response = await server.request(
      'DELETE',
      `/api/movie-content/${movieId}/${clip.movie_content_id}`,
      { token: owner.token },
    );
    expect(response.status, response.text).toBe(200);
    expect(await statusOf(movieId)).toEqual([]);
    // The run goes on to its end, finds its row gone and throws its output away.
    await vi.waitFor(
      async () => {
        expect(await readdir(path.join(server.workDir, 'transcode')).catch(() => [])).toEqual([]);
        expect(await make.blobsUnder('hls')).toEqual([]);
      },
      { timeout: 90_000, interval: 250 },
    );
    expect(await make.blobsUnder('sources')).toEqual([]);
  }, 180_000);
});
