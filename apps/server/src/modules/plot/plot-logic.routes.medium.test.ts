import {
  formatMessage,
  MESSAGES,
  NO_NODE_LOGIC,
  type NodeLogic,
  type PlotNode,
  type StoryVariable,
} from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { saveNode, startProjectSuite } from '../../test/test-projects.ts';

/** The storyline's story logic through `/api/movie-plot` (docs/PLOT.md, "Story logic"). */

type Storyline = { data: PlotNode[]; variables: StoryVariable[]; version: number };
type Reply = Storyline & { message?: string };

const { server, make, owner } = await startProjectSuite();

const VARIABLES: StoryVariable[] = [
  { name: 'score', kind: 'number', start: 0 },
  { name: 'met_alex', kind: 'flag', start: false },
];

/** Clips A, B, C (60, 30, 20 s) and bridges X, Y (10 s each) of a new project. */
async function makeLogicProject() {
  const movieId = await make.makeProject(owner.token);
  return {
    movieId,
    clipA: await make.readyItem(movieId, 1, 60),
    clipB: await make.readyItem(movieId, 1, 30),
    clipC: await make.readyItem(movieId, 1, 20),
    bridgeX: await make.readyItem(movieId, 2, 10),
    bridgeY: await make.readyItem(movieId, 2, 10),
  };
}
type Project = Awaited<ReturnType<typeof makeLogicProject>>;

const getPlot = (movieId: number) =>
  server.request<Reply>('GET', `/api/movie-plot/${movieId}`, { token: owner.token });
const savePlot = (body: unknown) =>
  server.request<Reply>('POST', '/api/movie-plot', { token: owner.token, body });
const deletePlot = (movieId: number, id: number) =>
  server.request<Reply>('DELETE', `/api/movie-plot/${movieId}/${id}`, { token: owner.token });
const lockPlot = (movie_plot_id: number, status: boolean) =>
  server.request<Reply>('PUT', '/api/movie-plot/lock', {
    token: owner.token,
    body: { movie_plot_id, status },
  });

const scoreAtLeast = (value: number) => ({
  join: 'and' as const,
  clauses: [{ variable: 'score', op: 'ge' as const, value }],
});

/**
 * clip A (sets score to 1) → bridge X, a timed choice (10 s, default C) → clip B (shown when
 * score ≥ 1, meets Alex) → bridge Y, which continues at C | clip C (adds 2 to score). X's default
 * and Y's link name C by its temporary id, and C is written after both.
 */
const logicStory = (p: Project) => [
  saveNode(-1, null, p.clipA, { effects: [{ variable: 'score', op: 'set', value: 1 }] }),
  saveNode(-2, -1, p.bridgeX, { decision_seconds: 10, default_option_id: -4 }),
  saveNode(-3, -2, p.clipB, {
    condition: scoreAtLeast(1),
    effects: [{ variable: 'met_alex', op: 'set', value: true }],
  }),
  saveNode(-5, -3, p.bridgeY, { goto_id: -4 }),
  saveNode(-4, -2, p.clipC, { effects: [{ variable: 'score', op: 'add', value: 2 }] }),
];

/** Saves the logic story with its variables from version 0; answers the stored storyline. */
async function saveLogicStory(project: Project): Promise<Storyline> {
  const saved = await savePlot({
    movie_id: project.movieId,
    version: 0,
    variables: VARIABLES,
    plots: logicStory(project),
  });
  expect(saved.status, saved.text).toBe(200);
  return saved.body;
}

/** The stored nodes by item, for stories with one node per item. */
const byItem = (storyline: Storyline, contentId: number) =>
  storyline.data.find((n) => n.movie_content_id === contentId)!;

