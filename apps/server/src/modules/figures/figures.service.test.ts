import {
  CONTENT_TYPE,
  FIGURES_MAX_DAYS,
  FIGURES_RANGE_BACKWARDS,
  formatMessage,
  MESSAGES,
} from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { createFakeData, FAKE_NOW, fakeCaller } from '../../test/fakes/fake-data.ts';
import { createFakeFigures } from '../../test/fakes/fake-figures.ts';
import { refusal } from '../../test/fakes/interceptors.ts';
import { createFiguresService, FIGURES_CSV_COLUMNS } from './figures.service.ts';

/**
 * What the figures service makes of the counts: the range of days asked, every day and every
 * option listed, nodes in reading order, the CSV export and who reads it. The counts themselves
 * come from the player's events in SQL (figures.routes.medium.test.ts).
 */

const DAY_MS = 86_400_000;
/** A day before FAKE_NOW's, as YYYY-MM-DD. */
const dayAgo = (days: number) =>
  new Date(FAKE_NOW.getTime() - days * DAY_MS).toISOString().slice(0, 10);

/**
 * A published story of company 1: opening → bridge (a choice timed at 10 s) → left | right, and
 * right → epilogue. Right was made before left, but left comes first in the choice.
 */
function makeStory(fileNames: Partial<Record<'opening' | 'bridge', string>> = {}) {
  const data = createFakeData();
  const figures = createFakeFigures();
  const service = createFiguresService({
    figures: figures.repository,
    projects: data.projects,
    plots: data.plots,
    contents: data.contents,
    clock: data.clock,
  });
  const movie = data.makeMovie({ slug: 'figures-story', status: 'published' });
  const item = (type: 1 | 2, fileName: string) => data.makeContent(movie.id, { type, fileName }).id;
  const opening = data.makePlot(movie.id, {
    movieContentId: item(CONTENT_TYPE.clip, fileNames.opening ?? 'opening.mp4'),
  }).id;
  const bridge = data.makePlot(movie.id, {
    movieContentId: item(CONTENT_TYPE.bridge, fileNames.bridge ?? 'bridge.mp4'),
    parentId: opening,
    decisionSeconds: 10,
  }).id;
  const right = data.makePlot(movie.id, {
    movieContentId: item(CONTENT_TYPE.clip, 'right.mp4'),
    parentId: bridge,
    position: 1,
  }).id;
  const left = data.makePlot(movie.id, {
    movieContentId: item(CONTENT_TYPE.clip, 'left.mp4'),
    parentId: bridge,
    position: 0,
  }).id;
  const epilogue = data.makePlot(movie.id, {
    movieContentId: item(CONTENT_TYPE.clip, 'epilogue.mp4'),
    parentId: right,
  }).id;
  return {
    data,
    figures,
    service,
    movieId: movie.id,
    reader: fakeCaller(movie.companyId, 'analyst'),
    nodes: { opening, bridge, left, right, epilogue },
  };
}

type Story = ReturnType<typeof makeStory>;

/**
 * Four viewings over the default range: the timer chose right for one, a viewer for another, the
 * embedding page chose left for a third; one left in the bridge and one in right.
 */
function countViewings({ figures, nodes }: Story) {
  Object.assign(figures.counts, {
    totals: { views: 4, completions: 2, watchedSeconds: 130 },
    byDay: [
      { day: dayAgo(29), views: 1, completions: 0 },
      { day: dayAgo(0), views: 3, completions: 2 },
    ],
    choices: [
      { nodeId: nodes.bridge, optionId: nodes.right, count: 2, byTimer: 1, byHost: 0 },
      { nodeId: nodes.bridge, optionId: nodes.left, count: 1, byTimer: 0, byHost: 1 },
      // A choice since deleted from the plot.
      { nodeId: 999_999, optionId: 999_998, count: 5, byTimer: 5, byHost: 0 },
    ],
    nodes: [
      { nodeId: nodes.opening, reached: 4, left: 0 },
      { nodeId: nodes.bridge, reached: 4, left: 1 },
      { nodeId: nodes.right, reached: 2, left: 1 },
      { nodeId: nodes.left, reached: 1, left: 0 },
    ],
  });
}

