import { MESSAGES, type Series } from '@plotline/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { series } from '../../db/schema/index.ts';
import { startProjectSuite } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

const { server, make, owner, analystToken, strangerToken } = await startProjectSuite();

const addSeries = (body: unknown, token: string | null = owner.token) =>
  server.request<Envelope<{ movieId: number }>>('POST', '/api/movie/series/add', {
    token: token ?? undefined,
    body,
  });
const listSeries = (token: string | null = owner.token) =>
  server.request<Envelope<Series[]>>('GET', '/api/movie/series', { token: token ?? undefined });

describe('POST /api/movie/series/add', () => {
  it("creates a series of the caller's company, and logs it", async () => {
    const response = await addSeries({
      title: ' Night Shift ',
      synopsis: 'Twelve hours',
      tags: ['drama'],
      categoryId: 4,
    });
    expect(response.status, response.text).toBe(201);
    const id = response.body.data.movieId;
    const [row] = await server.db.select().from(series).where(eq(series.id, id));
    expect(row).toMatchObject({
      companyId: owner.companyId,
      createdBy: owner.id,
      title: 'Night Shift',
      synopsis: 'Twelve hours',
      tags: ['drama'],
      categoryId: 4,
    });
    expect(await make.lastActivityOf(owner.id)).toMatchObject({
      action: 'series.created',
      entityType: 'series',
      entityId: String(id),
      summary: 'Created the series "Night Shift"',
    });
  });

  it("puts a series made for a project into that project's company, also for the root user", async () => {
    const movieId = await make.makeProject(owner.token);
    const king = await server.makeUser({ role: 'king', companyType: null });
    const kingToken = await server.signIn(king);
    const companyless = await addSeries({ title: 'Nowhere' }, kingToken);
    expect(companyless.status).toBe(400);
    expect(companyless.body.message).toBe(MESSAGES.projectNeedsCompany);

    const response = await addSeries({ title: 'For the project', movieId }, kingToken);
    expect(response.status, response.text).toBe(201);
    const [row] = await server.db
      .select()
      .from(series)
      .where(eq(series.id, response.body.data.movieId));
    expect(row!.companyId).toBe(owner.companyId);
  });

  it("refuses a missing title, another company's project, a published one, and callers without the right", async () => {
    const empty = await addSeries({ title: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(`title: ${MESSAGES.required}`);
    expect((await addSeries({ title: 'Bad', tags: [''] })).status).toBe(400);

    const movieId = await make.makeProject(owner.token);
    const theirs = await addSeries({ title: 'Theirs', movieId }, strangerToken);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(MESSAGES.projectNotFound);
    await make.setPublished(movieId);
    const published = await addSeries({ title: 'Late', movieId });
    expect(published.status).toBe(409);
    expect(published.body.message).toBe(MESSAGES.projectPublished);

    expect((await addSeries({ title: 'Anonymous' }, null)).status).toBe(401);
    expect((await addSeries({ title: 'Reader' }, analystToken)).status).toBe(403);
  });
});

describe('GET /api/movie/series', () => {
  it("lists the caller's company's series by title, each with its taken episode numbers", async () => {
    const user = await server.makeUser({ role: 'administrator' });
    const token = await server.signIn(user);
    const zebra = await make.makeSeries(token, { title: 'Zebra', tags: ['z'] });
    const alpha = await make.makeSeries(token, { title: 'Alpha' });
    for (const episodeNumber of [5, 2]) {
      await make.makeProject(token, { type: 2, movieIdParent: zebra, episodeNumber });
    }
    await make.makeSeries(strangerToken, { title: 'Not theirs' });

    const response = await listSeries(token);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      {
        movie_id: alpha,
        title: 'Alpha',
        category_id: null,
        synopsis: '',
        tags: [],
        episodeList: [],
      },
      {
        movie_id: zebra,
        title: 'Zebra',
        category_id: null,
        synopsis: '',
        tags: ['z'],
        episodeList: [2, 5],
      },
    ]);

    const analyst = await server.makeUser({ role: 'analyst', companyId: user.companyId! });
    const read = await listSeries(await server.signIn(analyst));
    expect(read.status).toBe(200);
    expect(read.body.data.map((each) => each.title)).toEqual(['Alpha', 'Zebra']);

    // The root user reaches every company, and so sees every company's series.
    const king = await server.makeUser({ role: 'king', companyType: null });
    const everyone = await listSeries(await server.signIn(king));
    expect(everyone.body.data.map((each) => each.title)).toEqual(
      expect.arrayContaining(['Alpha', 'Zebra', 'Not theirs']),
    );
  });

  it('needs a sign-in and a project right', async () => {
    expect((await listSeries(null)).status).toBe(401);
    const staff = await server.makeUser({ role: 'internal', companyType: null });
    expect((await listSeries(await server.signIn(staff))).status).toBe(403);
  });
});
