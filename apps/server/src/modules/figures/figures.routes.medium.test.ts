import {
  FIGURES_MAX_DAYS,
  FIGURES_RANGE_BACKWARDS,
  MESSAGES,
  type ProjectFigures,
} from '@plotline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startProjectSuite, type ProjectStory } from '../../test/test-projects.ts';

const DAY_MS = 86_400_000;

const { server, make, owner, analystToken, strangerToken } = await startProjectSuite();
let staffToken: string;
let story: ProjectStory;
let other: ProjectStory;

/** Today (UTC) by the server's clock, as a time at its midnight. */
let today: number;
const dayAgo = (days: number) => new Date(today - days * DAY_MS).toISOString().slice(0, 10);

let addresses = 0;

const HOST_DAYS_AGO = 50;

/** Posts a batch as the player does, received at `at` by the server's clock. */
async function post(at: number, session: string, events: object[], slug = 'figures-story') {
  const shift = at - server.clock.now().getTime();
  server.clock.advance(shift);
  try {
    const response = await server.request('POST', `/api/watch/${slug}/events`, {
      rawBody: JSON.stringify({ session: `session-${session}-0123456789`, events }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${++addresses}` },
    });
    expect(response.status, response.text).toBe(204);
  } finally {
    server.clock.advance(-shift);
  }
}

beforeAll(async () => {
  staffToken = await server.signIn(await server.makeUser({ role: 'internal', companyType: null }));
  story = await make.makeStory(owner.token, 'figures-story');
  const { opening, bridge, left, right } = story.nodes;
  // The bridge's choice is timed: the right clip is taken when the viewer does not choose.
  const saved = await server.request('POST', '/api/movie-plot', {
    token: owner.token,
    body: {
      movie_id: story.movieId,
      version: 1,
      plots: [
        {
          movie_plot_id: opening,
          parent_id: null,
          movie_content_id: story.items.opening,
          locked: '0',
        },
        {
          movie_plot_id: bridge,
          parent_id: opening,
          movie_content_id: story.items.bridge,
          locked: '0',
          decision_seconds: 10,
          default_option_id: right,
        },
        { movie_plot_id: left, parent_id: bridge, movie_content_id: story.items.left, locked: '0' },
        {
          movie_plot_id: right,
          parent_id: bridge,
          movie_content_id: story.items.right,
          locked: '0',
        },
      ],
    },
  });
  expect(saved.status, saved.text).toBe(200);
  await make.publish(owner.token, story.movieId);
  other = await make.makeStory(owner.token, 'figures-other');
  await make.publish(owner.token, other.movieId);
  const now = server.clock.now().getTime();
  today = now - (now % DAY_MS);
  const noon = (days: number) => today - days * DAY_MS + DAY_MS / 2;
  const start = { type: 'start', at: 0 };
  const reach = (node: number, at: number) => ({ type: 'node', at, node_id: node });
  const choose = (option: number, by?: 'viewer' | 'timer' | 'host') => ({
    type: 'choice',
    at: 70_000,
    node_id: bridge,
    option_id: option,
    ...(by ? { by } : {}),
  });
  const watched = (seconds: number) => ({ type: 'watched', at: 80_000, seconds });
  const ending = (node: number) => ({ type: 'ending', at: 90_000, node_id: node });
  const upToChoice = [start, reach(opening, 0), reach(bridge, 60_000)];

  // Today: a whole viewing, sent in two batches; the second repeats its start. The timer chose.
  await post(noon(0), 'a', [...upToChoice, choose(right, 'timer'), watched(70)]);
  await post(noon(0) + 1000, 'a', [start, reach(right, 70_000), ending(right)]);
  // A batch sent again (its answer was lost): a viewing that reached an ending counts once.
  await post(noon(0) + 2000, 'a', [ending(right)]);
  // Yesterday: one viewing stops in the right clip, another takes the other option to its end.
  await post(noon(1), 'b', [...upToChoice, choose(right), reach(right, 70_000), watched(30)]);
  await post(noon(1), 'c', [
    ...upToChoice,
    choose(left, 'viewer'),
    reach(left, 70_000),
    watched(20),
    ending(left),
  ]);
  // The first moment of the default range's first day: a viewing that stops in the bridge, its
  // events sent out of order (the player's clock says where it was last), and the last moment
  // of the day before it.
  await post(today - 29 * DAY_MS, 'd', [
    start,
    reach(bridge, 60_000),
    reach(opening, 0),
    watched(10),
  ]);
  await post(today - 29 * DAY_MS - 1, 'e', [start, reach(opening, 0)]);
  // 50 days ago, outside the other ranges asked: the page embedding the player chose for two
  // viewings, a viewer for a third.
  await post(noon(HOST_DAYS_AGO), 'f', [...upToChoice, choose(left, 'host')]);
  await post(noon(HOST_DAYS_AGO), 'g', [...upToChoice, choose(right, 'host')]);
  await post(noon(HOST_DAYS_AGO), 'h', [...upToChoice, choose(left)]);
  // Another project's viewing, today.
  await post(noon(0), 'a', [{ type: 'start', at: 0 }], 'figures-other');
}, 90_000);

const figures = (query = '', token = owner.token, movieId: number | string = story.movieId) =>
  server.request<{ data: ProjectFigures }>('GET', `/api/movie/${movieId}/figures${query}`, {
    token,
  });

describe('GET /api/movie/{movieId}/figures', () => {
  it('counts the last 30 days up to today by default', async () => {
    const response = await figures();
    expect(response.status, response.text).toBe(200);
    const data = response.body.data;
    expect(data).toMatchObject({
      from: dayAgo(29),
      to: dayAgo(0),
      views: 4,
      completions: 2,
      average_watch_seconds: (70 + 30 + 20 + 10) / 4,
    });
    expect(data.days).toHaveLength(30);
    expect(data.days[0]).toEqual({ day: dayAgo(29), views: 1, completions: 0 });
    expect(data.days.at(-2)).toEqual({ day: dayAgo(1), views: 2, completions: 1 });
    expect(data.days.at(-1)).toEqual({ day: dayAgo(0), views: 1, completions: 1 });
    expect(data.days.slice(1, -2).every((day) => day.views === 0 && day.completions === 0)).toBe(
      true,
    );
    expect(data.days.map((day) => day.day)).toEqual([...data.days.map((day) => day.day)].sort());
    expect(data.choices).toEqual([
      {
        node_id: story.nodes.bridge,
        total: 3,
        defaults: 1,
        by_host: 0,
        options: [
          { option_id: story.nodes.left, count: 1 },
          { option_id: story.nodes.right, count: 2 },
        ],
      },
    ]);
  });

  it('counts a range of days, both ends included, every option listed', async () => {
    const dayBefore = (await figures(`?from=${dayAgo(30)}&to=${dayAgo(30)}`)).body.data;
    expect(dayBefore).toEqual({
      from: dayAgo(30),
      to: dayAgo(30),
      views: 1,
      completions: 0,
      average_watch_seconds: 0,
      days: [{ day: dayAgo(30), views: 1, completions: 0 }],
      choices: [
        {
          node_id: story.nodes.bridge,
          total: 0,
          defaults: 0,
          by_host: 0,
          options: [
            { option_id: story.nodes.left, count: 0 },
            { option_id: story.nodes.right, count: 0 },
          ],
        },
      ],
      nodes: [
        { node_id: story.nodes.opening, reached: 1, left: 1 },
        { node_id: story.nodes.bridge, reached: 0, left: 0 },
        { node_id: story.nodes.left, reached: 0, left: 0 },
        { node_id: story.nodes.right, reached: 0, left: 0 },
      ],
    });
    expect((await figures(`?from=${dayAgo(29)}&to=${dayAgo(29)}`)).body.data.views).toBe(1);
    const yesterday = (await figures(`?from=${dayAgo(1)}&to=${dayAgo(1)}`)).body.data;
    expect(yesterday).toMatchObject({ views: 2, completions: 1, average_watch_seconds: 25 });
    expect(yesterday.choices[0]!.total).toBe(2);
    const all = (await figures(`?from=${dayAgo(40)}`)).body.data;
    expect(all).toMatchObject({ from: dayAgo(40), to: dayAgo(0), views: 5, completions: 2 });
    expect(all.days).toHaveLength(41);
    const empty = (await figures(`?from=${dayAgo(90)}&to=${dayAgo(60)}`)).body.data;
    expect(empty).toMatchObject({ views: 0, completions: 0, average_watch_seconds: 0 });
    expect(empty.days).toHaveLength(31);
  });

  it(`takes up to ${FIGURES_MAX_DAYS} days and refuses a longer or backward range with 400`, async () => {
    const longest = await figures(`?from=${dayAgo(FIGURES_MAX_DAYS - 1)}&to=${dayAgo(0)}`);
    expect(longest.status, longest.text).toBe(200);
    expect(longest.body.data.days).toHaveLength(FIGURES_MAX_DAYS);
    for (const query of [
      `?from=${dayAgo(FIGURES_MAX_DAYS)}&to=${dayAgo(0)}`,
      `?from=${dayAgo(FIGURES_MAX_DAYS)}`,
      `?from=${dayAgo(0)}&to=${dayAgo(1)}`,
      `?from=${new Date(today + DAY_MS).toISOString().slice(0, 10)}`,
      '?from=2026-02-30',
      '?to=yesterday',
    ]) {
      const response = await figures(query);
      expect(response.status, query).toBe(400);
      expect(typeof (response.body as unknown as { message: string }).message).toBe('string');
    }
  });

  it("lets an analyst read; another company's or an unknown project is 404", async () => {
    expect((await figures('', analystToken)).body.data.views).toBe(4);
    for (const [token, movieId] of [
      [strangerToken, story.movieId],
      [owner.token, 999_999],
    ] as const) {
      const response = await figures('', token, movieId);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.projectNotFound });
    }
    expect((await figures('', owner.token, 'abc')).status).toBe(400);
  });

  it('refuses staff without the right and the signed-out', async () => {
    expect((await figures('', staffToken)).status).toBe(403);
    const signedOut = await server.request('GET', `/api/movie/${story.movieId}/figures`);
    expect(signedOut.status).toBe(401);
  });

  it("counts only the project's own viewings", async () => {
    const response = await figures('', owner.token, other.movieId);
    expect(response.body.data).toMatchObject({ views: 1, completions: 0 });
  });
});

describe('GET /api/movie/{movieId}/figures: per node and per timed choice', () => {
  it('counts, per node in reading order, the viewings that reached it and those that left there', async () => {
    const { opening, bridge, left, right } = story.nodes;
    // d's events came out of order: its last node by the player's clock is the bridge.
    expect((await figures()).body.data.nodes).toEqual([
      { node_id: opening, reached: 4, left: 0 },
      { node_id: bridge, reached: 4, left: 1 },
      { node_id: left, reached: 1, left: 0 },
      { node_id: right, reached: 2, left: 1 },
    ]);
    const yesterday = (await figures(`?from=${dayAgo(1)}&to=${dayAgo(1)}`)).body.data;
    expect(yesterday.nodes).toEqual([
      { node_id: opening, reached: 2, left: 0 },
      { node_id: bridge, reached: 2, left: 0 },
      { node_id: left, reached: 1, left: 0 },
      { node_id: right, reached: 1, left: 1 },
    ]);
    // a's ending came in a batch of its own: still no one left today.
    const today = (await figures(`?from=${dayAgo(0)}`)).body.data;
    expect(today.nodes.map((node) => [node.reached, node.left])).toEqual([
      [1, 0],
      [1, 0],
      [0, 0],
      [1, 0],
    ]);
  });

  it("counts how often a timed choice's timer took the default", async () => {
    expect((await figures(`?from=${dayAgo(0)}`)).body.data.choices[0]).toMatchObject({
      total: 1,
      defaults: 1,
    });
    expect(
      (await figures(`?from=${dayAgo(1)}&to=${dayAgo(1)}`)).body.data.choices[0],
    ).toMatchObject({
      total: 2,
      defaults: 0,
      options: [
        { option_id: story.nodes.left, count: 1 },
        { option_id: story.nodes.right, count: 1 },
      ],
    });
  });
});

const csv = (query = '', token = owner.token, movieId: number | string = story.movieId) =>
  server.request('GET', `/api/movie/${movieId}/figures.csv${query}`, { token });

/** The cells of a CSV text whose every cell is quoted, by line. */
const cellsOf = (text: string) =>
  text
    .split('\r\n')
    .slice(0, -1)
    .map((line) =>
      line
        .slice(1, -1)
        .split('","')
        .map((cell) => cell.replace(/""/g, '"')),
    );

describe('GET /api/movie/{movieId}/figures.csv', () => {
  it('answers a CSV attachment: a header, then one line per node in reading order', async () => {
    const response = await csv();
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="figures-story-figures-${dayAgo(29)}-to-${dayAgo(0)}.csv"`,
    );
    const { opening, bridge, left, right } = story.nodes;
    expect(response.text.endsWith('\r\n')).toBe(true);
    expect(cellsOf(response.text)).toEqual([
      [
        'node_id',
        'parent_id',
        'type',
        'item',
        'reached',
        'left',
        'chosen',
        'default_taken',
        'host_taken',
      ],
      [`${opening}`, '', 'clip', 'opening.mp4', '4', '0', '', '', ''],
      [`${bridge}`, `${opening}`, 'bridge', 'bridge.mp4', '4', '1', '', '1', '0'],
      [`${left}`, `${bridge}`, 'clip', 'left.mp4', '1', '0', '1', '', ''],
      [`${right}`, `${bridge}`, 'clip', 'right.mp4', '2', '1', '2', '', ''],
    ]);
  });

  it('refuses a range as the figures do, with 400 and its reason', async () => {
    const tomorrow = new Date(today + DAY_MS).toISOString().slice(0, 10);
    for (const [query, message] of [
      [`?from=${tomorrow}`, FIGURES_RANGE_BACKWARDS],
      [`?from=${dayAgo(0)}&to=${dayAgo(1)}`, FIGURES_RANGE_BACKWARDS],
      [`?from=${dayAgo(FIGURES_MAX_DAYS)}`, `Choose a range of at most ${FIGURES_MAX_DAYS} days`],
      ['?to=yesterday', 'YYYY-MM-DD'],
    ] as const) {
      const response = await csv(query);
      expect(response.status, query).toBe(400);
      expect((response.body as { message: string }).message, query).toContain(message);
    }
  });

  it('lets an analyst read, and refuses as the figures do', async () => {
    expect((await csv('', analystToken)).status).toBe(200);
    for (const [token, movieId] of [
      [strangerToken, story.movieId],
      [owner.token, 999_999],
    ] as const) {
      const response = await csv('', token, movieId);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.projectNotFound });
    }
    expect((await csv('', owner.token, 'abc')).status).toBe(400);
    expect((await csv('', staffToken)).status).toBe(403);
    expect((await server.request('GET', `/api/movie/${story.movieId}/figures.csv`)).status).toBe(
      401,
    );
  });
});

describe("GET /api/movie/{movieId}/figures: the embedding page's choices", () => {
  const hostDay = () => `?from=${dayAgo(HOST_DAYS_AGO)}&to=${dayAgo(HOST_DAYS_AGO)}`;

  it('counts them with the viewers’ choices, and apart', async () => {
    expect((await figures(hostDay())).body.data.choices).toEqual([
      {
        node_id: story.nodes.bridge,
        total: 3,
        defaults: 0,
        by_host: 2,
        options: [
          { option_id: story.nodes.left, count: 2 },
          { option_id: story.nodes.right, count: 1 },
        ],
      },
    ]);
  });
});
