import { ACCESS_TOKEN_HEADER, type PlotNode, type ProjectFigures } from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  makeMovieContent,
  makePlotNode,
  makeProject,
  signInAs,
} from '../../../test/fixtures.ts';
import { catchDownloads } from '../../../test/downloads.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { lastDays } from '../model/date-range.ts';
import { ProjectDetailPage } from './project-detail-page.tsx';

const ROUTE = '/app/project-list/project-detail/:movieId';

const caption = (text: string) => [{ language_id: 1, caption: text, file: null, file_name: null }];
const ITEMS = [
  makeMovieContent({ movie_content_id: 1, file_name: 'door.mp4', lang: caption('The door') }),
  makeMovieContent({ movie_content_id: 2, file_name: 'left.mp4', lang: caption('Go left') }),
  makeMovieContent({
    movie_content_id: 3,
    file_name: 'right.mp4',
    type: 2,
    lang: caption('Go right'),
  }),
];
const node = (id: number, content: number, parent: number | null, logic: Partial<PlotNode> = {}) =>
  makePlotNode(id, parent, { movie_content_id: content, duration: 65, ...logic });
/** The door is a timed choice: after 10 s, Go right is taken. */
const PLOT = [
  node(10, 1, null, { decision_seconds: 10, default_option_id: 12 }),
  node(11, 2, 10),
  node(12, 3, 10),
];

function figures(overrides: Partial<ProjectFigures> = {}): ProjectFigures {
  return {
    from: '2026-01-01',
    to: '2026-01-30',
    views: 12345,
    completions: 6000,
    average_watch_seconds: 125,
    days: [{ day: '2026-01-01', views: 12345, completions: 6000 }],
    choices: [
      {
        node_id: 10,
        total: 40,
        defaults: 6,
        by_host: 0,
        options: [
          { option_id: 11, count: 30 },
          { option_id: 12, count: 10 },
        ],
      },
    ],
    nodes: [
      { node_id: 10, reached: 50, left: 10 },
      { node_id: 11, reached: 30, left: 0 },
      { node_id: 12, reached: 10, left: 1 },
    ],
    ...overrides,
  };
}

function stub(project = makeProject(), figureReply = figures()) {
  return stubApi({
    'GET /api/movie/5': () => jsonResponse({ data: project }),
    'GET /api/movie-plot/5': () => jsonResponse({ data: PLOT, variables: [], version: 1 }),
    'GET /api/movie/5/figures': () => jsonResponse({ data: figureReply }),
  });
}

const PUBLISHED = makeProject({
  status: 'published',
  published_at: '2026-01-02T10:00:00.000Z',
  title: 'The forest',
  synopsis: 'A walk in the woods',
  tags: ['mystery', 'nature'],
  view_mode: 'vertical',
  app_channel_on: 1,
  shareable: 0,
  slug: 'the-forest',
  watch_url: 'https://plotline.test/watch/the-forest',
  movieContent: ITEMS,
  primaryLanguageId: 1,
});