describe('the range of days counted', () => {
  it('is the last 30 days up to today by default, asked of every count for the project', async () => {
    const story = makeStory();
    const { service, reader, movieId, figures } = story;
    const counted = await service.projectFigures(reader, movieId, {});
    expect([counted.from, counted.to]).toEqual([dayAgo(29), dayAgo(0)]);
    const range = { from: dayAgo(29), to: dayAgo(0) };
    expect(figures.asked).toEqual(
      (['totals', 'byDay', 'choices', 'nodes'] as const).map((count) => ({
        count,
        scope: { movieId },
        range,
      })),
    );
  });

  it('takes a missing end as today and a missing start as 30 days before the end', async () => {
    const { service, reader, movieId, data } = makeStory();
    const rangeOf = async (query: { from?: string; to?: string }) => {
      const { from, to } = await service.projectFigures(reader, movieId, query);
      return [from, to];
    };
    expect(await rangeOf({ from: dayAgo(40) })).toEqual([dayAgo(40), dayAgo(0)]);
    expect(await rangeOf({ to: dayAgo(10) })).toEqual([dayAgo(39), dayAgo(10)]);
    expect(await rangeOf({ from: dayAgo(3), to: dayAgo(3) })).toEqual([dayAgo(3), dayAgo(3)]);
    // Today is the clock's UTC day.
    data.clock.advance(12 * 3_600_000);
    expect(await rangeOf({})).toEqual([dayAgo(28), dayAgo(-1)]);
  });

  it(`takes up to ${FIGURES_MAX_DAYS} days, every one of them listed`, async () => {
    const { service, reader, movieId } = makeStory();
    const longest = await service.projectFigures(reader, movieId, {
      from: dayAgo(FIGURES_MAX_DAYS - 1),
    });
    expect(longest.days).toHaveLength(FIGURES_MAX_DAYS);
  });

  it('refuses a longer range, or one that runs backwards, with 400 saying why, counting nothing', async () => {
    const { service, reader, movieId, figures } = makeStory();
    for (const [query, message] of [
      [
        { from: dayAgo(FIGURES_MAX_DAYS) },
        formatMessage(MESSAGES.figuresRangeTooLong, { days: FIGURES_MAX_DAYS }),
      ],
      [
        { from: dayAgo(FIGURES_MAX_DAYS + 10), to: dayAgo(10) },
        formatMessage(MESSAGES.figuresRangeTooLong, { days: FIGURES_MAX_DAYS }),
      ],
      [{ from: dayAgo(-1) }, FIGURES_RANGE_BACKWARDS],
      [{ from: dayAgo(0), to: dayAgo(1) }, FIGURES_RANGE_BACKWARDS],
    ] as const) {
      for (const call of [
        () => service.projectFigures(reader, movieId, query),
        () => service.projectFiguresCsv(reader, movieId, query),
      ]) {
        const refused = await refusal(call());
        expect([refused.status, refused.message], JSON.stringify(query)).toEqual([400, message]);
      }
    }
    expect(figures.asked).toEqual([]);
  });
});

describe('who reads the figures', () => {
  it("answers another company's project, and an unknown one, as not found (404)", async () => {
    const { service, movieId } = makeStory();
    for (const [caller, id] of [
      [fakeCaller(2, 'administrator'), movieId],
      [fakeCaller(1, 'administrator'), 999_999],
    ] as const) {
      for (const call of [
        () => service.projectFigures(caller, id, {}),
        () => service.projectFiguresCsv(caller, id, {}),
      ]) {
        const refused = await refusal(call());
        expect([refused.status, refused.message]).toEqual([404, MESSAGES.projectNotFound]);
      }
    }
  });

  it('lets the company read its published project', async () => {
    const { service, reader, movieId } = makeStory();
    expect((await service.projectFigures(reader, movieId, {})).views).toBe(0);
    expect((await service.projectFiguresCsv(reader, movieId, {})).fileName).toMatch(
      /^figures-story-/,
    );
  });
});

describe("a project's figures", () => {
  it('lists every day of the range in order, zero where nobody watched', async () => {
    const story = makeStory();
    countViewings(story);
    const { days, views, completions } = await story.service.projectFigures(
      story.reader,
      story.movieId,
      {},
    );
    expect([views, completions]).toEqual([4, 2]);
    expect(days).toHaveLength(30);
    expect(days.map((day) => day.day)).toEqual(
      Array.from({ length: 30 }, (_, index) => dayAgo(29 - index)),
    );
    expect(days[0]).toEqual({ day: dayAgo(29), views: 1, completions: 0 });
    expect(days.at(-1)).toEqual({ day: dayAgo(0), views: 3, completions: 2 });
    expect(days.slice(1, -1).every((day) => day.views === 0 && day.completions === 0)).toBe(true);
  });

  it('averages the seconds watched over the views, and answers 0 when nobody watched', async () => {
    const story = makeStory();
    const { service, reader, movieId } = story;
    expect((await service.projectFigures(reader, movieId, {})).average_watch_seconds).toBe(0);
    countViewings(story);
    expect((await service.projectFigures(reader, movieId, {})).average_watch_seconds).toBe(32.5);
  });

  it("lists each choice's options in the viewer's order, untaken ones at 0, with its totals", async () => {
    const story = makeStory();
    const { service, reader, movieId, nodes } = story;
    const untaken = await service.projectFigures(reader, movieId, {});
    expect(untaken.choices).toEqual([
      {
        node_id: nodes.bridge,
        total: 0,
        defaults: 0,
        by_host: 0,
        options: [
          { option_id: nodes.left, count: 0 },
          { option_id: nodes.right, count: 0 },
        ],
      },
    ]);
    countViewings(story);
    // Right is followed by the epilogue alone: no choice.
    expect((await service.projectFigures(reader, movieId, {})).choices).toEqual([
      {
        node_id: nodes.bridge,
        total: 3,
        defaults: 1,
        by_host: 1,
        options: [
          { option_id: nodes.left, count: 1 },
          { option_id: nodes.right, count: 2 },
        ],
      },
    ]);
  });

  it('lists every node in reading order with the viewings that reached it and left there', async () => {
    const story = makeStory();
    countViewings(story);
    const { nodes } = story;
    expect((await story.service.projectFigures(story.reader, story.movieId, {})).nodes).toEqual([
      { node_id: nodes.opening, reached: 4, left: 0 },
      { node_id: nodes.bridge, reached: 4, left: 1 },
      { node_id: nodes.left, reached: 1, left: 0 },
      { node_id: nodes.right, reached: 2, left: 1 },
      { node_id: nodes.epilogue, reached: 0, left: 0 },
    ]);
  });
});

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