describe('POST /api/movie-plot with story logic', () => {
  it('stores every logic field and the variables, with temporary ids of links made real, and reads them back', async () => {
    const project = await makeLogicProject();
    const saved = await saveLogicStory(project);
    const [a, x, b, y, c] = [
      byItem(saved, project.clipA),
      byItem(saved, project.bridgeX),
      byItem(saved, project.clipB),
      byItem(saved, project.bridgeY),
      byItem(saved, project.clipC),
    ];
    expect(saved.variables).toEqual(VARIABLES);
    expect(saved.version).toBe(1);
    expect(a).toMatchObject({
      ...NO_NODE_LOGIC,
      effects: [{ variable: 'score', op: 'set', value: 1 }],
    });
    expect(x).toMatchObject({
      ...NO_NODE_LOGIC,
      branch: 'choice',
      decision_seconds: 10,
      default_option_id: c!.movie_plot_id,
    });
    expect(b).toMatchObject({
      ...NO_NODE_LOGIC,
      condition: scoreAtLeast(1),
      effects: [{ variable: 'met_alex', op: 'set', value: true }],
    });
    expect(y).toMatchObject({ ...NO_NODE_LOGIC, goto_id: c!.movie_plot_id });
    expect(c).toMatchObject({
      ...NO_NODE_LOGIC,
      parent_id: x!.movie_plot_id,
      effects: [{ variable: 'score', op: 'add', value: 2 }],
    });
    expect((await getPlot(project.movieId)).body).toEqual(saved);

    // Left out, the variables stay; the nodes sent as they were read keep their logic.
    const again = await savePlot({ movie_id: project.movieId, version: 1, plots: saved.data });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual({ ...saved, version: 2 });

    // Sent, they replace the stored ones; a node sent without logic fields has none.
    const renamed: StoryVariable[] = [...VARIABLES, { name: 'lives', kind: 'number', start: 3 }];
    const changed = await savePlot({
      movie_id: project.movieId,
      version: 2,
      variables: renamed,
      plots: saved.data.map((n) =>
        n.movie_plot_id === a!.movie_plot_id
          ? saveNode(n.movie_plot_id, null, project.clipA)
          : { ...n, ...(n.movie_plot_id === x!.movie_plot_id ? { decision_seconds: 30 } : {}) },
      ),
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.variables).toEqual(renamed);
    expect(byItem(changed.body, project.clipA)).toMatchObject(NO_NODE_LOGIC);
    expect(byItem(changed.body, project.bridgeX).decision_seconds).toBe(30);
    expect((await getPlot(project.movieId)).body).toEqual(changed.body);
  });

  it('saves an automatic branch with its fallback, and a loop that passes through a choice', async () => {
    const project = await makeLogicProject();
    const saved = await savePlot({
      movie_id: project.movieId,
      version: 0,
      variables: VARIABLES,
      plots: [
        saveNode(-1, null, project.clipA),
        // The viewer chooses between B and C; C's bridge goes back to the start.
        saveNode(-2, -1, project.bridgeX),
        saveNode(-3, -2, project.clipB),
        saveNode(-4, -2, project.clipC),
        saveNode(-5, -4, project.bridgeY, { goto_id: -1 }),
        // After B, an automatic branch: A again when Alex was met, else C.
        saveNode(-6, -3, project.bridgeX, { branch: 'auto', default_option_id: -8 }),
        saveNode(-7, -6, project.clipA, {
          condition: { join: 'or', clauses: [{ variable: 'met_alex', op: 'eq', value: true }] },
        }),
        saveNode(-8, -6, project.clipC),
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    const root = saved.body.data[0]!;
    const auto = saved.body.data.find((n) => n.branch === 'auto')!;
    const options = saved.body.data.filter((n) => n.parent_id === auto.movie_plot_id);
    expect(auto.default_option_id).toBe(options[1]!.movie_plot_id);
    expect(saved.body.data.find((n) => n.goto_id !== null)!.goto_id).toBe(root.movie_plot_id);
  });
});

describe('POST /api/movie-plot refuses malformed story logic', () => {
  type Case = [string, (p: Project, stored: Storyline) => Record<string, unknown>, string];
  /** The stored story's nodes with one node changed (found by item), as the studio sends them. */
  const withChange =
    (contentOf: (p: Project) => number, change: Partial<NodeLogic>) =>
    (p: Project, stored: Storyline) => ({
      plots: stored.data.map((n) =>
        n.movie_content_id === contentOf(p) ? { ...n, ...change } : n,
      ),
    });
  /** The stored ids of A, X, B, Y and C. */
  const idsOf = (p: Project, stored: Storyline) =>
    [p.clipA, p.bridgeX, p.clipB, p.bridgeY, p.clipC].map(
      (item) => byItem(stored, item).movie_plot_id,
    );
  const unknownVariable = formatMessage(MESSAGES.variableUnknown, { variable: 'lives' });

  it.each<Case>([
    [
      'a variable name with capitals',
      () => ({ variables: [{ name: 'Score', kind: 'number', start: 0 }] }),
      MESSAGES.variableName,
    ],
    [
      'a variable name starting with a digit',
      () => ({ variables: [{ name: '1st', kind: 'flag', start: true }] }),
      MESSAGES.variableName,
    ],
    [
      'a duplicate variable',
      () => ({ variables: [...VARIABLES, { name: 'score', kind: 'flag', start: true }] }),
      MESSAGES.variableDuplicate,
    ],
    [
      'a flag starting at a number',
      () => ({ variables: [{ name: 'met_alex', kind: 'flag', start: 0 }] }),
      MESSAGES.variableKindMismatch,
    ],
    [
      'a condition naming an unknown variable',
      withChange((p) => p.clipB, {
        condition: { join: 'and', clauses: [{ variable: 'lives', op: 'gt', value: 0 }] },
      }),
      unknownVariable,
    ],
    [
      'an effect naming an unknown variable',
      withChange((p) => p.clipC, { effects: [{ variable: 'lives', op: 'add', value: -1 }] }),
      unknownVariable,
    ],
    [
      'variables that leave a node with an unknown one',
      (_p, stored) => ({
        variables: [VARIABLES[1]],
        plots: stored.data,
      }),
      formatMessage(MESSAGES.variableUnknown, { variable: 'score' }),
    ],
    [
      'a flag compared with a number',
      withChange((p) => p.clipB, {
        condition: { join: 'and', clauses: [{ variable: 'met_alex', op: 'eq', value: 1 }] },
      }),
      formatMessage(MESSAGES.variableIsFlag, { variable: 'met_alex' }),
    ],
    [
      'a number compared with yes/no',
      withChange((p) => p.clipB, {
        condition: { join: 'and', clauses: [{ variable: 'score', op: 'eq', value: true }] },
      }),
      formatMessage(MESSAGES.variableIsNumber, { variable: 'score' }),
    ],
    [
      'an add to a flag',
      withChange((p) => p.clipC, { effects: [{ variable: 'met_alex', op: 'add', value: 1 }] }),
      formatMessage(MESSAGES.variableIsFlag, { variable: 'met_alex' }),
    ],
    [
      'a condition on the first clip',
      withChange((p) => p.clipA, { condition: scoreAtLeast(0) }),
      MESSAGES.logicOnRoot,
    ],
    [
      'a default that is not an option of its plot',
      (p, stored) =>
        withChange((q) => q.bridgeX, {
          default_option_id: byItem(stored, p.clipA).movie_plot_id,
        })(p, stored),
      MESSAGES.defaultNotOption,
    ],
    [
      'a default with a condition',
      (p, stored) =>
        withChange((q) => q.bridgeX, {
          default_option_id: byItem(stored, p.clipB).movie_plot_id,
        })(p, stored),
      MESSAGES.defaultHasCondition,
    ],
    [
      'a link to a plot not in the storyline',
      withChange((p) => p.bridgeY, { goto_id: -99 }),
      MESSAGES.gotoUnknown,
    ],
    [
      'a link to the same kind of item',
      (p, stored) =>
        withChange((q) => q.bridgeY, {
          goto_id: byItem(stored, p.bridgeX).movie_plot_id,
        })(p, stored),
      MESSAGES.gotoAlternation,
    ],
    [
      'a link from a plot with options',
      (p, stored) =>
        withChange((q) => q.clipB, {
          goto_id: byItem(stored, p.bridgeX).movie_plot_id,
        })(p, stored),
      MESSAGES.gotoWithOptions,
    ],
    [
      'a loop made of links and single options',
      (p, stored) => {
        const [a, x, b, y] = idsOf(p, stored);
        // X offers B alone: nothing is chosen from A to Y, which goes back to A.
        return {
          plots: [
            saveNode(a!, null, p.clipA),
            saveNode(x!, a!, p.bridgeX),
            saveNode(b!, x!, p.clipB, { condition: scoreAtLeast(1) }),
            saveNode(y!, b!, p.bridgeY, { goto_id: a! }),
          ],
        };
      },
      MESSAGES.autoLoop,
    ],
    [
      'a loop through an automatic branch',
      (p, stored) => {
        const [a, x, b, y, c] = idsOf(p, stored);
        return {
          plots: [
            saveNode(a!, null, p.clipA),
            saveNode(x!, a!, p.bridgeX, { branch: 'auto', default_option_id: c! }),
            saveNode(b!, x!, p.clipB, { condition: scoreAtLeast(1) }),
            saveNode(y!, b!, p.bridgeY, { goto_id: a! }),
            saveNode(c!, x!, p.clipC),
            saveNode(-1, c!, p.bridgeY, { goto_id: a! }),
          ],
        };
      },
      MESSAGES.autoLoop,
    ],
    [
      'a decision time under 3 seconds',
      withChange((p) => p.bridgeX, { decision_seconds: 2 }),
      'decision_seconds',
    ],
    [
      'an unknown branch mode',
      withChange((p) => p.bridgeX, { branch: 'random' as never }),
      'branch',
    ],
  ])('refuses %s with 400 and leaves the storyline as it was', async (_case, change, message) => {
    const project = await makeLogicProject();
    const stored = await saveLogicStory(project);
    const response = await savePlot({
      movie_id: project.movieId,
      version: stored.version,
      plots: stored.data,
      ...change(project, stored),
    });
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toContain(message);
    expect((await getPlot(project.movieId)).body).toEqual(stored);
  });
});

describe('locked plots and removals with story logic', () => {
  it("refuses with 409 a change of a locked plot's logic, and of a locked option's", async () => {
    const project = await makeLogicProject();
    const saved = await saveLogicStory(project);
    const bridge = byItem(saved, project.bridgeX).movie_plot_id;
    const locked = await lockPlot(bridge, true);
    expect(locked.status, locked.text).toBe(200);
    // Every change answers the variables with the nodes and their logic.
    expect(locked.body).toEqual({
      ...saved,
      data: saved.data.map((n) => (n.movie_plot_id === bridge ? { ...n, locked: '1' } : n)),
      version: 2,
    });
    const changes: [number, Partial<NodeLogic>][] = [
      [project.bridgeX, { decision_seconds: 20 }],
      [project.bridgeX, { default_option_id: null, decision_seconds: null }],
      [project.clipB, { condition: scoreAtLeast(2) }],
      [project.clipC, { effects: [] }],
      [project.bridgeY, { goto_id: null }],
    ];
    for (const [item, change] of changes) {
      const response = await savePlot({
        movie_id: project.movieId,
        version: locked.body.version,
        plots: locked.body.data.map((n) => (n.movie_content_id === item ? { ...n, ...change } : n)),
      });
      expect(response.status, JSON.stringify(change)).toBe(409);
      expect(response.body.message).toBe(MESSAGES.plotLockedChanged);
    }
    // Outside the locked subtree, logic still changes.
    const allowed = await savePlot({
      movie_id: project.movieId,
      version: locked.body.version,
      plots: locked.body.data.map((n) =>
        n.movie_content_id === project.clipA ? { ...n, effects: [] } : n,
      ),
    });
    expect(allowed.status, allowed.text).toBe(200);
  });

  it('clears the defaults and links to a removed plot, in the answer and the stored storyline', async () => {
    const project = await makeLogicProject();
    const saved = await saveLogicStory(project);
    const removed = await deletePlot(project.movieId, byItem(saved, project.clipC).movie_plot_id);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data.map((n) => n.movie_content_id)).toEqual([
      project.clipA,
      project.bridgeX,
      project.clipB,
      project.bridgeY,
    ]);
    expect(byItem(removed.body, project.bridgeX)).toMatchObject({
      decision_seconds: 10,
      default_option_id: null,
    });
    expect(byItem(removed.body, project.bridgeY).goto_id).toBeNull();
    expect(removed.body.variables).toEqual(VARIABLES);
    const banner = await server.request<Reply>('POST', '/api/movie-plot/banner', {
      token: owner.token,
      body: {
        movie_id: project.movieId,
        movie_plot_id: byItem(saved, project.clipA).movie_plot_id,
        banner: [{ banner_type: 'vertical', banner_time_start: 1 }],
      },
    });
    expect(banner.status, banner.text).toBe(200);
    expect(banner.body.variables).toEqual(VARIABLES);
    expect(byItem(banner.body, project.clipA).effects).toEqual(
      byItem(saved, project.clipA).effects,
    );
    expect((await getPlot(project.movieId)).body).toEqual(banner.body);
  });

  it('refuses with 409 the removal of a plot a locked plot links to', async () => {
    const project = await makeLogicProject();
    const saved = await saveLogicStory(project);
    const locked = await lockPlot(byItem(saved, project.bridgeY).movie_plot_id, true);
    expect(locked.status, locked.text).toBe(200);
    const response = await deletePlot(project.movieId, byItem(saved, project.clipC).movie_plot_id);
    expect(response.status, response.text).toBe(409);
    expect(response.body.message).toBe(MESSAGES.plotLocked);
    expect((await getPlot(project.movieId)).body).toEqual(locked.body);
  });
});