describe('ProjectDetailPage', () => {
  it('shows the info, channels, link and items of a published project, and no Edit', async () => {
    signInAs({ role: 'administrator' });
    stub(PUBLISHED);
    renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);

    expect(await screen.findByRole('heading', { name: 'The forest' })).toBeInTheDocument();
    expect(screen.getByText('Published')).toBeInTheDocument();
    expect(screen.getByText(/^Published .*2026/)).toBeInTheDocument();
    expect(screen.getByText('A walk in the woods')).toBeInTheDocument();
    expect(screen.getByText('mystery')).toBeInTheDocument();
    expect(screen.getByText('Vertical')).toBeInTheDocument();
    expect(screen.getByText('Web')).toBeInTheDocument();
    expect(screen.getByText('App')).toBeInTheDocument();
    expect(screen.getByText('Hidden')).toBeInTheDocument();
    expect(screen.getByLabelText('Watch link')).toHaveValue(
      'https://plotline.test/watch/the-forest',
    );
    expect(screen.getByLabelText('Video URL slug')).toHaveValue('the-forest');
    const items = screen.getByRole('list', { name: 'Clips and bridges' });
    expect(within(items).getByText('door.mp4')).toBeInTheDocument();
    expect(within(items).getByText('Go right')).toBeInTheDocument();
    expect(within(items).getByText('Bridge')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('copies the watch link and says so', async () => {
    signInAs();
    stub(PUBLISHED);
    const { user } = renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe('https://plotline.test/watch/the-forest');
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
  });

  it('names an episode and links its series', async () => {
    signInAs();
    stub(
      makeProject({
        type: 2,
        episodeNumber: 3,
        movieIdParent: 9,
        series: {
          movie_id: 9,
          title: 'Woods',
          category_id: null,
          synopsis: '',
          tags: [],
          episodeList: [3],
        },
      }),
    );
    renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);
    expect(await screen.findByText(/Episode 3 of/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Woods' })).toHaveAttribute(
      'href',
      '/app/project-list/series/9',
    );
  });

  it('offers Edit on a draft to whom may add projects, at the first step that needs work', async () => {
    signInAs({ role: 'contributor' });
    stub(makeProject({ thumbnailMobile: null }));
    renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/app/project-list/project-detail/edit/5?step=1',
    );
    expect(screen.getByText('Figures appear once the project is published.')).toBeInTheDocument();
  });

  it('opens a complete draft at the storyline step', async () => {
    signInAs({ role: 'contributor' });
    stub(makeProject({ movieContent: ITEMS }));
    renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/app/project-list/project-detail/edit/5?step=3',
    );
  });

  it('offers no Edit to an analyst', async () => {
    signInAs({ role: 'analyst' });
    stub(makeProject());
    renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);
    expect(await screen.findByRole('heading', { name: 'The forest' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it("says 'Project not found' for another company's or an unknown project", async () => {
    signInAs();
    stubApi({
      'GET /api/movie/77': () => jsonResponse({ message: 'Project not found' }, 404),
    });
    renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/77', ROUTE);
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the project list' })).toHaveAttribute(
      'href',
      '/app/project-list',
    );
  });

  it('shows the figures of the last 30 days, formatted, with the choice split', async () => {
    signInAs();
    const api = stub(PUBLISHED);
    renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);

    const counters = await screen.findByRole('region', { name: 'Figures in numbers' });
    expect(within(counters).getByText('12.345')).toBeInTheDocument();
    expect(within(counters).getByText('6.000')).toBeInTheDocument();
    expect(within(counters).getByText('2:05')).toBeInTheDocument();
    expect(within(counters).getByText('48,6%')).toBeInTheDocument();
    const [call] = api.to('GET', '/api/movie/5/figures');
    const expected = lastDays(30);
    expect(call?.url.searchParams.get('from')).toBe(expected.from);
    expect(call?.url.searchParams.get('to')).toBe(expected.to);

    const choice = await screen.findByRole('region', { name: 'Choice after “The door”' });
    expect(within(choice).getByText('Go left')).toBeInTheDocument();
    expect(within(choice).getByText('75% (30)')).toBeInTheDocument();
    expect(within(choice).getByText('25% (10)')).toBeInTheDocument();
  });

  it('draws each option share on the storyline graph', async () => {
    signInAs();
    stub(PUBLISHED);
    renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);
    const graph = await screen.findByRole('region', { name: 'Storyline graph' });
    expect(
      await within(graph).findByLabelText('Go left: chosen in 75% of viewings (30)'),
    ).toHaveTextContent('75%');
    expect(
      within(graph).getByLabelText('Go right: chosen in 25% of viewings (10)'),
    ).toBeInTheDocument();
  });

  it('asks again with the chosen range', async () => {
    signInAs();
    const api = stub(PUBLISHED);
    const { user } = renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);
    await screen.findByRole('region', { name: 'Figures in numbers' });

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    const week = lastDays(7);
    await waitFor(() =>
      expect(
        api.to('GET', '/api/movie/5/figures').map((call) => call.url.searchParams.get('from')),
      ).toContain(week.from),
    );

    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-01-05');
    await waitFor(() => {
      const last = api.to('GET', '/api/movie/5/figures').at(-1);
      expect(last?.url.searchParams.get('from')).toBe('2026-01-05');
      expect(last?.url.searchParams.get('to')).toBe(week.to);
    });
  });
  it('shows per plot, in reading order, how many viewings reached it and left there', async () => {
    signInAs();
    stub(PUBLISHED);
    renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);

    const table = await screen.findByRole('table', {
      name: 'Viewings per plot: reached, and left there',
    });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Plot', 'Reached', 'Left here']);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '1.The door',
      '2.Go left',
      '3.Go right',
    ]);
    expect(rows[0]).toHaveTextContent(/50.*10 \(20%\)/);
    expect(rows[1]).toHaveTextContent(/30.*0 \(0%\)/);
    expect(rows[2]).toHaveTextContent(/10.*1 \(10%\)/);
  });

  it('says how often the timer of a timed choice took its default', async () => {
    signInAs();
    stub(PUBLISHED);
    renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);

    const choice = await screen.findByRole('region', { name: 'Choice after “The door”' });
    expect(
      within(choice).getByText('Default taken 6 times (15%) when the timer ran out'),
    ).toBeInTheDocument();
  });

  it('says how often the site embedding the video chose', async () => {
    signInAs();
    stub(PUBLISHED, figures({ choices: [{ ...figures().choices[0]!, by_host: 8 }] }));
    renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);

    const choice = await screen.findByRole('region', { name: 'Choice after “The door”' });
    expect(
      within(choice).getByText('Chosen 8 times (20%) by the site embedding the video'),
    ).toBeInTheDocument();
  });

  it('says nothing of the embedding site where it never chose', async () => {
    signInAs();
    stub(PUBLISHED);
    renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);

    const choice = await screen.findByRole('region', { name: 'Choice after “The door”' });
    expect(within(choice).getByText('75% (30)')).toBeInTheDocument();
    expect(within(choice).queryByText(/site embedding/)).not.toBeInTheDocument();
  });

  it('says nothing of a default on a choice without a timer', async () => {
    signInAs();
    stubApi({
      'GET /api/movie/5': () => jsonResponse({ data: PUBLISHED }),
      'GET /api/movie-plot/5': () =>
        jsonResponse({
          data: [node(10, 1, null), node(11, 2, 10), node(12, 3, 10)],
          variables: [],
          version: 1,
        }),
      'GET /api/movie/5/figures': () =>
        jsonResponse({
          data: figures({
            choices: [{ ...figures().choices[0]!, defaults: 0 }],
          }),
        }),
    });
    renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);

    const choice = await screen.findByRole('region', { name: 'Choice after “The door”' });
    expect(within(choice).getByText('75% (30)')).toBeInTheDocument();
    expect(within(choice).queryByText(/Default taken/)).not.toBeInTheDocument();
  });

  it("downloads the range's figures as a CSV file with the session, under the server's name", async () => {
    signInAs();
    const api = stubApi({
      'GET /api/movie/5': () => jsonResponse({ data: PUBLISHED }),
      'GET /api/movie-plot/5': () => jsonResponse({ data: PLOT, variables: [], version: 1 }),
      'GET /api/movie/5/figures': () => jsonResponse({ data: figures() }),
      'GET /api/movie/5/figures.csv': () =>
        new Response('node_id,parent_id,type,item,reached,left,chosen,default_taken\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition':
              'attachment; filename="figures-the-forest-2026-01-01-to-2026-01-07.csv"',
          },
        }),
    });
    const click = catchDownloads('blob:figures');
    const { user } = renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);
    await screen.findByRole('region', { name: 'Figures in numbers' });

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [call] = api.to('GET', '/api/movie/5/figures.csv');
    const week = lastDays(7);
    expect(call?.url.searchParams.get('from')).toBe(week.from);
    expect(call?.url.searchParams.get('to')).toBe(week.to);
    const init = vi
      .mocked(fetch)
      .mock.calls.find(([input]) => String(input).startsWith('/api/movie/5/figures.csv'))?.[1];
    expect(init?.headers).toEqual({ [ACCESS_TOKEN_HEADER]: 'token-1' });
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('figures-the-forest-2026-01-01-to-2026-01-07.csv');
    expect(link.href).toBe('blob:figures');
  });

  it('tells why the CSV file could not be had', async () => {
    signInAs();
    stub(PUBLISHED);
    const { user } = renderPage(<ProjectDetailPage />, '/app/project-list/project-detail/5', ROUTE);
    await screen.findByRole('region', { name: 'Figures in numbers' });

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Not found')).toBeInTheDocument();
  });
});
