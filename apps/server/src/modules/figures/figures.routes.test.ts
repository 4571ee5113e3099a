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
  await make.publish(owner.token, story.movieId);
  other = await make.makeStory(owner.token, 'figures-other');
  await make.publish(owner.token, other.movieId);
  const now = server.clock.now().getTime();
  today = now - (now % DAY_MS);
  const noon = (days: number) => today - days * DAY_MS + DAY_MS / 2;
  const { bridge, left, right } = story.nodes;
  const choose = (option: number) => ({
    type: 'choice',
    at: 70_000,
    node_id: bridge,
    option_id: option,
  });
  const watched = (seconds: number) => ({ type: 'watched', at: 80_000, seconds });
  const ending = (node: number) => ({ type: 'ending', at: 90_000, node_id: node });

  // Today: a whole viewing, sent in two batches; the second repeats its start.
  await post(noon(0), 'a', [{ type: 'start', at: 0 }, choose(right), watched(70)]);
  await post(noon(0) + 1000, 'a', [{ type: 'start', at: 0 }, ending(right)]);
  // Yesterday: one viewing stops before its end, another takes the other option to its end.
  await post(noon(1), 'b', [{ type: 'start', at: 0 }, choose(right), watched(30)]);
  await post(noon(1), 'c', [{ type: 'start', at: 0 }, choose(left), watched(20), ending(left)]);
  // The first moment of the default range's first day, and the last one of the day before it.
  await post(today - 29 * DAY_MS, 'd', [{ type: 'start', at: 0 }, watched(10)]);
  await post(today - 29 * DAY_MS - 1, 'e', [{ type: 'start', at: 0 }]);
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
          options: [
            { option_id: story.nodes.left, count: 0 },
            { option_id: story.nodes.right, count: 0 },
          ],
        },
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

  it('says why a range is refused', async () => {
    const message = async (query: string) =>
      ((await figures(query)).body as unknown as { message: string }).message;
    const tomorrow = new Date(today + DAY_MS).toISOString().slice(0, 10);
    expect(await message(`?from=${tomorrow}`)).toBe(FIGURES_RANGE_BACKWARDS);
    expect(await message(`?from=${dayAgo(0)}&to=${dayAgo(1)}`)).toContain(FIGURES_RANGE_BACKWARDS);
    expect(await message(`?from=${dayAgo(FIGURES_MAX_DAYS)}`)).toBe(
      `Choose a range of at most ${FIGURES_MAX_DAYS} days`,
    );
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
