import { MESSAGES, type ProjectListRow } from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { ProjectDraftPage, ProjectListPage } from './project-list-page.tsx';

function makeRow(overrides: Partial<ProjectListRow> = {}): ProjectListRow {
  return {
    kind: 'single',
    id: 5,
    title: 'The forest',
    tags: ['mystery'],
    thumbnail: '/media/thumbnails/d.jpg',
    view_mode: 'horizontal',
    status: 'draft',
    episode_count: null,
    published_count: null,
    app_channel_on: 0,
    watch_url: 'http://localhost/watch/the-forest',
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-04T10:00:00.000Z',
    author: 'Ayu Lestari',
    ...overrides,
  };
}

const published = makeRow({
  id: 6,
  title: 'River run',
  tags: [],
  status: 'published',
  app_channel_on: 1,
  watch_url: 'http://localhost/watch/river-run',
  author: null,
});
const series = makeRow({
  kind: 'series',
  id: 9,
  title: 'Night Shift',
  tags: ['drama', 'city'],
  status: 'published',
  episode_count: 3,
  published_count: 2,
  watch_url: null,
});

function page(rows: ProjectListRow[], total = rows.length) {
  return () => jsonResponse({ data: { rows, total } });
}

const listCalls = (api: ReturnType<typeof stubApi>) => api.to('GET', '/api/movie');
const lastQuery = (api: ReturnType<typeof stubApi>) =>
  Object.fromEntries(listCalls(api).at(-1)?.url.searchParams ?? []);

