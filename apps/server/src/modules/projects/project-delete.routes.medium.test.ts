import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@plotline/core';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  bannerImages,
  contentLanguages,
  movieContents,
  moviePlots,
  movies,
} from '../../db/schema/index.ts';
import { startProjectSuite } from '../../test/test-projects.ts';

describe('DELETE /api/movie/{movieId}', async () => {
  const { server, make, owner, analystToken, strangerToken } = await startProjectSuite();

  const remove = (movieId: number | string, token = owner.token) =>
    server.request('DELETE', `/api/movie/${movieId}`, { token });

  it('deletes a draft with its rows and every file stored for it', async () => {
    const story = await make.makeStory(owner.token, 'to-be-deleted');
    // An upload of its own, so a real source file is stored beside the story's items.
    const upload = await make.uploadClip(owner.token, story.movieId);
    const itemIds = [...Object.values(story.items), upload.movie_content_id];
    const [stored] = await server.db
      .select({ sourceKey: movieContents.sourceKey })
      .from(movieContents)
      .where(eq(movieContents.id, upload.movie_content_id));
    const files = [
      story.thumbnails.mobile,
      story.thumbnails.desktop,
      story.banner.location,
      story.subtitle,
      stored!.sourceKey,
    ];
    for (const file of files) expect(await make.blobExists(file), file).toBe(true);
    // Another project of the company, which must keep everything.
    const kept = await make.makeProject(owner.token, { title: 'Kept' });
    const keptThumbnail = await make.uploadThumbnail(owner.token, kept, 'thumbnailDesktop');

    const response = await remove(story.movieId);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ data: { movieId: story.movieId } });

    expect(await server.db.select().from(movies).where(eq(movies.id, story.movieId))).toEqual([]);
    for (const [name, rows] of Object.entries({
      contents: await server.db
        .select()
        .from(movieContents)
        .where(eq(movieContents.movieId, story.movieId)),
      languages: await server.db
        .select()
        .from(contentLanguages)
        .where(inArray(contentLanguages.movieContentId, itemIds)),
      plot: await server.db.select().from(moviePlots).where(eq(moviePlots.movieId, story.movieId)),
      banners: await server.db
        .select()
        .from(bannerImages)
        .where(eq(bannerImages.movieId, story.movieId)),
    })) {
      expect(rows, name).toEqual([]);
    }
    for (const file of files) expect(await make.blobExists(file), file).toBe(false);
    expect(await make.blobExists(keptThumbnail)).toBe(true);
    expect(
      (await server.request('GET', `/api/movie/${story.movieId}`, { token: owner.token })).status,
    ).toBe(404);

    const entry = await make.lastActivityOf(owner.id);
    expect(entry).toMatchObject({
      action: 'movie.deleted',
      entityType: 'movie',
      entityId: String(story.movieId),
      companyId: owner.companyId,
      summary: 'Deleted the draft "The fork"',
    });
  });

  it('refuses a published project with 409 and keeps it', async () => {
    const movieId = await make.makeProject(owner.token);
    await make.setPublished(movieId);
    const response = await remove(movieId);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: MESSAGES.projectPublished });
    expect(await server.db.select().from(movies).where(eq(movies.id, movieId))).toHaveLength(1);
  });

  it("answers 404 for another company's project, 403 to an analyst, 401 signed out, 400 for a bad id", async () => {
    const movieId = await make.makeProject(owner.token);
    const stranger = await remove(movieId, strangerToken);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ message: MESSAGES.projectNotFound });
    expect((await remove(movieId, analystToken)).status).toBe(403);
    expect((await server.request('DELETE', `/api/movie/${movieId}`)).status).toBe(401);
    expect((await remove('abc')).status).toBe(400);
    expect(await server.db.select().from(movies).where(eq(movies.id, movieId))).toHaveLength(1);
  });
});

describe('deleting a draft while one of its clips is being transcoded', async () => {
  const { server, make, owner } = await startProjectSuite({ transcodeWorkers: 1 });
  const longClip = await make.longClip();

  it('leaves no row and no file behind once the transcode ends', async () => {
    const movieId = await make.makeProject(owner.token);
    const clip = await make.uploadClip(owner.token, movieId, {
      source: longClip,
      name: 'long.mp4',
    });
    const statusOf = () => make.statusOf(owner.token, movieId);
    // Playable: the first rendition is stored and the ladder is being encoded.
    await vi.waitFor(async () => expect((await statusOf())[0]!.status).toBe('playable'), {
      timeout: 60_000,
      interval: 50,
    });
    const response = await server.request('DELETE', `/api/movie/${movieId}`, {
      token: owner.token,
    });
    expect(response.status, response.text).toBe(200);
    await vi.waitFor(
      async () => {
        expect(await readdir(path.join(server.workDir, 'transcode')).catch(() => [])).toEqual([]);
        expect(await make.blobsUnder('hls')).toEqual([]);
      },
      { timeout: 90_000, interval: 250 },
    );
    expect(await make.blobsUnder('sources')).toEqual([]);
    expect(
      await server.db
        .select()
        .from(movieContents)
        .where(eq(movieContents.id, clip.movie_content_id)),
    ).toEqual([]);
    expect(await server.db.select().from(movies).where(eq(movies.id, movieId))).toEqual([]);
  }, 180_000);
});