describe("a project's figures as CSV", () => {
  it('has a header, then a line per node in reading order, each column filled where it applies', async () => {
    const story = makeStory();
    countViewings(story);
    const { opening, bridge, left, right, epilogue } = story.nodes;
    const { fileName, csv } = await story.service.projectFiguresCsv(
      story.reader,
      story.movieId,
      {},
    );
    expect(fileName).toBe(`figures-story-figures-${dayAgo(29)}-to-${dayAgo(0)}.csv`);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(cellsOf(csv)).toEqual([
      [...FIGURES_CSV_COLUMNS],
      [`${opening}`, '', 'clip', 'opening.mp4', '4', '0', '', '', ''],
      [`${bridge}`, `${opening}`, 'bridge', 'bridge.mp4', '4', '1', '', '1', '1'],
      [`${left}`, `${bridge}`, 'clip', 'left.mp4', '1', '0', '1', '', ''],
      [`${right}`, `${bridge}`, 'clip', 'right.mp4', '2', '1', '2', '', ''],
      [`${epilogue}`, `${right}`, 'clip', 'epilogue.mp4', '0', '0', '', '', ''],
    ]);
    expect(FIGURES_CSV_COLUMNS).toEqual([
      'node_id',
      'parent_id',
      'type',
      'item',
      'reached',
      'left',
      'chosen',
      'default_taken',
      'host_taken',
    ]);
  });

  it('writes 0 for a choice nobody reached, and names the file for the range asked', async () => {
    const { service, reader, movieId } = makeStory();
    const { fileName, csv } = await service.projectFiguresCsv(reader, movieId, {
      from: dayAgo(1),
      to: dayAgo(1),
    });
    expect(fileName).toBe(`figures-story-figures-${dayAgo(1)}-to-${dayAgo(1)}.csv`);
    expect(cellsOf(csv).map((line) => line.slice(4))).toEqual([
      ['reached', 'left', 'chosen', 'default_taken', 'host_taken'],
      ['0', '0', '', '', ''],
      ['0', '0', '', '0', '0'],
      ['0', '0', '0', '', ''],
      ['0', '0', '0', '', ''],
      ['0', '0', '', '', ''],
    ]);
  });

  it("names a draft's file for its id, as it has no address yet", async () => {
    const { data, service, reader, movieId } = makeStory();
    data.tables.movies.update(movieId, { status: 'draft', slug: null });
    expect((await service.projectFiguresCsv(reader, movieId, {})).fileName).toBe(
      `project-${movieId}-figures-${dayAgo(29)}-to-${dayAgo(0)}.csv`,
    );
  });

  it('quotes every cell, doubles quotes and keeps a cell from being read as a formula', async () => {
    const names = {
      opening: '=1+2 "quoted", name.mp4',
      bridge: '@bridge.mp4',
    };
    const { data, service, reader, movieId, nodes } = makeStory(names);
    const items = data.tables.contents.rows();
    for (const [fileName, name] of [
      ['left.mp4', '-minus.mp4'],
      ['right.mp4', '+plus.mp4'],
      ['epilogue.mp4', '\t=HYPERLINK("http://evil.example")'],
    ]) {
      data.tables.contents.update(items.find((item) => item.fileName === fileName)!.id, {
        fileName: name,
      });
    }
    const { csv } = await service.projectFiguresCsv(reader, movieId, {});
    const { opening, bridge, left, right, epilogue } = nodes;
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      `"${opening}","","clip","'=1+2 ""quoted"", name.mp4","0","0","","",""`,
      `"${bridge}","${opening}","bridge","'@bridge.mp4","0","0","","0","0"`,
      `"${left}","${bridge}","clip","'-minus.mp4","0","0","0","",""`,
      `"${right}","${bridge}","clip","'+plus.mp4","0","0","0","",""`,
      `"${epilogue}","${right}","clip","'\t=HYPERLINK(""http://evil.example"")","0","0","","",""`,
    ]);
  });

  it('keeps a name led by a carriage return from being read as a formula', async () => {
    const { service, reader, movieId } = makeStory({ bridge: '\r+1' });
    const { csv } = await service.projectFiguresCsv(reader, movieId, {});
    expect(cellsOf(csv).map((line) => line[3])).toEqual([
      'item',
      'opening.mp4',
      `'\r+1`,
      'left.mp4',
      'right.mp4',
      'epilogue.mp4',
    ]);
  });
});
