import { MESSAGES, type Project } from '@plotline/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bannerImages, movies } from '../../db/schema/index.ts';
import { startProjectSuite } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

const { server, make, owner, analystToken, strangerToken } = await startProjectSuite();

const save = (body: unknown, token: string | null = owner.token) =>
  server.request<Envelope<{ movieId: number }>>('POST', '/api/movie', {
    token: token ?? undefined,
    body,
  });
const getProject = (movieId: number | string, token: string | null = owner.token) =>
  server.request<Envelope<Project>>('GET', `/api/movie/${movieId}`, { token: token ?? undefined });

describe('POST /api/movie', () => {
  it("creates a single project of the caller's company, then updates it, logging both", async () => {
    const created = await save({
      type: 1,
      title: '  The Heist ',
      synopsis: 'Who took it?',
      tags: ['crime', 'short'],
      view_mode: 'vertical',
    });
    expect(created.status, created.text).toBe(201);
    const { movieId } = created.body.data;
    const [row] = await server.db.select().from(movies).where(eq(movies.id, movieId));
    expect(row).toMatchObject({
      companyId: owner.companyId,
      createdBy: owner.id,
      type: 1,
      title: 'The Heist',
      status: 'draft',
    });
    expect(await make.lastActivityOf(owner.id)).toMatchObject({
      action: 'movie.created',
      entityType: 'movie',
      entityId: String(movieId),
      companyId: owner.companyId,
    });

    const updated = await save({
      movieId,
      type: 1,
      title: 'The Heist, again',
      tags: [],
      view_mode: 'horizontal',
      // A single project names no series: null says so.
      movieIdParent: null,
      episodeNumber: null,
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data.movieId).toBe(movieId);
    const project = (await getProject(movieId)).body.data;
    expect(project).toMatchObject({
      type: 1,
      title: 'The Heist, again',
      synopsis: '',
      tags: [],
      view_mode: 'horizontal',
      movieIdParent: null,
      series: null,
      episodeNumber: null,
    });
    expect(await make.lastActivityOf(owner.id)).toMatchObject({ action: 'movie.updated' });
  });

  it('saves an episode into a series, refuses its number twice, and frees it when it leaves', async () => {
    const seriesId = await make.makeSeries(owner.token, { title: 'Season one' });
    const first = await save({
      type: 2,
      title: 'Pilot',
      view_mode: 'horizontal',
      movieIdParent: seriesId,
      episodeNumber: 3,
    });
    expect(first.status, first.text).toBe(201);
    const episodeId = first.body.data.movieId;
    const project = (await getProject(episodeId)).body.data;
    expect(project).toMatchObject({
      type: 2,
      movieIdParent: seriesId,
      episodeNumber: 3,
      series: { movie_id: seriesId, title: 'Season one', episodeList: [3] },
    });

    const again = await save({
      type: 2,
      title: 'Copy',
      view_mode: 'horizontal',
      movieIdParent: seriesId,
      episodeNumber: 3,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.episodeTaken);

    const single = await make.makeProject(owner.token);
    const moved = await save({
      movieId: single,
      type: 2,
      title: 'Moved',
      view_mode: 'horizontal',
      movieIdParent: seriesId,
      episodeNumber: 3,
    });
    expect(moved.status).toBe(409);
    expect((await getProject(single)).body.data).toMatchObject({ type: 1, title: 'A project' });

    // Saving an episode under its own number again is no conflict.
    const resaved = await save({
      movieId: episodeId,
      type: 2,
      title: 'Pilot (final cut)',
      view_mode: 'horizontal',
      movieIdParent: seriesId,
      episodeNumber: 3,
    });
    expect(resaved.status).toBe(200);

    const leaves = await save({
      movieId: episodeId,
      type: 1,
      title: 'Pilot',
      view_mode: 'horizontal',
    });
    expect(leaves.status).toBe(200);
    const takes = await save({
      movieId: single,
      type: 2,
      title: 'Moved',
      view_mode: 'horizontal',
      movieIdParent: seriesId,
      episodeNumber: 3,
    });
    expect(takes.status, takes.text).toBe(200);
  });

  it('gives one of several concurrent saves of the same episode number, and 409 to the others', async () => {
    const seriesId = await make.makeSeries(owner.token);
    const episode = {
      type: 2,
      title: 'Racing',
      view_mode: 'horizontal',
      movieIdParent: seriesId,
      episodeNumber: 7,
    };
    const replies = await Promise.all(Array.from({ length: 6 }, () => save(episode)));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const reply of replies.filter((each) => each.status === 409)) {
      expect(reply.body.message).toBe(MESSAGES.episodeTaken);
    }

    // Updates of two projects to one free number race the same way.
    const [a, b] = await Promise.all([
      make.makeProject(owner.token),
      make.makeProject(owner.token),
    ]);
    const updates = await Promise.all(
      [a, b].map((movieId) => save({ ...episode, movieId, episodeNumber: 8 })),
    );
    expect(updates.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const rows = await server.db.select().from(movies).where(eq(movies.seriesId, seriesId));
    expect(rows.map((row) => row.episodeNumber).sort()).toEqual([7, 8]);
  });

  it('refuses what the rules refuse, with the field and the message', async () => {
    const cases: [unknown, string][] = [
      [{ type: 1, title: '   ', view_mode: 'horizontal' }, `title: ${MESSAGES.required}`],
      [{ type: 1, title: 'No mode' }, `view_mode: ${MESSAGES.required}`],
      [{ type: 2, title: 'No series', view_mode: 'vertical', episodeNumber: 1 }, 'movieIdParent'],
      [{ type: 2, title: 'No number', view_mode: 'vertical', movieIdParent: 1 }, 'episodeNumber'],
      [
        { type: 2, title: 'Too far', view_mode: 'vertical', movieIdParent: 1, episodeNumber: 51 },
        'episodeNumber',
      ],
      [{ type: 3, title: 'Odd', view_mode: 'vertical' }, 'type'],
      [{ type: 1, title: 'Empty tag', view_mode: 'vertical', tags: [''] }, 'tags.0'],
      // Refused, not dropped: the client meant an episode.
      [
        { type: 1, title: 'Single', view_mode: 'vertical', movieIdParent: 1, episodeNumber: 2 },
        `movieIdParent: ${MESSAGES.singleHasNoSeries}`,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await save(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toContain(message);
    }
  });

  it('checks the sign-in, the right, the company and publication', async () => {
    const info = { type: 1, title: 'Mine', view_mode: 'horizontal' };
    expect((await save(info, null)).status).toBe(401);
    expect((await save(info, analystToken)).status).toBe(403);

    const movieId = await make.makeProject(owner.token);
    const theirs = await save({ ...info, movieId }, strangerToken);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(MESSAGES.projectNotFound);

    await make.setPublished(movieId);
    const published = await save({ ...info, movieId, title: 'Changed' });
    expect(published.status).toBe(409);
    expect(published.body.message).toBe(MESSAGES.projectPublished);
    expect((await getProject(movieId)).body.data.title).toBe('A project');
  });
});

describe("POST /api/movie with §3's whole form data", () => {
  /** What the studio's state holds beside the stored fields: accepted and ignored. */
  const clientState = {
    busy: true,
    step: 4,
    series: null,
    seriesList: [],
    movieContent: [],
    language: [],
    client_id: 77,
    thumbnailMobile: 'https://elsewhere.test/m.png',
    thumbnailDesktop: null,
    vertical_regular: 'https://elsewhere.test/v.png',
    vertical_regular_media_id: 5,
    horizontal: null,
    horizontal_media_id: null,
    vertical_long: null,
    vertical_long_media_id: null,
  };

  it('saves step 1, the publication and the banner settings of one body, and says so in the log', async () => {
    const created = await save({
      type: 1,
      title: 'Whole form',
      synopsis: 'All at once',
      tags: ['one'],
      view_mode: 'vertical',
      movieIdParent: null,
      episodeNumber: null,
      slug: 'whole-form',
      app_channel_on: 1,
      shareable: 0,
      primaryLanguageId: null,
      button_text: 'Buy',
      button_color: '#112233',
      button_text_color: '#445566',
      url: 'https://example.com/offer',
      ...clientState,
    });
    expect(created.status, created.text).toBe(201);
    const { movieId } = created.body.data;
    expect((await getProject(movieId)).body.data).toMatchObject({
      type: 1,
      title: 'Whole form',
      synopsis: 'All at once',
      tags: ['one'],
      view_mode: 'vertical',
      slug: 'whole-form',
      watch_url: 'http://studio.test/watch/whole-form',
      app_channel_on: 1,
      shareable: 0,
      primaryLanguageId: null,
      button_text: 'Buy',
      button_color: '#112233',
      button_text_color: '#445566',
      url: 'https://example.com/offer',
      // Set by their own calls only: the body's values were ignored.
      thumbnailMobile: null,
      vertical_regular: null,
      vertical_regular_media_id: null,
    });
    expect(await make.lastActivityOf(owner.id)).toMatchObject({
      action: 'movie.created',
      entityId: String(movieId),
      summary:
        'Saved the project info of "Whole form", the publication settings (slug, app_channel_on, shareable, primaryLanguageId) and the banner settings (url, button_text, button_color, button_text_color)',
    });

    // The primary language is checked in the same save: one of the project's items' languages.
    const item = await make.readyItem(movieId, 1, 10);
    const caption = await server.request('POST', '/api/movie-content/lang', {
      token: owner.token,
      body: { movie_content_id: item, language_id: 3, caption: 'Hallo' },
    });
    expect(caption.status, caption.text).toBe(200);
    const updated = await save({
      movieId,
      type: 1,
      title: 'Whole form, again',
      view_mode: 'vertical',
      primaryLanguageId: 3,
      shareable: 1,
    });
    expect(updated.status, updated.text).toBe(200);
    expect((await getProject(movieId)).body.data).toMatchObject({
      title: 'Whole form, again',
      // Step 1 is saved whole; the settings not sent keep their value.
      synopsis: '',
      slug: 'whole-form',
      app_channel_on: 1,
      shareable: 1,
      primaryLanguageId: 3,
      button_text: 'Buy',
    });
  });

  it('takes back the form data GET answered, but for the fields GET alone answers', async () => {
    const movieId = await make.makeProject(owner.token, { title: 'Round trip' });
    await make.uploadBanner(owner.token, movieId, 'vertical_long');
    const form: Record<string, unknown> = { ...(await getProject(movieId)).body.data };
    // GET alone answers these: they are not §3's form data.
    for (const field of [
      'status',
      'watch_url',
      'published_at',
      'paths_confirmed_version',
      'banners',
    ]) {
      delete form[field];
    }
    const saved = await save({ ...form, title: 'Round trip, edited', slug: 'round-trip' });
    expect(saved.status, saved.text).toBe(200);
    expect((await getProject(movieId)).body.data).toMatchObject({
      title: 'Round trip, edited',
      slug: 'round-trip',
      vertical_long: form.vertical_long,
    });

    // Publishing is its own call: a status in the form is refused, not dropped.
    const status = await save({ ...form, status: 'published' });
    expect(status.status).toBe(400);
    expect(status.body.message).toBe('Unknown field "status"');
  });

  it('changes nothing when a part is refused: a taken slug, an unused language', async () => {
    const holder = await make.makeProject(owner.token);
    expect((await save({ movieId: holder, slug: 'already-taken' })).status).toBe(200);
    const movieId = await make.makeProject(owner.token, { title: 'Before' });
    const whole = { movieId, type: 1, title: 'After', view_mode: 'vertical', shareable: 0 };

    const taken = await save({ ...whole, slug: 'already-taken' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MESSAGES.slugTaken);
    const unused = await save({ ...whole, primaryLanguageId: 4 });
    expect(unused.status).toBe(400);
    expect(unused.body.message).toBe(MESSAGES.languageNotUsed);
    expect((await getProject(movieId)).body.data).toMatchObject({
      title: 'Before',
      view_mode: 'horizontal',
      shareable: 1,
      slug: null,
    });

    // A new project whose slug is taken is not made at all.
    const before = await server.db.select().from(movies).where(eq(movies.title, 'Never made'));
    const refused = await save({
      type: 1,
      title: 'Never made',
      view_mode: 'vertical',
      slug: 'already-taken',
    });
    expect(refused.status).toBe(409);
    const after = await server.db.select().from(movies).where(eq(movies.title, 'Never made'));
    expect(after).toEqual(before);
  });

  it('refuses an unknown field by name, and step 1 fields without a type', async () => {
    const movieId = await make.makeProject(owner.token, { title: 'Kept' });
    const cases: [unknown, string][] = [
      [{ type: 1, title: 'T', view_mode: 'vertical', titel: 'typo' }, 'Unknown field "titel"'],
      [{ movieId, slug: 'ok-slug', published: true }, 'Unknown field "published"'],
      [{ movieId, title: 'Renamed' }, `type: ${MESSAGES.infoNeedsType}`],
      [{ slug: 'no-project' }, `movieId: ${MESSAGES.required}`],
    ];
    for (const [body, message] of cases) {
      const response = await save(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await getProject(movieId)).body.data).toMatchObject({ title: 'Kept', slug: null });
  });
});

describe('GET /api/movie/{movieId}', () => {
  it('answers the whole form data: artwork, items and their languages, banner', async () => {
    const movieId = await make.makeProject(owner.token, { tags: ['a'], synopsis: 'About' });
    const mobile = await make.uploadThumbnail(owner.token, movieId, 'thumbnailMobile');
    const clip = await make.uploadClip(owner.token, movieId, { name: 'opening.mp4' });
    const bridge = await make.uploadClip(owner.token, movieId, { type: 2, name: 'choice.mp4' });
    const subtitle = await make.uploadSubtitle(owner.token, clip.movie_content_id, 3);
    for (const [item, language] of [
      [clip.movie_content_id, 1],
      [bridge.movie_content_id, 1],
      [bridge.movie_content_id, 4],
    ] as const) {
      const caption = await server.request('POST', '/api/movie-content/lang', {
        token: owner.token,
        body: { movie_content_id: item, language_id: language, caption: `Caption ${language}` },
      });
      expect(caption.status, caption.text).toBe(200);
    }
    const banner = await make.uploadBanner(owner.token, movieId, 'horizontal');
    await server.request('POST', '/api/media/banner', {
      token: owner.token,
      body: { movie_id: movieId, button_text: 'Watch', url: 'https://example.com/x' },
    });

    const response = await getProject(movieId, analystToken);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({
      movieId,
      type: 1,
      status: 'draft',
      title: 'A project',
      synopsis: 'About',
      tags: ['a'],
      view_mode: 'horizontal',
      thumbnailMobile: mobile,
      thumbnailDesktop: null,
      movieIdParent: null,
      series: null,
      episodeNumber: null,
      movieContent: [
        expect.objectContaining({
          movie_content_id: clip.movie_content_id,
          type: 1,
          file_name: 'opening.mp4',
          status: 'queued',
          lang: [
            { language_id: 1, caption: 'Caption 1', file: null, file_name: null },
            { language_id: 3, caption: '', file: subtitle, file_name: 'subtitle.srt' },
          ],
        }),
        expect.objectContaining({
          movie_content_id: bridge.movie_content_id,
          type: 2,
          lang: [
            { language_id: 1, caption: 'Caption 1', file: null, file_name: null },
            { language_id: 4, caption: 'Caption 4', file: null, file_name: null },
          ],
        }),
      ],
      language: [
        { language_id: 1, name: 'English' },
        { language_id: 3, name: 'German' },
        { language_id: 4, name: 'Spanish' },
      ],
      button_text: 'Watch',
      button_color: '#000000',
      button_text_color: '#ffffff',
      url: 'https://example.com/x',
      client_id: null,
      client_name: null,
      // A draft's publication settings as §9 has them by default: web only, share button shown.
      slug: null,
      watch_url: null,
      app_channel_on: 0,
      shareable: 1,
      embed_origins: [],
      primaryLanguageId: null,
      published_at: null,
      paths_confirmed_version: null,
      // §3's banner images, flat, and the same by kind.
      vertical_regular: null,
      vertical_regular_media_id: null,
      horizontal: banner.location,
      horizontal_media_id: banner.mediaId,
      vertical_long: null,
      vertical_long_media_id: null,
      banners: {
        vertical_regular: { url: null, mediaId: null },
        horizontal: { url: banner.location, mediaId: banner.mediaId },
        vertical_long: { url: null, mediaId: null },
      },
    });
  });

  it('answers a published project too, and 404, 400, 401 and 403 where they belong', async () => {
    const movieId = await make.makeProject(owner.token);
    await make.setPublished(movieId);
    const published = await getProject(movieId);
    expect(published.status).toBe(200);
    expect(published.body.data.status).toBe('published');

    const theirs = await getProject(movieId, strangerToken);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(MESSAGES.projectNotFound);
    expect((await getProject('abc')).status).toBe(400);
    expect((await getProject(movieId, null)).status).toBe(401);
    const staff = await server.makeUser({ role: 'internal', companyType: null });
    expect((await getProject(movieId, await server.signIn(staff))).status).toBe(403);
  });
});

describe('PUT /api/movie', () => {
  const deleteArtwork = (body: unknown, token: string | null = owner.token) =>
    server.request<Envelope<{ movieId: number }>>('PUT', '/api/movie', {
      token: token ?? undefined,
      body,
    });

  it('deletes the named thumbnail and its file, and keeps the other', async () => {
    const movieId = await make.makeProject(owner.token);
    const mobile = await make.uploadThumbnail(owner.token, movieId, 'thumbnailMobile');
    const desktop = await make.uploadThumbnail(owner.token, movieId, 'thumbnailDesktop');

    const response = await deleteArtwork({ movie_id: movieId, thumbnail_mobile: null });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({ movieId });
    expect(await make.blobExists(mobile)).toBe(false);
    expect(await make.blobExists(desktop)).toBe(true);
    expect((await getProject(movieId)).body.data).toMatchObject({
      thumbnailMobile: null,
      thumbnailDesktop: desktop,
    });
    expect(await make.lastActivityOf(owner.id)).toMatchObject({
      action: 'movie.thumbnail_deleted',
      summary: 'Deleted the mobile thumbnail',
    });
  });

  it('refuses a request naming no artwork, and checks sign-in, right, company, publication', async () => {
    const movieId = await make.makeProject(owner.token);
    const desktop = await make.uploadThumbnail(owner.token, movieId, 'thumbnailDesktop');
    const body = { movie_id: movieId, thumbnail_desktop: null };

    const none = await deleteArtwork({ movie_id: movieId });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/thumbnail_mobile or thumbnail_desktop/);
    expect((await deleteArtwork({ movie_id: movieId, thumbnail_desktop: 'x' })).status).toBe(400);
    expect((await deleteArtwork(body, null)).status).toBe(401);
    expect((await deleteArtwork(body, analystToken)).status).toBe(403);
    expect((await deleteArtwork(body, strangerToken)).status).toBe(404);
    await make.setPublished(movieId);
    const published = await deleteArtwork(body);
    expect(published.status).toBe(409);
    expect(published.body.message).toBe(MESSAGES.projectPublished);
    expect(await make.blobExists(desktop)).toBe(true);
  });
});

describe('POST /api/media/banner', () => {
  const saveBanner = (body: unknown, token: string | null = owner.token) =>
    server.request<Envelope<Record<string, unknown>>>('POST', '/api/media/banner', {
      token: token ?? undefined,
      body,
    });

  it('saves the button and the target URL, and logs it', async () => {
    const movieId = await make.makeProject(owner.token);
    const settings = {
      movie_id: movieId,
      url: 'https://example.com/offer',
      button_text: 'Buy the book',
      button_color: '#6a1b9a',
      button_text_color: '#FFFFFF',
    };
    const response = await saveBanner(settings);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual(settings);
    expect((await getProject(movieId)).body.data).toMatchObject({
      url: 'https://example.com/offer',
      button_text: 'Buy the book',
      button_color: '#6a1b9a',
      button_text_color: '#FFFFFF',
    });
    expect(await make.lastActivityOf(owner.id)).toMatchObject({
      action: 'movie.banner_settings_saved',
      entityId: String(movieId),
    });
  });

  it('refuses a long button text and a colour that is not one, and checks access', async () => {
    const movieId = await make.makeProject(owner.token);
    const long = await saveBanner({ movie_id: movieId, button_text: 'x'.repeat(21) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/^button_text: /);
    const colour = await saveBanner({ movie_id: movieId, button_color: 'purple' });
    expect(colour.status).toBe(400);
    expect(colour.body.message).toBe('button_color: Use a colour such as #6a1b9a');

    const body = { movie_id: movieId, button_text: 'Go' };
    expect((await saveBanner(body, null)).status).toBe(401);
    expect((await saveBanner(body, analystToken)).status).toBe(403);
    expect((await saveBanner(body, strangerToken)).status).toBe(404);
    await make.setPublished(movieId);
    expect((await saveBanner(body)).status).toBe(409);
    expect((await getProject(movieId)).body.data.button_text).toBe('');
  });

  const NOT_WEB_LINKS = [
    'javascript:alert(document.cookie)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '/relative/page',
    '//elsewhere.example/page',
    'example.com/offer',
    'https://user:secret@example.com',
  ];

  it('takes a web link (http or https) or nothing as the target, here and in POST /api/movie, changing nothing else', async () => {
    const movieId = await make.makeProject(owner.token);
    const kept = { movie_id: movieId, url: 'https://example.com/kept', button_text: 'Kept' };
    expect((await saveBanner(kept)).status).toBe(200);
    for (const url of NOT_WEB_LINKS) {
      const viaBanner = await saveBanner({ movie_id: movieId, url, button_text: 'Changed' });
      expect(viaBanner.status, url).toBe(400);
      expect(viaBanner.body.message).toBe(`url: ${MESSAGES.webUrlFormat}`);
      const viaProject = await server.request<Envelope<unknown>>('POST', '/api/movie', {
        token: owner.token,
        body: { movieId, url, slug: `changed-${movieId}` },
      });
      expect(viaProject.status, url).toBe(400);
      expect(viaProject.body.message).toBe(`url: ${MESSAGES.webUrlFormat}`);
    }
    expect((await getProject(movieId)).body.data).toMatchObject({
      url: 'https://example.com/kept',
      button_text: 'Kept',
      slug: null,
    });
    expect(
      (await saveBanner({ movie_id: movieId, url: ' http://example.com/a?b#c ' })).status,
    ).toBe(200);
    expect((await getProject(movieId)).body.data.url).toBe('http://example.com/a?b#c');
    expect((await saveBanner({ movie_id: movieId, url: '' })).status).toBe(200);
    expect((await getProject(movieId)).body.data.url).toBe('');
  });
});

describe('DELETE /api/media/banner/{movieId}/{bannerKind}', () => {
  const deleteBanner = (movieId: number, kind: string, token: string | null = owner.token) =>
    server.request('DELETE', `/api/media/banner/${movieId}/${kind}`, { token: token ?? undefined });

  it('removes the image of that kind, its file, and only that', async () => {
    const movieId = await make.makeProject(owner.token);
    const long = await make.uploadBanner(owner.token, movieId, 'vertical_long');
    const regular = await make.uploadBanner(owner.token, movieId, 'vertical_regular');

    const response = await deleteBanner(movieId, 'vertical_long');
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ data: { movieId, kind: 'vertical_long' } });
    expect(await make.blobExists(long.location)).toBe(false);
    expect(await make.blobExists(regular.location)).toBe(true);
    const rows = await server.db
      .select()
      .from(bannerImages)
      .where(eq(bannerImages.movieId, movieId));
    expect(rows.map((row) => row.kind)).toEqual(['vertical_regular']);
    expect(await make.lastActivityOf(owner.id)).toMatchObject({
      action: 'movie.banner_image_deleted',
      summary: 'Deleted the vertical_long banner image',
    });
  });

  it('refuses an unknown kind, and checks sign-in, right, company and publication', async () => {
    const movieId = await make.makeProject(owner.token);
    const banner = await make.uploadBanner(owner.token, movieId, 'horizontal');
    expect((await deleteBanner(movieId, 'square')).status).toBe(400);
    expect((await deleteBanner(movieId, 'horizontal', null)).status).toBe(401);
    expect((await deleteBanner(movieId, 'horizontal', analystToken)).status).toBe(403);
    const theirs = await deleteBanner(movieId, 'horizontal', strangerToken);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(MESSAGES.projectNotFound);
    await make.setPublished(movieId);
    expect((await deleteBanner(movieId, 'horizontal')).status).toBe(409);
    expect(await make.blobExists(banner.location)).toBe(true);
  });
});
