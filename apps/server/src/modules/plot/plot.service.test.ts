import {
  CONTENT_TYPE,
  formatMessage,
  MESSAGES,
  NO_NODE_LOGIC,
  type PlotNode,
} from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { createFakeData, fakeCaller } from '../../test/fakes/fake-data.ts';
import { failCall, holdNextCall, refusal, settle, track } from '../../test/fakes/interceptors.ts';
import { createPlotService, type PlotSave } from './plot.service.ts';

/**
 * The save rules the HTTP tests cannot reach for sure: what happens when changes of one project
 * overlap (PGlite runs one transaction at a time, so there they never do), when a write fails
 * half-way, and how a tree is written (new ids, order, moves, durations).
 */

function makeProject() {
  const data = createFakeData();
  const service = createPlotService({
    plots: data.plots,
    projects: data.projects,
    contents: data.contents,
    clock: data.clock,
    transaction: data.transaction,
  });
  const movie = data.makeMovie();
  const item = (type: 1 | 2, durationSeconds: number | null) =>
    data.makeContent(movie.id, { type, durationSeconds }).id;
  return {
    data,
    service,
    movieId: movie.id,
    owner: fakeCaller(movie.companyId),
    clipA: item(CONTENT_TYPE.clip, 60),
    clipB: item(CONTENT_TYPE.clip, 30),
    bridge: item(CONTENT_TYPE.bridge, 10),
  };
}

type Project = ReturnType<typeof makeProject>;

const node = (
  id: number | undefined,
  parentId: number | null,
  contentId: number,
  extra: Partial<PlotNode> = {},
): PlotSave['plots'][number] => ({
  movie_plot_id: id,
  parent_id: parentId,
  movie_content_id: contentId,
  locked: '0',
  banner: [],
  ...NO_NODE_LOGIC,
  ...extra,
});

/** clip A → bridge → (clip A | clip B), saved from version 0. */
const choiceStory = ({ service, owner, movieId, clipA, clipB, bridge }: Project) =>
  service.save(owner, {
    movie_id: movieId,
    version: 0,
    plots: [node(-1, null, clipA), node(-2, -1, bridge), node(-3, -2, clipA), node(-4, -2, clipB)],
  });

describe('saving while other changes of the project run', () => {
  it('makes a second save from the same version wait for the first, then refuses it as stale', async () => {
    const project = makeProject();
    const { data, service, owner, movieId, clipB } = project;
    const held = holdNextCall(data.plots, 'insertPlot');
    const first = track(choiceStory(project));
    await held.reached;

    const second = track(
      service.save(owner, { movie_id: movieId, version: 0, plots: [node(-1, null, clipB)] }),
    );
    await settle();
    expect(second.settled).toBe(false);

    held.release();
    const saved = await first.promise;
    expect(saved.version).toBe(1);
    const stale = await refusal(second.promise);
    expect([stale.status, stale.message]).toEqual([409, MESSAGES.plotStale]);
    expect(await service.get(owner, movieId)).toEqual(saved);
  });

  it('does not make a save of another project wait', async () => {
    const one = makeProject();
    const held = holdNextCall(one.data.plots, 'insertPlot');
    const first = track(choiceStory(one));
    await held.reached;

    const other = one.data.makeMovie();
    const clip = one.data.makeContent(other.id).id;
    const saved = await one.service.save(one.owner, {
      movie_id: other.id,
      version: 0,
      plots: [node(-1, null, clip)],
    });
    expect(saved.version).toBe(1);
    expect(first.settled).toBe(false);
    held.release();
    expect((await first.promise).version).toBe(1);
  });

  it('refuses a save that waited while the project was published, once the publish commits', async () => {
    const { data, service, owner, movieId, clipA } = makeProject();
    let publish!: () => void;
    const publishing = data.transaction(async (tx) => {
      await data.projects.lockMovie(movieId, tx);
      await new Promise<void>((resolve) => (publish = resolve));
      await data.projects.markPublished(movieId, data.clock.now(), tx);
    });
    await settle();

    const save = track(
      service.save(owner, { movie_id: movieId, version: 0, plots: [node(-1, null, clipA)] }),
    );
    await settle();
    expect(save.settled).toBe(false);
    publish();
    await publishing;
    const refused = await refusal(save.promise);
    expect([refused.status, refused.message]).toEqual([409, MESSAGES.projectPublished]);
    expect(data.tables.plots.rows()).toEqual([]);
  });

  it('refuses a banner change that waited while its node was locked, once the lock commits', async () => {
    const project = makeProject();
    const { data, service, owner, movieId } = project;
    const [, bridge, left] = (await choiceStory(project)).data;
    const held = holdNextCall(data.plots, 'updatePlot');
    const locking = track(service.setLock(owner, bridge!.movie_plot_id, true));
    await held.reached;

    const banner = track(
      service.setBanner(owner, movieId, left!.movie_plot_id, [{ type: 'vertical', time_start: 1 }]),
    );
    await settle();
    expect(banner.settled).toBe(false);
    held.release();
    expect((await locking.promise).version).toBe(2);
    const refused = await refusal(banner.promise);
    expect([refused.status, refused.message]).toEqual([409, MESSAGES.plotLocked]);
    const stored = await service.get(owner, movieId);
    expect(stored.version).toBe(2);
    expect(stored.data.find((n) => n.movie_plot_id === left!.movie_plot_id)!.banner).toEqual([]);
  });

  it('counts every change as a version: a save made before a lock, banner or removal is stale', async () => {
    const project = makeProject();
    const { service, owner, movieId } = project;
    const saved = await choiceStory(project);
    const [root, bridge, left, right] = saved.data;
    const changes = [
      () => service.setLock(owner, bridge!.movie_plot_id, true),
      () => service.setLock(owner, bridge!.movie_plot_id, false),
      () => service.setBanner(owner, movieId, root!.movie_plot_id, []),
      () => service.remove(owner, movieId, right!.movie_plot_id),
    ];
    let version = saved.version;
    for (const change of changes) {
      const before = version;
      version = (await change()).version;
      expect(version).toBe(before + 1);
      const stale = await refusal(
        service.save(owner, { movie_id: movieId, version: before, plots: saved.data }),
      );
      expect([stale.status, stale.message]).toEqual([409, MESSAGES.plotStale]);
    }
    expect((await service.get(owner, movieId)).data.map((n) => n.movie_plot_id)).toEqual([
      root!.movie_plot_id,
      bridge!.movie_plot_id,
      left!.movie_plot_id,
    ]);
  });

  it('keeps the version when a change is refused', async () => {
    const project = makeProject();
    const { service, owner, movieId } = project;
    const [, bridge, left] = (await choiceStory(project)).data;
    await service.setLock(owner, left!.movie_plot_id, true);
    expect((await refusal(service.remove(owner, movieId, bridge!.movie_plot_id))).status).toBe(409);
    expect((await refusal(service.remove(owner, movieId, 999_999))).status).toBe(404);
    expect((await refusal(service.setLock(owner, 999_999, true))).message).toBe(
      MESSAGES.plotNotFound,
    );
    expect((await service.get(owner, movieId)).version).toBe(2);
  });
});

