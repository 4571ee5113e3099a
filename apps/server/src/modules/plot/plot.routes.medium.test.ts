import { formatMessage, MESSAGES, type PlotNode, type StoryVariable } from '@plotline/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { moviePlots } from '../../db/schema/index.ts';
import { startProjectSuite } from '../../test/test-projects.ts';

type Storyline = {
  data: PlotNode[];
  variables: StoryVariable[];
  version: number;
  message?: string;
};

const { server, make, owner, analystToken, strangerToken } = await startProjectSuite();

/** A transcoded item of the project, written straight into the table: the plot needs no video. */
const item = (movieId: number, type: 1 | 2, durationSeconds: number | null) =>
  make.readyItem(movieId, type, durationSeconds);

/** A project with two clips (60 s, 30 s) and a bridge (10 s). */
async function makeStoryProject(token = owner.token) {
  const movieId = await make.makeProject(token);
  return {
    movieId,
    clipA: await item(movieId, 1, 60),
    clipB: await item(movieId, 1, 30),
    bridge: await item(movieId, 2, 10),
  };
}

const node = (
  id: number,
  parentId: number | null,
  contentId: number,
  extra: Partial<PlotNode> = {},
) => ({
  movie_plot_id: id,
  parent_id: parentId,
  movie_content_id: contentId,
  locked: '0',
  ...extra,
});

const getPlot = (movieId: number | string, token: string | null = owner.token) =>
  server.request<Storyline>('GET', `/api/movie-plot/${movieId}`, { token: token ?? undefined });
const savePlot = (body: unknown, token: string | null = owner.token) =>
  server.request<Storyline>('POST', '/api/movie-plot', { token: token ?? undefined, body });
const deletePlot = (movieId: number, id: number, token: string | null = owner.token) =>
  server.request<Storyline>('DELETE', `/api/movie-plot/${movieId}/${id}`, {
    token: token ?? undefined,
  });
const lockPlot = (movie_plot_id: number, status: boolean, token: string | null = owner.token) =>
  server.request<Storyline>('PUT', '/api/movie-plot/lock', {
    token: token ?? undefined,
    body: { movie_plot_id, status },
  });
const saveBanner = (body: unknown, token: string | null = owner.token) =>
  server.request<Storyline>('POST', '/api/movie-plot/banner', { token: token ?? undefined, body });

/** Saves clip → bridge → two clips from a project's first version; answers the stored nodes. */
async function saveChoiceStory(project: Awaited<ReturnType<typeof makeStoryProject>>) {
  const saved = await savePlot({
    movie_id: project.movieId,
    version: 0,
    plots: [
      node(-1, null, project.clipA),
      node(-2, -1, project.bridge),
      node(-3, -2, project.clipA),
      node(-4, -2, project.clipB),
    ],
  });
  expect(saved.status, saved.text).toBe(200);
  return saved.body;
}

describe('GET /api/movie-plot/{movieId}', () => {
  it('answers an empty storyline at version 0 to the owner and an analyst', async () => {
    const { movieId } = await makeStoryProject();
    for (const token of [owner.token, analystToken]) {
      const response = await getPlot(movieId, token);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ data: [], variables: [], version: 0 });
    }
  });

  it('is 401 without a token, 404 for another company and for no project, 400 for a bad id', async () => {
    const { movieId } = await makeStoryProject();
    expect((await getPlot(movieId, null)).status).toBe(401);
    expect((await getPlot(movieId, strangerToken)).status).toBe(404);
    expect((await getPlot(999_999)).status).toBe(404);
    expect((await getPlot('abc')).status).toBe(400);
  });
});