async function openActions(user: ReturnType<typeof renderPage>['user'], title: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${title}` }));
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

describe('ProjectListPage', () => {
  it('shows each project with its type, status, channels, last change and author', async () => {
    signInAs({ role: 'administrator' });
    stubApi({ 'GET /api/movie': page([makeRow(), published, series]) });
    renderPage(<ProjectListPage />, '/app/project-list');

    const table = await screen.findByRole('table', { name: 'Projects' });
    await within(table).findByText('The forest');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent(
      /The forest.*mystery.*Single.*Draft.*Not published.*2025.*Ayu Lestari/,
    );
    expect(rows[2]).toHaveTextContent(/River run.*Single.*Published.*Web.*App.*—/);
    expect(rows[3]).toHaveTextContent(
      /Night Shift.*drama.*city.*Series.*3 episodes.*2 of 3 published.*Web/,
    );
    expect(rows[3]).not.toHaveTextContent(/App/);
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
  });

  it("opens a single project's detail page and a series' own page from the title", async () => {
    signInAs({ role: 'analyst' });
    stubApi({ 'GET /api/movie': page([makeRow(), series]) });
    const { user, router } = renderPage(<ProjectListPage />, '/app/project-list');

    expect(await screen.findByRole('link', { name: 'Night Shift' })).toHaveAttribute(
      'href',
      '/app/project-list/series/9',
    );
    await user.click(screen.getByRole('link', { name: 'The forest' }));
    expect(router.state.location.pathname).toBe('/app/project-list/project-detail/5');
  });

  it('names the link of a draft without a title, as its detail page does', async () => {
    signInAs({ role: 'analyst' });
    stubApi({ 'GET /api/movie': page([makeRow({ title: '' })]) });
    renderPage(<ProjectListPage />, '/app/project-list');

    expect(await screen.findByRole('link', { name: 'Untitled project' })).toHaveAttribute(
      'href',
      '/app/project-list/project-detail/5',
    );
  });

  it('asks the server for the newest change first, then for the search, filters, sort and page chosen', async () => {
    signInAs({ role: 'administrator' });
    const api = stubApi({ 'GET /api/movie': page([makeRow()], 25) });
    const { user, router } = renderPage(<ProjectListPage />, '/app/project-list');
    await screen.findByRole('table', { name: 'Projects' });
    expect(lastQuery(api)).toEqual({ page: '1', perPage: '10', sort: '-updated_at' });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(api).page).toBe('2'));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(lastQuery(api).page).toBe('3'));

    await user.type(screen.getByRole('searchbox', { name: 'Search title or tag' }), 'noir');
    await waitFor(() => expect(lastQuery(api).search).toBe('noir'));
    // A new search starts again on page 1.
    expect(lastQuery(api).page).toBe('1');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Published' }));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Series' }));
    await user.click(screen.getByRole('combobox', { name: 'Orientation' }));
    await user.click(screen.getByRole('option', { name: 'Vertical' }));
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({
        search: 'noir',
        status: 'published',
        type: 'series',
        orientation: 'vertical',
        page: '1',
        perPage: '10',
        sort: '-updated_at',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Project' }));
    await waitFor(() => expect(lastQuery(api).sort).toBe('title'));
    await user.click(screen.getByRole('button', { name: 'Project' }));
    await waitFor(() => expect(lastQuery(api).sort).toBe('-title'));
    expect(router.state.location.search).toContain('sort=-title');
  });

  it('switches to a grid of cards, kept in the address, with its own sort select', async () => {
    signInAs({ role: 'administrator' });
    const api = stubApi({ 'GET /api/movie': page([makeRow(), series]) });
    const { user, router } = renderPage(<ProjectListPage />, '/app/project-list');
    await screen.findByRole('table', { name: 'Projects' });
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show as a grid' }));
    expect(router.state.location.search).toBe('?layout=grid');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const grid = screen.getByRole('list', { name: 'Projects' });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent(/Night Shift.*Series.*3 episodes.*2 of 3 published/);
    expect(within(cards[1]!).getByRole('link', { name: 'Night Shift' })).toHaveAttribute(
      'href',
      '/app/project-list/series/9',
    );

    const sortSelect = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sortSelect).toHaveTextContent('Last change, newest first');
    await user.click(sortSelect);
    await user.click(screen.getByRole('option', { name: 'Title, A to Z' }));
    await waitFor(() => expect(lastQuery(api).sort).toBe('title'));
    expect(router.state.location.search).toContain('layout=grid');

    await user.click(screen.getByRole('button', { name: 'Show as a table' }));
    expect(await screen.findByRole('table', { name: 'Projects' })).toBeInTheDocument();
  });

  it('offers edit and delete only on drafts, and only to those who may add projects', async () => {
    signInAs({ role: 'contributor' });
    stubApi({ 'GET /api/movie': page([makeRow(), published, series]) });
    const { user } = renderPage(<ProjectListPage />, '/app/project-list');

    expect(screen.getByRole('link', { name: 'New project' })).toHaveAttribute(
      'href',
      '/app/project-create',
    );
    expect(await openActions(user, 'The forest')).toEqual([
      'Open',
      'Edit',
      'Copy watch link',
      'Delete',
    ]);
    await user.keyboard('{Escape}');
    expect(await openActions(user, 'River run')).toEqual(['Open', 'Copy watch link']);
    await user.keyboard('{Escape}');
    expect(await openActions(user, 'Night Shift')).toEqual(['Open series', 'Add episode']);
  });

  it('shows an analyst projects to open and share, nothing to change', async () => {
    signInAs({ role: 'analyst' });
    stubApi({ 'GET /api/movie': page([makeRow(), series]) });
    const { user } = renderPage(<ProjectListPage />, '/app/project-list');

    expect(await openActions(user, 'The forest')).toEqual(['Open', 'Copy watch link']);
    await user.keyboard('{Escape}');
    expect(await openActions(user, 'Night Shift')).toEqual(['Open series']);
    expect(screen.queryByRole('link', { name: 'New project' })).not.toBeInTheDocument();
  });

  it('opens a draft in the wizard from Edit', async () => {
    signInAs({ role: 'administrator' });
    stubApi({ 'GET /api/movie': page([makeRow()]) });
    const { user, router } = renderPage(<ProjectListPage />, '/app/project-list');

    await openActions(user, 'The forest');
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(router.state.location.pathname).toBe('/app/project-list/project-detail/edit/5');
  });

  it("deletes a draft only after 'Delete item, are you sure?', then lists the projects again", async () => {
    signInAs({ role: 'administrator' });
    const api = stubApi({
      'GET /api/movie': page([makeRow()]),
      'DELETE /api/movie/5': () => jsonResponse({ data: { movieId: 5 } }),
    });
    const { user } = renderPage(<ProjectListPage />, '/app/project-list');

    await openActions(user, 'The forest');
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete project' });
    expect(dialog).toHaveTextContent(MESSAGES.confirmDelete);
    expect(dialog).toHaveTextContent('The forest');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('DELETE', '/api/movie/5')).toHaveLength(0);

    await openActions(user, 'The forest');
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(api.to('DELETE', '/api/movie/5')).toHaveLength(1));
    expect(await screen.findByText('The forest deleted')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(api)).toHaveLength(2));
  });

  it("reports a refused delete as 'Delete error!' with the server's message", async () => {
    signInAs({ role: 'administrator' });
    stubApi({
      'GET /api/movie': page([makeRow()]),
      'DELETE /api/movie/5': () => jsonResponse({ message: MESSAGES.projectPublished }, 409),
    });
    const { user } = renderPage(<ProjectListPage />, '/app/project-list');

    await openActions(user, 'The forest');
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(
      await screen.findByText(`Delete error! ${MESSAGES.projectPublished}`),
    ).toBeInTheDocument();
  });

  it("copies a project's watch link and says 'Link copied to clipboard!'", async () => {
    signInAs({ role: 'analyst' });
    stubApi({
      'GET /api/movie': page([published, makeRow({ id: 7, title: 'No slug', watch_url: null })]),
    });
    const { user } = renderPage(<ProjectListPage />, '/app/project-list');
    // user-event installs its own clipboard on setup; this replaces it to see what is written.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    expect(await openActions(user, 'No slug')).toEqual(['Open']);
    await user.keyboard('{Escape}');
    await openActions(user, 'River run');
    await user.click(screen.getByRole('menuitem', { name: 'Copy watch link' }));
    expect(await screen.findByText(MESSAGES.linkCopied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://localhost/watch/river-run');
  });

  it("shows 'No Data' with a way to start, or to clear the filters when they match nothing", async () => {
    signInAs({ role: 'administrator' });
    const api = stubApi({ 'GET /api/movie': page([]) });
    const { user, router } = renderPage(
      <ProjectListPage />,
      '/app/project-list?type=series&search=x',
    );

    expect(await screen.findByText('No Data')).toBeInTheDocument();
    expect(screen.getByText('Nothing matches your search or filters.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({ page: '1', perPage: '10', sort: '-updated_at' }),
    );
    expect(await screen.findByText(/^No projects yet/)).toBeInTheDocument();
    expect(
      within(screen.getByText('No Data').parentElement!).getByRole('link', { name: 'New project' }),
    ).toBeInTheDocument();
  });
});

describe('ProjectDraftPage', () => {
  it('lists drafts only, without a status filter, under the Drafts tab', async () => {
    signInAs({ role: 'administrator' });
    const api = stubApi({ 'GET /api/movie': page([makeRow()]) });
    const { user, router } = renderPage(
      <ProjectDraftPage />,
      '/app/project-draft?status=published',
    );

    expect(await screen.findByRole('table', { name: 'Drafts' })).toBeInTheDocument();
    expect(lastQuery(api).status).toBe('draft');
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Drafts' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Single' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ status: 'draft', type: 'single' }));

    await user.click(screen.getByRole('tab', { name: 'All projects' }));
    expect(router.state.location.pathname).toBe('/app/project-list');
  });

  it('says when there are no drafts at all', async () => {
    signInAs({ role: 'analyst' });
    stubApi({ 'GET /api/movie': page([]) });
    renderPage(<ProjectDraftPage />, '/app/project-draft');

    expect(await screen.findByText(/^No drafts: every project is published/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New project' })).not.toBeInTheDocument();
  });
});