describe('a save that fails half-way', () => {
  it('leaves the stored storyline and its version as they were', async () => {
    const project = makeProject();
    const { data, service, owner, movieId, clipB, bridge } = project;
    const saved = await choiceStory(project);
    const [root, , left] = saved.data;
    failCall(data.plots, 'insertPlot', 2, new Error('connection lost'));

    const failed = service.save(owner, {
      movie_id: movieId,
      version: 1,
      plots: [
        ...saved.data.map((n) =>
          n.movie_plot_id === root!.movie_plot_id
            ? { ...n, banner: [{ type: 'vertical' as const, time_start: 2 }] }
            : n,
        ),
        node(-1, left!.movie_plot_id, bridge),
        node(-2, -1, clipB),
      ],
    });
    await expect(failed).rejects.toThrow('connection lost');
    expect(await service.get(owner, movieId)).toEqual(saved);
  });
});

describe('how a save writes the tree', () => {
  it('writes new nodes after their new parents, whatever the order they come in', async () => {
    const { data, service, owner, movieId, clipA, clipB, bridge } = makeProject();
    const saved = await service.save(owner, {
      movie_id: movieId,
      version: 0,
      plots: [
        node(-3, -2, clipA),
        node(-2, -1, bridge),
        node(-4, -2, clipB),
        node(-1, null, clipA),
      ],
    });
    const [root, middle, left, right] = saved.data;
    expect(saved.data.map((n) => [n.parent_id, n.movie_content_id])).toEqual([
      [null, clipA],
      [root!.movie_plot_id, bridge],
      [middle!.movie_plot_id, clipA],
      [middle!.movie_plot_id, clipB],
    ]);
    expect(data.tables.plots.rows().map((row) => row.id)).toEqual(
      [root, middle, left, right].map((n) => n!.movie_plot_id),
    );
  });

  it('stores the options in the order sent, and a reorder changes only that', async () => {
    const project = makeProject();
    const { service, owner, movieId } = project;
    const saved = await choiceStory(project);
    const [root, bridge, left, right] = saved.data;
    const reordered = await service.save(owner, {
      movie_id: movieId,
      version: 1,
      plots: [root!, bridge!, right!, left!],
    });
    expect(reordered.data).toEqual([root, bridge, right, left]);
    expect(await service.get(owner, movieId)).toEqual(reordered);
  });

  it('makes each node sent without an id a new node of its own', async () => {
    const { service, owner, movieId, clipA, clipB, bridge } = makeProject();
    const saved = await service.save(owner, {
      movie_id: movieId,
      version: 0,
      plots: [
        node(-1, null, clipA),
        node(-2, -1, bridge),
        node(undefined, -2, clipA),
        node(undefined, -2, clipB),
      ],
    });
    const ids = saved.data.map((n) => n.movie_plot_id);
    expect(new Set(ids).size).toBe(4);
    expect(ids.every((id) => id > 0)).toBe(true);
    expect(saved.data.slice(2).map((n) => n.movie_content_id)).toEqual([clipA, clipB]);
  });

  it('keeps a node whose removed parent it moved away from', async () => {
    const { data, service, owner, movieId, clipA, clipB, bridge } = makeProject();
    const first = await service.save(owner, {
      movie_id: movieId,
      version: 0,
      plots: [
        node(-1, null, clipA),
        node(-2, -1, bridge),
        node(-3, -2, clipB),
        node(-4, -1, bridge),
      ],
    });
    const [root, removed, moved, kept] = first.data;
    const next = await service.save(owner, {
      movie_id: movieId,
      version: 1,
      plots: [root!, kept!, { ...moved!, parent_id: kept!.movie_plot_id }],
    });
    expect(next.data).toEqual([root, kept, { ...moved, parent_id: kept!.movie_plot_id }]);
    expect(data.tables.plots.find(removed!.movie_plot_id)).toBeNull();
  });

  it('writes a default and a link naming new nodes once those have their real ids', async () => {
    const { data, service, owner, movieId, clipA, clipB, bridge } = makeProject();
    // In tree order the bridge (-2) and the link (-5) come before the node they name (-4).
    const saved = await service.save(owner, {
      movie_id: movieId,
      version: 0,
      variables: [{ name: 'seen', kind: 'flag', start: false }],
      plots: [
        node(-1, null, clipA),
        node(-2, -1, bridge, { decision_seconds: 5, default_option_id: -4 }),
        node(-3, -2, clipB, {
          condition: { join: 'and', clauses: [{ variable: 'seen', op: 'eq', value: false }] },
        }),
        node(-5, -3, bridge, { goto_id: -4 }),
        node(-4, -2, clipA, { effects: [{ variable: 'seen', op: 'set', value: true }] }),
      ],
    });
    const [, middle, , link, target] = saved.data;
    expect(target!.movie_plot_id).toBeGreaterThan(0);
    expect(middle!.default_option_id).toBe(target!.movie_plot_id);
    expect(link!.goto_id).toBe(target!.movie_plot_id);
    expect(data.tables.plots.find(link!.movie_plot_id)!.gotoId).toBe(target!.movie_plot_id);
    expect(saved.variables).toEqual([{ name: 'seen', kind: 'flag', start: false }]);

    // Removing the node they name leaves them null; the variables stay.
    const removed = await service.remove(owner, movieId, target!.movie_plot_id);
    expect(removed.data.map((n) => [n.default_option_id, n.goto_id])).toEqual([
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(removed.variables).toEqual(saved.variables);
  });

  it('keeps the stored variables when a save sends none, and refuses what they do not declare', async () => {
    const { service, owner, movieId, clipA } = makeProject();
    const variables = [{ name: 'score', kind: 'number' as const, start: 5 }];
    const effects = [{ variable: 'score', op: 'add' as const, value: 1 }];
    const first = await service.save(owner, {
      movie_id: movieId,
      version: 0,
      variables,
      plots: [node(-1, null, clipA, { effects })],
    });
    const second = await service.save(owner, { movie_id: movieId, version: 1, plots: first.data });
    expect(second.variables).toEqual(variables);
    const refused = await refusal(
      service.save(owner, { movie_id: movieId, version: 2, variables: [], plots: second.data }),
    );
    expect([refused.status, refused.message]).toEqual([
      400,
      formatMessage(MESSAGES.variableUnknown, { variable: 'score' }),
    ]);
    expect(await service.get(owner, movieId)).toEqual(second);
  });

  it('takes durations from the items, not the request, and 0 for an item of unknown length', async () => {
    const { data, service, owner, movieId, clipA } = makeProject();
    const silent = data.makeContent(movieId, { type: CONTENT_TYPE.bridge, durationSeconds: null });
    const saved = await service.save(owner, {
      movie_id: movieId,
      version: 0,
      plots: [node(-1, null, clipA, { duration: 999 }), node(-2, -1, silent.id, { duration: 5 })],
    });
    expect(saved.data.map((n) => n.duration)).toEqual([60, 0]);

    data.tables.contents.update(clipA, { durationSeconds: 61.5 });
    const again = await service.save(owner, { movie_id: movieId, version: 1, plots: saved.data });
    expect(again.data.map((n) => n.duration)).toEqual([61.5, 0]);
  });
});

describe('who reaches a storyline', () => {
  it("hides another company's plot as not found, and lets internal staff change it", async () => {
    const project = makeProject();
    const { service, movieId } = project;
    const [root] = (await choiceStory(project)).data;
    const stranger = fakeCaller(2);
    const hidden = await refusal(service.setLock(stranger, root!.movie_plot_id, true));
    expect([hidden.status, hidden.message]).toEqual([404, MESSAGES.plotNotFound]);
    const unreached = await refusal(service.get(stranger, movieId));
    expect([unreached.status, unreached.message]).toEqual([404, MESSAGES.projectNotFound]);

    const staff = await service.setLock(fakeCaller(null, 'internal'), root!.movie_plot_id, true);
    expect(staff.data[0]!.locked).toBe('1');
  });
});