describe('POST /api/movie-plot', () => {
  it('saves a branching tree, gives new plots real ids and durations, logs it, and reloads it intact', async () => {
    const project = await makeStoryProject();
    const saved = await saveChoiceStory(project);
    expect(saved.version).toBe(1);
    const [root, bridge, left, right] = saved.data;
    expect(saved.data.every((n) => n.movie_plot_id > 0)).toBe(true);
    expect(saved.data.map((n) => [n.parent_id, n.movie_content_id, n.duration])).toEqual([
      [null, project.clipA, 60],
      [root!.movie_plot_id, project.bridge, 10],
      [bridge!.movie_plot_id, project.clipA, 60],
      [bridge!.movie_plot_id, project.clipB, 30],
    ]);
    expect(left!.locked).toBe('0');
    expect(right!.banner).toEqual([]);
    expect(await getPlot(project.movieId)).toMatchObject({ status: 200, body: saved });
    expect(await make.lastActivityOf(owner.id)).toMatchObject({
      action: 'plot.saved',
      entityType: 'movie',
      entityId: String(project.movieId),
    });

    // Next save: keep the root, drop the right option, reorder nothing, add a new ending.
    const next = await savePlot({
      movie_id: project.movieId,
      version: 1,
      plots: [
        ...saved.data.filter((n) => n.movie_plot_id !== right!.movie_plot_id),
        node(-1, left!.movie_plot_id, project.bridge, {
          banner: [{ type: 'horizontal', time_start: 9 }],
        }),
      ],
    });
    expect(next.status, next.text).toBe(200);
    expect(next.body.version).toBe(2);
    expect(next.body.data.map((n) => n.movie_plot_id).slice(0, 3)).toEqual([
      root!.movie_plot_id,
      bridge!.movie_plot_id,
      left!.movie_plot_id,
    ]);
    expect(next.body.data[3]).toMatchObject({
      parent_id: left!.movie_plot_id,
      banner: [{ type: 'horizontal', time_start: 9 }],
    });
    expect(next.body.data).toHaveLength(4);
  });

  it('refuses a stale save with 409 and keeps the first save', async () => {
    const project = await makeStoryProject();
    const first = await saveChoiceStory(project);
    const second = await savePlot({
      movie_id: project.movieId,
      version: 0,
      plots: [node(-1, null, project.clipB)],
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(MESSAGES.plotStale);
    expect((await getPlot(project.movieId)).body).toEqual(first);
  });

  it('lets one of two saves racing from the same version through', async () => {
    const project = await makeStoryProject();
    const body = (contentId: number) => ({
      movie_id: project.movieId,
      version: 0,
      plots: [node(-1, null, contentId)],
    });
    const results = await Promise.all([
      savePlot(body(project.clipA)),
      savePlot(body(project.clipB)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect((await getPlot(project.movieId)).body).toEqual(winner.body);
  });

  it.each([
    ['no plot', () => [], MESSAGES.plotEmpty],
    ['a bridge first', (p: Project) => [node(-1, null, p.bridge)], MESSAGES.plotRootNotClip],
    [
      'two roots',
      (p: Project) => [node(-1, null, p.clipA), node(-2, null, p.clipB)],
      MESSAGES.plotSeveralRoots,
    ],
    [
      'a clip after a clip',
      (p: Project) => [node(-1, null, p.clipA), node(-2, -1, p.clipB)],
      MESSAGES.plotAlternation,
    ],
    [
      'a parent not in the tree',
      (p: Project) => [node(-1, null, p.clipA), node(-2, -9, p.bridge)],
      MESSAGES.plotUnknownParent,
    ],
    [
      'a cycle',
      (p: Project) => [node(-1, null, p.clipA), node(-2, -3, p.bridge), node(-3, -2, p.clipA)],
      MESSAGES.plotCycle,
    ],
    [
      'a plot without an item',
      (p: Project) => [
        node(-1, null, p.clipA),
        { ...node(-2, -1, p.bridge), movie_content_id: null },
      ],
      MESSAGES.plotNoItem,
    ],
    [
      'three banner components on a clip',
      (p: Project) => [
        node(-1, null, p.clipA, {
          banner: [
            { type: 'vertical', time_start: 0 },
            { type: 'horizontal', time_start: 0 },
            { type: 'vertical', time_start: 5 },
          ],
        }),
      ],
      MESSAGES.plotBannerTooManyClip,
    ],
    [
      'a vertical component on a bridge',
      (p: Project) => [
        node(-1, null, p.clipA),
        node(-2, -1, p.bridge, { banner: [{ type: 'vertical', time_start: 0 }] }),
      ],
      MESSAGES.plotBannerBridgeType,
    ],
    [
      'a repeated component type',
      (p: Project) => [
        node(-1, null, p.clipA, {
          banner: [
            { type: 'vertical', time_start: 0 },
            { type: 'vertical', time_start: 5 },
          ],
        }),
      ],
      MESSAGES.plotBannerRepeated,
    ],
    [
      'a component after the end',
      (p: Project) => [node(-1, null, p.clipB, { banner: [{ type: 'vertical', time_start: 31 }] })],
      formatMessage(MESSAGES.plotBannerTime, { duration: 30 }),
    ],
  ] as const)('refuses %s with 400 and the rule', async (_case, plots, message) => {
    const project = await makeStoryProject();
    const response = await savePlot({
      movie_id: project.movieId,
      version: 0,
      plots: plots(project),
    });
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await getPlot(project.movieId)).body).toEqual({ data: [], variables: [], version: 0 });
  });

  it("refuses another project's item and a stored id of another project", async () => {
    const project = await makeStoryProject();
    const other = await makeStoryProject();
    const foreign = await savePlot({
      movie_id: project.movieId,
      version: 0,
      plots: [node(-1, null, other.clipA)],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(MESSAGES.plotForeignItem);
    const otherSaved = await saveChoiceStory(other);
    const stolen = await savePlot({
      movie_id: project.movieId,
      version: 0,
      plots: [node(otherSaved.data[0]!.movie_plot_id, null, project.clipA)],
    });
    expect(stolen.status).toBe(400);
    expect((await getPlot(other.movieId)).body).toEqual(otherSaved);
  });

  it('refuses with 409 any change of a locked plot or what follows it, and allows the rest', async () => {
    const project = await makeStoryProject();
    const saved = await saveChoiceStory(project);
    const [root, bridge, left] = saved.data;
    const locked = await lockPlot(bridge!.movie_plot_id, true);
    expect(locked.status, locked.text).toBe(200);
    const tries = [
      saved.data.filter((n) => n.movie_plot_id !== left!.movie_plot_id),
      [...saved.data, node(-1, left!.movie_plot_id, project.bridge)],
      saved.data.map((n) =>
        n.movie_plot_id === left!.movie_plot_id ? { ...n, movie_content_id: project.clipB } : n,
      ),
      saved.data,
    ];
    for (const plots of tries) {
      const response = await savePlot({ movie_id: project.movieId, version: 2, plots });
      expect(response.status, response.text).toBe(409);
      expect(response.body.message).toBe(MESSAGES.plotLockedChanged);
    }
    const allowed = await savePlot({
      movie_id: project.movieId,
      version: 2,
      plots: locked.body.data.map((n) =>
        n.movie_plot_id === root!.movie_plot_id
          ? { ...n, banner: [{ type: 'vertical', time_start: 3 }] }
          : n,
      ),
    });
    expect(allowed.status, allowed.text).toBe(200);
  });

  it('is 401, 403 for an analyst, 404 for another company, 409 when published, 400 for a bad body', async () => {
    const project = await makeStoryProject();
    const body = { movie_id: project.movieId, version: 0, plots: [node(-1, null, project.clipA)] };
    expect((await savePlot(body, null)).status).toBe(401);
    expect((await savePlot(body, analystToken)).status).toBe(403);
    expect((await savePlot(body, strangerToken)).status).toBe(404);
    expect((await savePlot({ ...body, plots: [{ locked: 'yes' }] })).status).toBe(400);
    await make.setPublished(project.movieId);
    const published = await savePlot(body);
    expect(published.status).toBe(409);
    expect(published.body.message).toBe(MESSAGES.projectPublished);
    const rows = await server.db
      .select()
      .from(moviePlots)
      .where(eq(moviePlots.movieId, project.movieId));
    expect(rows).toEqual([]);
  });
});

type Project = Awaited<ReturnType<typeof makeStoryProject>>;

describe('DELETE /api/movie-plot/{movieId}/{id}', () => {
  it('removes a plot and what follows it, and answers the list', async () => {
    const project = await makeStoryProject();
    const saved = await saveChoiceStory(project);
    const [root, bridge] = saved.data;
    const removed = await deletePlot(project.movieId, bridge!.movie_plot_id);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ data: [root], variables: [], version: 2 });
    expect(await make.lastActivityOf(owner.id)).toMatchObject({ action: 'plot.deleted' });
  });

  it('refuses inside a locked subtree and above a locked plot', async () => {
    const project = await makeStoryProject();
    const saved = await saveChoiceStory(project);
    const [root, bridge, left] = saved.data;
    await lockPlot(bridge!.movie_plot_id, true);
    for (const id of [left!.movie_plot_id, bridge!.movie_plot_id, root!.movie_plot_id]) {
      const response = await deletePlot(project.movieId, id);
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(MESSAGES.plotLocked);
    }
    expect((await getPlot(project.movieId)).body.data).toHaveLength(4);
  });

  it('is 401, 403, 404 (another company, another project, no plot), 409 when published', async () => {
    const project = await makeStoryProject();
    const other = await makeStoryProject();
    const saved = await saveChoiceStory(project);
    const leaf = saved.data[3]!.movie_plot_id;
    expect((await deletePlot(project.movieId, leaf, null)).status).toBe(401);
    expect((await deletePlot(project.movieId, leaf, analystToken)).status).toBe(403);
    expect((await deletePlot(project.movieId, leaf, strangerToken)).status).toBe(404);
    expect((await deletePlot(other.movieId, leaf)).status).toBe(404);
    expect((await deletePlot(project.movieId, 999_999)).status).toBe(404);
    await make.setPublished(project.movieId);
    expect((await deletePlot(project.movieId, leaf)).status).toBe(409);
    expect((await getPlot(project.movieId)).body.data).toHaveLength(4);
  });
});

describe('PUT /api/movie-plot/lock', () => {
  it('locks and unlocks, each a new version, logged', async () => {
    const project = await makeStoryProject();
    const saved = await saveChoiceStory(project);
    const bridge = saved.data[1]!.movie_plot_id;
    const locked = await lockPlot(bridge, true);
    expect(locked.status, locked.text).toBe(200);
    expect(locked.body.version).toBe(2);
    expect(locked.body.data[1]!.locked).toBe('1');
    expect(await make.lastActivityOf(owner.id)).toMatchObject({
      action: 'plot.locked',
      entityType: 'movie_plot',
      entityId: String(bridge),
    });
    // Inside the locked subtree, a plot cannot be locked on its own.
    const inner = await lockPlot(saved.data[2]!.movie_plot_id, true);
    expect(inner.status).toBe(409);
    const unlocked = await lockPlot(bridge, false);
    expect(unlocked.body.data[1]!.locked).toBe('0');
    expect(unlocked.body.version).toBe(3);
    // A save made before the lock is now stale.
    const stale = await savePlot({ movie_id: project.movieId, version: 1, plots: saved.data });
    expect(stale.status).toBe(409);
  });

  it('is 401, 403, 404 (another company, no plot), 400 for a bad body, 409 when published', async () => {
    const project = await makeStoryProject();
    const saved = await saveChoiceStory(project);
    const id = saved.data[0]!.movie_plot_id;
    expect((await lockPlot(id, true, null)).status).toBe(401);
    expect((await lockPlot(id, true, analystToken)).status).toBe(403);
    expect((await lockPlot(id, true, strangerToken)).status).toBe(404);
    expect((await lockPlot(999_999, true)).status).toBe(404);
    const bad = await server.request('PUT', '/api/movie-plot/lock', {
      token: owner.token,
      body: { movie_plot_id: id, status: 'maybe' },
    });
    expect(bad.status).toBe(400);
    await make.setPublished(project.movieId);
    expect((await lockPlot(id, true)).status).toBe(409);
  });
});

describe('POST /api/movie-plot/banner', () => {
  it("sets one plot's banner components, in the spec's wire names", async () => {
    const project = await makeStoryProject();
    const saved = await saveChoiceStory(project);
    const root = saved.data[0]!.movie_plot_id;
    const response = await saveBanner({
      movie_id: project.movieId,
      movie_plot_id: root,
      banner: [
        { banner_type: 'vertical', banner_time_start: 5 },
        { banner_type: 'horizontal', banner_time_start: 60 },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data[0]!.banner).toEqual([
      { type: 'vertical', time_start: 5 },
      { type: 'horizontal', time_start: 60 },
    ]);
    expect(response.body.version).toBe(2);
    expect(await make.lastActivityOf(owner.id)).toMatchObject({ action: 'plot.banner_saved' });
    const cleared = await saveBanner({
      movie_id: project.movieId,
      movie_plot_id: root,
      banner: [],
    });
    expect(cleared.body.data[0]!.banner).toEqual([]);
  });

  it.each([
    [0, [{ banner_type: 'vertical', banner_time_start: 0 }], MESSAGES.plotBannerBridgeType],
    [
      0,
      [
        { banner_type: 'horizontal', banner_time_start: 0 },
        { banner_type: 'horizontal', banner_time_start: 1 },
      ],
      MESSAGES.plotBannerTooManyBridge,
    ],
    [
      0,
      [{ banner_type: 'horizontal', banner_time_start: 11 }],
      formatMessage(MESSAGES.plotBannerTime, { duration: 10 }),
    ],
    [
      1,
      [
        { banner_type: 'vertical', banner_time_start: 0 },
        { banner_type: 'vertical', banner_time_start: 1 },
      ],
      MESSAGES.plotBannerRepeated,
    ],
  ] as const)('refuses a banner that breaks a rule (%#)', async (onClip, banner, message) => {
    const project = await makeStoryProject();
    const saved = await saveChoiceStory(project);
    const plotId = saved.data[onClip ? 0 : 1]!.movie_plot_id;
    const response = await saveBanner({ movie_id: project.movieId, movie_plot_id: plotId, banner });
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('is 401, 403, 404 (another company, a plot of another project), 400, 409 locked or published', async () => {
    const project = await makeStoryProject();
    const other = await makeStoryProject();
    const saved = await saveChoiceStory(project);
    const root = saved.data[0]!.movie_plot_id;
    const body = {
      movie_id: project.movieId,
      movie_plot_id: root,
      banner: [{ banner_type: 'vertical', banner_time_start: 1 }],
    };
    expect((await saveBanner(body, null)).status).toBe(401);
    expect((await saveBanner(body, analystToken)).status).toBe(403);
    expect((await saveBanner(body, strangerToken)).status).toBe(404);
    expect((await saveBanner({ ...body, movie_id: other.movieId })).status).toBe(404);
    expect(
      (await saveBanner({ ...body, banner: [{ banner_type: 'square', banner_time_start: 1 }] }))
        .status,
    ).toBe(400);
    await lockPlot(root, true);
    const locked = await saveBanner(body);
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(MESSAGES.plotLocked);
    await lockPlot(root, false);
    await make.setPublished(project.movieId);
    expect((await saveBanner(body)).status).toBe(409);
  });
});
