import { BANNER_KINDS, NO_NODE_LOGIC, type SegmentRow, type WatchData } from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { SegmentAddPage, SegmentEditPage } from './segment-form-page.tsx';

function makeSegment(overrides: Partial<SegmentRow> = {}): SegmentRow {
  return {
    id: 21,
    preset: null,
    name: 'Chess fans',
    rules: { match: 'any', conditions: [{ field: 'chose', op: 'eq', value: 340 }] },
    viewers: 87,
    promoted_count: 0,
    updated_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

const FORK = {
  movie_id: 7,
  slug: 'pocket-fork',
  title: 'The fork in the road',
  thumbnail_desktop: null,
  company_name: 'Lantern Films',
  series_title: 'Crossroads',
  episode_number: 2,
  published_at: '2026-03-01T10:00:00.000Z',
  promoted: true,
};
const HARBOUR = {
  ...FORK,
  movie_id: 8,
  slug: 'harbour',
  title: 'Night at the harbour',
  series_title: null,
  episode_number: null,
};

/** The fork's published plot: a start, the question, and two paths to choose from. */
const FORK_PLAYER_DATA: WatchData = {
  slug: 'pocket-fork',
  title: 'The fork in the road',
  synopsis: '',
  view_mode: null,
  shareable: false,
  primary_language_id: 1,
  languages: [{ language_id: 1, code: 'en', name: 'English' }],
  banner: {
    images: Object.fromEntries(
      BANNER_KINDS.map((kind) => [kind, null]),
    ) as WatchData['banner']['images'],
    button_text: '',
    button_color: '',
    button_text_color: '',
    url: '',
  },
  items: [
    ['Start', 1],
    ['Which path?', 2],
    ['Take the left path', 3],
    ['Take the right path', 4],
  ].map(([caption, id]) => ({
    movie_content_id: id as number,
    type: 1,
    duration: 4,
    hls_url: `/media/${id}/master.m3u8`,
    poster: null,
    captions: { '1': caption as string },
    subtitles: [],
  })),
  plot: [
    { id: 100, movie_content_id: 1, parent_id: null, banners: [], ...NO_NODE_LOGIC },
    { id: 101, movie_content_id: 2, parent_id: 100, banners: [], ...NO_NODE_LOGIC },
    { id: 102, movie_content_id: 3, parent_id: 101, banners: [], ...NO_NODE_LOGIC },
    { id: 103, movie_content_id: 4, parent_id: 101, banners: [], ...NO_NODE_LOGIC },
  ],
  variables: [],
  preview: false,
};

/** The platform's projects as the candidates call answers, searched by title; the fork's plot. */
const PROJECT_HANDLERS = {
  'GET /api/promoted/candidates': ({ url }: { url: URL }) => {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const rows = [FORK, HARBOUR].filter((row) => row.title.toLowerCase().includes(search));
    return jsonResponse({ data: { rows, total: rows.length } });
  },
  'GET /api/watch/pocket-fork': () => jsonResponse({ data: FORK_PLAYER_DATA }),
};

/** The options a select offers, once opened. */
async function optionsOf(user: ReturnType<typeof renderPage>['user'], select: HTMLElement) {
  await user.click(select);
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  return names;
}

describe('SegmentAddPage', () => {
  beforeEach(() => {
    signInAs({ role: 'administrator', company_type: 'platform' });
  });

  it("offers only the operators of the condition's field, and counts the viewers the rules hold", async () => {
    const api = stubApi({
      'POST /api/segment/preview': ({ body }) => {
        const rules = (body as { rules: { conditions: { field: string }[] } }).rules;
        return jsonResponse({
          data: { viewers: rules.conditions[0]?.field === 'views' ? 42 : 1500 },
        });
      },
    });
    const { user } = renderPage(<SegmentAddPage />, '/app/segment/custom/add');

    const condition = screen.getByRole('group', { name: 'Condition 1' });
    const operator = within(condition).getByRole('combobox', { name: 'Operator' });
    expect(await optionsOf(user, operator)).toEqual(['is', 'is one of']);
    expect(await screen.findByText('1,500 viewers match these rules now.')).toBeInTheDocument();

    await user.click(within(condition).getByRole('combobox', { name: 'Field' }));
    await user.click(screen.getByRole('option', { name: 'Views' }));
    expect(await optionsOf(user, operator)).toEqual(['at least', 'at most']);
    expect(within(condition).getByRole('spinbutton', { name: 'Views' })).toHaveValue(1);
    expect(await screen.findByText('42 viewers match these rules now.')).toBeInTheDocument();
    expect(api.to('POST', '/api/segment/preview').at(-1)?.body).toEqual({
      rules: { match: 'all', conditions: [{ field: 'views', op: 'gte', value: 1 }] },
    });

    // A half-typed rule is not sent: the count waits for a whole one.
    const sent = api.to('POST', '/api/segment/preview').length;
    await user.clear(within(condition).getByRole('spinbutton', { name: 'Views' }));
    expect(
      await screen.findByText('Complete the conditions to count the viewers they hold.'),
    ).toBeInTheDocument();
    expect(api.to('POST', '/api/segment/preview')).toHaveLength(sent);
  });

  it('creates the segment with its conditions, checked as the server checks them', async () => {
    const api = stubApi({
      ...PROJECT_HANDLERS,
      'POST /api/segment/preview': () => jsonResponse({ data: { viewers: 3 } }),
      'POST /api/segment': () => jsonResponse({ data: makeSegment({ name: 'Android fans' }) }, 201),
    });
    const { user, router } = renderPage(<SegmentAddPage />, '/app/segment/custom/add');

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(api.to('POST', '/api/segment')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Android fans');
    const first = screen.getByRole('group', { name: 'Condition 1' });
    await user.click(within(first).getByRole('combobox', { name: 'Platform' }));
    await user.click(screen.getByRole('option', { name: 'Android' }));
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    const second = screen.getByRole('group', { name: 'Condition 2' });
    await user.click(within(second).getByRole('combobox', { name: 'Field' }));
    await user.click(screen.getByRole('option', { name: 'Watched project' }));
    await user.click(screen.getByRole('radio', { name: 'Any condition' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await within(second).findByText('Choose a project')).toBeInTheDocument();

    // The project is found by its title as it is typed, and shown with its company and series.
    await user.type(within(second).getByRole('combobox', { name: 'Project' }), 'fork');
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: /harbour/ })).not.toBeInTheDocument(),
    );
    const fork = screen.getByRole('option', { name: /^The fork in the road/ });
    expect(fork).toHaveTextContent(
      '\u2068Lantern Films\u2069 · Episode 2 of \u2068Crossroads\u2069',
    );
    expect(api.to('GET', '/api/promoted/candidates').at(-1)?.url.searchParams.get('search')).toBe(
      'fork',
    );
    await user.click(fork);
    expect(within(second).getByRole('combobox', { name: 'Project' })).toHaveValue(
      'The fork in the road',
    );

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.to('POST', '/api/segment')).toHaveLength(1));
    expect(api.to('POST', '/api/segment')[0]?.body).toEqual({
      name: 'Android fans',
      rules: {
        match: 'any',
        conditions: [
          { field: 'platform', op: 'eq', value: 'android' },
          { field: 'watched', op: 'eq', value: 7 },
        ],
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/segment/custom'));
    expect(await screen.findByText('Android fans created')).toBeInTheDocument();
  });

  it("picks a chose condition's option from its project's plot, by caption and question", async () => {
    const api = stubApi({
      ...PROJECT_HANDLERS,
      'POST /api/segment/preview': () => jsonResponse({ data: { viewers: 0 } }),
      'POST /api/segment': () => jsonResponse({ data: makeSegment() }, 201),
    });
    const { user } = renderPage(<SegmentAddPage />, '/app/segment/custom/add');

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Took the left path');
    const condition = screen.getByRole('group', { name: 'Condition 1' });
    await user.click(within(condition).getByRole('combobox', { name: 'Field' }));
    await user.click(screen.getByRole('option', { name: 'Chose option' }));
    const option = within(condition).getByRole('combobox', { name: 'Option' });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    expect(within(condition).getByText('Choose the project first')).toBeInTheDocument();

    await user.click(within(condition).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: /^The fork in the road/ }));
    await waitFor(() => expect(option).not.toHaveAttribute('aria-disabled'));
    // Only the nodes a viewer chooses between are options: not the start, not the question.
    expect(await optionsOf(user, option)).toEqual([
      'Take the left pathAnswer to “\u2068Which path?\u2069”',
      'Take the right pathAnswer to “\u2068Which path?\u2069”',
    ]);
    await user.click(option);
    await user.click(await screen.findByRole('option', { name: /^Take the left path/ }));
    expect(option).toHaveTextContent('Take the left path');
    expect(await screen.findByText('0 viewers match these rules now.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.to('POST', '/api/segment')).toHaveLength(1));
    expect(api.to('POST', '/api/segment')[0]?.body).toEqual({
      name: 'Took the left path',
      rules: { match: 'all', conditions: [{ field: 'chose', op: 'eq', value: 102 }] },
    });
  });
});

describe('SegmentEditPage', () => {
  beforeEach(() => {
    signInAs({ role: 'administrator', company_type: 'platform' });
  });

  it('opens a custom segment with its rules, naming what it can, and saves the change', async () => {
    const api = stubApi({
      ...PROJECT_HANDLERS,
      'GET /api/segment': () =>
        jsonResponse({
          data: [
            makeSegment({
              rules: {
                match: 'any',
                conditions: [
                  { field: 'completed', op: 'eq', value: 7 },
                  { field: 'chose', op: 'eq', value: 102 },
                ],
              },
            }),
          ],
        }),
      'POST /api/segment/preview': () => jsonResponse({ data: { viewers: 87 } }),
      'PUT /api/segment/21': () => jsonResponse({ data: makeSegment({ name: 'Chess lovers' }) }),
    });
    const { user } = renderPage(
      <SegmentEditPage />,
      '/app/segment/custom/21',
      '/app/segment/custom/:segmentId',
    );

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Chess fans');
    expect(screen.getByRole('radio', { name: 'Any condition' })).toBeChecked();
    const first = screen.getByRole('group', { name: 'Condition 1' });
    expect(within(first).getByRole('combobox', { name: 'Field' })).toHaveTextContent(
      'Completed project',
    );
    // The saved project id is named from the platform's projects.
    await waitFor(() =>
      expect(within(first).getByRole('combobox', { name: 'Project' })).toHaveValue(
        'The fork in the road',
      ),
    );
    // The saved option id names no project: it shows as an id until its project is picked.
    const second = screen.getByRole('group', { name: 'Condition 2' });
    const option = within(second).getByRole('combobox', { name: 'Option' });
    expect(option).toHaveTextContent('Option #102');
    expect(
      within(second).getByText('Choose its project to see the option by name'),
    ).toBeInTheDocument();
    await user.click(within(second).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: /^The fork in the road/ }));
    await waitFor(() => expect(option).toHaveTextContent('Take the left path'));
    expect(await screen.findByText('87 viewers match these rules now.')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Chess lovers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PUT', '/api/segment/21')).toHaveLength(1));
    expect(api.to('PUT', '/api/segment/21')[0]?.body).toEqual({
      name: 'Chess lovers',
      rules: {
        match: 'any',
        conditions: [
          { field: 'completed', op: 'eq', value: 7 },
          { field: 'chose', op: 'eq', value: 102 },
        ],
      },
    });
    expect(await screen.findByText('Change saved!')).toBeInTheDocument();
  });

  it('shows a saved project that is not among the newest as its id, until another is picked', async () => {
    stubApi({
      ...PROJECT_HANDLERS,
      'GET /api/segment': () =>
        jsonResponse({
          data: [
            makeSegment({
              rules: { match: 'all', conditions: [{ field: 'watched', op: 'eq', value: 99 }] },
            }),
          ],
        }),
      'POST /api/segment/preview': () => jsonResponse({ data: { viewers: 4 } }),
    });
    const { user } = renderPage(
      <SegmentEditPage />,
      '/app/segment/custom/21',
      '/app/segment/custom/:segmentId',
    );

    const project = await screen.findByRole('combobox', { name: 'Project' });
    expect(project).toHaveValue('Project #99');
    await user.click(project);
    await user.click(await screen.findByRole('option', { name: /^Night at the harbour/ }));
    expect(project).toHaveValue('Night at the harbour');
  });

  it('does not open a preset', async () => {
    stubApi({
      'GET /api/segment': () =>
        jsonResponse({ data: [makeSegment({ id: 3, preset: 'new', name: 'New viewers' })] }),
    });
    renderPage(<SegmentEditPage />, '/app/segment/custom/3', '/app/segment/custom/:segmentId');

    expect(await screen.findByText('Segment not found')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });
});
