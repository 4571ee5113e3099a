import { MESSAGES, type Project, type Series } from '@plotline/core';
import { act, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '../../../../test/fake-xhr.ts';
import { jsonResponse, makeProject, signInAs } from '../../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../../test/render-page.tsx';
import { ProjectCreatePage } from '../project-create-page.tsx';

const ROUTE = '/app/project-create/:movieId?';

function makeSeries(overrides: Partial<Series> = {}): Series {
  return {
    movie_id: 40,
    title: 'Night Shift',
    category_id: null,
    synopsis: '',
    tags: [],
    episodeList: [],
    ...overrides,
  };
}

/** The calls step 1 makes, answered as the server would for `project` and `series`. */
function serveProject(project: Project | null, series: Series[] = []) {
  return stubApi({
    'GET /api/movie/series': () => jsonResponse({ data: series }),
    ...(project && {
      [`GET /api/movie/${project.movieId}`]: () => jsonResponse({ data: project }),
    }),
  });
}

function openPage(path: string) {
  const { router } = renderPage(<ProjectCreatePage />, path, ROUTE);
  // Keystrokes without a timer between them: these forms take a lot of typing.
  return { router, user: userEvent.setup({ delay: null }) };
}

const titleField = () => screen.getByRole('textbox', { name: /Title/ });
const nextButton = () => screen.getByRole('button', { name: 'Next' });
const thumbnail = (name: string) => screen.getByRole('region', { name });
/** A closing dialog hides the page from assistive technology until it is gone. */
const dialogClosed = () =>
  waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

beforeEach(() => {
  signInAs({ role: 'contributor' });
  // The picked thumbnail is previewed with an object URL, stood in for here.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('Step 1: project info', () => {
  it('starts a new single project on step 1 of 4, with Next waiting for a saved, complete project', async () => {
    const api = serveProject(null);
    const { user } = openPage('/app/project-create');

    const steps = screen.getByRole('list', { name: 'Project wizard steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['1Project info', '2Clips & bridges', '3Storyline', '4Preview & publish']);
    expect(within(steps).getByText('Project info').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );

    expect(screen.getByRole('textbox', { name: 'Project Title' })).toBeRequired();
    expect(nextButton()).toBeDisabled();
    expect(
      screen.getByText(
        'Still needed to go on: Project Title, Orientation, Mobile thumbnail, and Desktop thumbnail',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(2);
    expect(api.to('POST', '/api/movie')).toEqual([]);
  });

  it('saves a new project, then gives the address its id without leaving the page', async () => {
    const api = stubApi({
      'GET /api/movie/series': () => jsonResponse({ data: [] }),
      'POST /api/movie': () => jsonResponse({ data: { movieId: 12 } }),
      'GET /api/movie/12': () =>
        jsonResponse({
          data: makeProject({
            movieId: 12,
            title: 'The forest',
            thumbnailMobile: null,
            thumbnailDesktop: null,
          }),
        }),
    });
    const { user, router } = openPage('/app/project-create');

    await user.type(titleField(), '  The forest ');
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(tags, 'mystery{Enter}   {Enter}Mystery{Enter}night {Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Two paths.');
    await user.click(screen.getByRole('radio', { name: 'Vertical' }));
    expect(screen.getByText('Save your changes to go on.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Change saved!')).toBeInTheDocument();
    expect(api.to('POST', '/api/movie').map((call) => call.body)).toEqual([
      {
        type: 1,
        title: 'The forest',
        synopsis: 'Two paths.',
        tags: ['mystery', 'night'],
        view_mode: 'vertical',
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/project-create/12'));
    expect(router.state.historyAction).toBe('REPLACE');
    // The same form goes on, saved: no question about leaving, the typed values kept.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(titleField()).toHaveValue('The forest');
    expect(
      await screen.findByText('Still needed to go on: Mobile thumbnail and Desktop thumbnail'),
    ).toBeInTheDocument();
  });

  it('loads a project, asks for a save after an edit, and goes on to step 2 once saved', async () => {
    const project = makeProject({ movieId: 5, title: 'The forest', tags: ['mystery'] });
    const api = stubApi({
      'GET /api/movie/series': () => jsonResponse({ data: [] }),
      'GET /api/movie/5': () => jsonResponse({ data: project }),
      'POST /api/movie': () => jsonResponse({ data: { movieId: 5 } }),
    });
    const { user, router } = openPage('/app/project-create/5');

    expect(await screen.findByRole('textbox', { name: 'Project Title' })).toHaveValue('The forest');
    expect(screen.getByRole('button', { name: 'mystery' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Horizontal' })).toBeChecked();
    expect(within(thumbnail('Mobile thumbnail')).getByRole('img')).toHaveAttribute(
      'src',
      '/media/thumbnails/m.jpg',
    );
    expect(nextButton()).toBeEnabled();

    await user.type(titleField(), ' at night');
    expect(nextButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(nextButton()).toBeEnabled());
    expect(api.to('POST', '/api/movie').map((call) => call.body)).toEqual([
      {
        movieId: 5,
        type: 1,
        title: 'The forest at night',
        synopsis: '',
        tags: ['mystery'],
        view_mode: 'horizontal',
      },
    ]);

    await user.click(nextButton());
    expect(router.state.location.search).toBe('?step=2');
  });

  it('names an episode, offers only free episode numbers and keeps its own', async () => {
    const series = makeSeries({ movie_id: 40, episodeList: [1, 2, 3] });
    const other = makeSeries({ movie_id: 41, title: 'Day Shift', episodeList: [4] });
    const project = makeProject({
      type: 2,
      movieIdParent: 40,
      series,
      episodeNumber: 2,
    });
    serveProject(project, [series, other]);
    const { user } = openPage('/app/project-create/5');

    expect(await screen.findByRole('textbox', { name: 'Episode Title' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Series' })).toHaveValue('Night Shift');
    await user.click(screen.getByRole('combobox', { name: /Episode sequence/ }));
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(50);
    const option = (name: RegExp) => within(listbox).getByRole('option', { name });
    expect(option(/^1 taken$/)).toHaveAttribute('aria-disabled', 'true');
    expect(option(/^3 taken$/)).toHaveAttribute('aria-disabled', 'true');
    expect(option(/^2$/)).toHaveAttribute('aria-selected', 'true');
    expect(option(/^2$/)).not.toHaveAttribute('aria-disabled');
    await user.keyboard('{Escape}');

    // Another series: its own taken numbers, and no number chosen yet.
    await user.click(screen.getByRole('combobox', { name: 'Series' }));
    await user.click(await screen.findByRole('option', { name: 'Day Shift' }));
    await user.click(screen.getByRole('combobox', { name: /Episode sequence/ }));
    expect(screen.getByRole('option', { name: /^4 taken$/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('option', { name: /^2$/ })).not.toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Escape}');

    // No series: a single project again.
    await user.click(screen.getByRole('combobox', { name: 'Series' }));
    await user.keyboard('{Escape}{Escape}');
    expect(screen.getByRole('textbox', { name: 'Project Title' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Episode sequence/ })).not.toBeInTheDocument();
  });

  it("starts a new episode of the series named by '?series=' (a series page's Add episode)", async () => {
    const api = stubApi({
      'GET /api/movie/series': () =>
        jsonResponse({
          data: [
            makeSeries({ movie_id: 40, episodeList: [1] }),
            makeSeries({ movie_id: 41, title: 'Day Shift' }),
          ],
        }),
      'POST /api/movie': () => jsonResponse({ data: { movieId: 12 } }),
      'GET /api/movie/12': () => jsonResponse({ data: makeProject({ movieId: 12 }) }),
    });
    const { user } = openPage('/app/project-create?series=40');

    const seriesField = await screen.findByRole('combobox', { name: 'Series' });
    // Chosen as soon as the series are loaded.
    await waitFor(() => expect(seriesField).toHaveValue('Night Shift'));
    await user.type(screen.getByRole('textbox', { name: 'Episode Title' }), 'Pilot');
    await user.click(screen.getByRole('combobox', { name: /Episode sequence/ }));
    expect(screen.getByRole('option', { name: /^1 taken$/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('option', { name: '2' }));
    await user.click(screen.getByRole('radio', { name: 'Vertical' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Change saved!');
    expect(api.to('POST', '/api/movie').map((call) => call.body)).toEqual([
      expect.objectContaining({ type: 2, title: 'Pilot', movieIdParent: 40, episodeNumber: 2 }),
    ]);
  });

  it("ignores '?series=' on an existing project: it keeps its own series or none", async () => {
    serveProject(makeProject(), [makeSeries({ movie_id: 40 })]);
    openPage('/app/project-create/5?series=40');

    expect(await screen.findByRole('textbox', { name: 'Project Title' })).toHaveValue('The forest');
    expect(screen.getByRole('combobox', { name: 'Series' })).toHaveValue('');
  });

  it('offers to create a series only from typed text that no series has', async () => {
    const api = serveProject(makeProject(), [makeSeries({ title: 'Night Shift' })]);
    const { user } = openPage('/app/project-create/5');
    const seriesField = await screen.findByRole('combobox', { name: 'Series' });

    await user.type(seriesField, '   ');
    expect(screen.queryByRole('option', { name: /Add series/ })).not.toBeInTheDocument();
    await user.clear(seriesField);
    await user.type(seriesField, 'night shift');
    expect(screen.getByRole('option', { name: 'Night Shift' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Add series/ })).not.toBeInTheDocument();
    expect(api.to('POST', '/api/movie/series/add')).toEqual([]);
  });

  it('creates a series from the typed title and saves the episode in it', async () => {
    const api = stubApi({
      'GET /api/movie/series': () => jsonResponse({ data: [] }),
      'GET /api/movie/5': () => jsonResponse({ data: makeProject() }),
      'POST /api/movie/series/add': () => jsonResponse({ data: { movieId: 77 } }),
      'POST /api/movie': () => jsonResponse({ data: { movieId: 5 } }),
    });
    const { user } = openPage('/app/project-create/5');
    const seriesField = await screen.findByRole('combobox', { name: 'Series' });

    await user.type(seriesField, ' Lost Roads ');
    // The typed title is isolated in the option (it may read in another direction than the page).
    await user.click(screen.getByRole('option', { name: 'Add series “\u2068Lost Roads\u2069”' }));
    await waitFor(() => expect(seriesField).toHaveValue('Lost Roads'));
    expect(api.to('POST', '/api/movie/series/add').map((call) => call.body)).toEqual([
      { title: 'Lost Roads', movieId: 5 },
    ]);
    expect(screen.getByRole('textbox', { name: 'Episode Title' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.required)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Episode sequence/ }));
    await user.click(screen.getByRole('option', { name: '1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Change saved!');
    expect(api.to('POST', '/api/movie').map((call) => call.body)).toEqual([
      expect.objectContaining({ movieId: 5, type: 2, movieIdParent: 77, episodeNumber: 1 }),
    ]);
  });

  it('uploads a thumbnail with progress and preview; the first one makes the draft', async () => {
    const requests = installFakeXhr();
    stubApi({
      'GET /api/movie/series': () => jsonResponse({ data: [] }),
      'GET /api/movie/12': () =>
        jsonResponse({
          data: makeProject({
            movieId: 12,
            title: '',
            view_mode: null,
            thumbnailMobile: '/api/media/thumbnails/m.png',
            thumbnailDesktop: null,
          }),
        }),
    });
    const { user, router } = openPage('/app/project-create');
    await user.type(titleField(), 'Typed before the upload');

    const mobile = thumbnail('Mobile thumbnail');
    await user.upload(
      within(mobile).getByLabelText('Upload image'),
      new File(['png'], 'poster.png', { type: 'image/png' }),
    );
    const [first] = requests;
    expect(first?.url).toBe('/api/upload/thumbnailMobile');
    const sent = first?.body as FormData;
    expect(sent.get('uploads')).toBeInstanceOf(File);
    expect(sent.get('movieId')).toBeNull();
    expect(within(mobile).getByRole('img', { name: 'Mobile thumbnail' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    act(() => first?.progress(40, 100));
    expect(
      within(mobile).getByRole('progressbar', { name: 'Upload progress: Mobile thumbnail' }),
    ).toHaveAttribute('aria-valuenow', '40');
    // While the draft is being made, neither the other upload nor Save may make a second one.
    expect(within(thumbnail('Desktop thumbnail')).getByLabelText('Upload image')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    act(() =>
      first?.respond(200, { data: { movieId: 12, location: '/api/media/thumbnails/m.png' } }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/project-create/12'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(titleField()).toHaveValue('Typed before the upload');
    // The finished bar goes after a moment (spec §9: 500 ms).
    await waitFor(() => expect(within(mobile).queryByRole('progressbar')).toBeNull());

    await user.upload(
      within(thumbnail('Desktop thumbnail')).getByLabelText('Upload image'),
      new File(['png'], 'wide.png', { type: 'image/png' }),
    );
    expect(requests[1]?.url).toBe('/api/upload/thumbnailDesktop');
    expect((requests[1]?.body as FormData).get('movieId')).toBe('12');
  });

  it('refuses a file that is not an image, and shows the server refusing one', async () => {
    const requests = installFakeXhr();
    serveProject(makeProject());
    openPage('/app/project-create/5');
    await screen.findByRole('textbox', { name: 'Project Title' });
    // A file dialog can be told to show every file; the page must still refuse it.
    const user = userEvent.setup({ applyAccept: false, delay: null });
    const mobile = thumbnail('Mobile thumbnail');
    const picker = within(mobile).getByLabelText('Replace image');
    await user.upload(picker, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(within(mobile).getByRole('alert')).toHaveTextContent(MESSAGES.notAnImage);
    expect(requests).toHaveLength(0);

    await user.upload(picker, new File(['png'], 'cut.png', { type: 'image/png' }));
    act(() => requests[0]?.respond(415, { message: `cut.png: ${MESSAGES.notAnImage}` }));
    expect(await screen.findAllByText(`cut.png: ${MESSAGES.notAnImage}`)).toHaveLength(2);
    expect(within(mobile).getByRole('img')).toHaveAttribute('src', '/media/thumbnails/m.jpg');
  });

  it('deletes a thumbnail only after the confirmation, and toasts a refused delete', async () => {
    let refuse = false;
    let project = makeProject();
    const api = stubApi({
      'GET /api/movie/series': () => jsonResponse({ data: [] }),
      'GET /api/movie/5': () => jsonResponse({ data: project }),
      'PUT /api/movie': () => {
        if (refuse) return jsonResponse({ message: MESSAGES.projectPublished }, 409);
        project = { ...project, thumbnailMobile: null };
        return jsonResponse({ data: { movieId: 5 } });
      },
    });
    const { user } = openPage('/app/project-create/5');
    await screen.findByRole('textbox', { name: 'Project Title' });

    const mobile = thumbnail('Mobile thumbnail');
    await user.click(within(mobile).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete image' });
    expect(dialog).toHaveTextContent('Delete item, are you sure?');
    expect(dialog).toHaveTextContent('Mobile thumbnail');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    expect(api.to('PUT', '/api/movie')).toEqual([]);

    await user.click(within(mobile).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await dialogClosed();
    expect(within(mobile).getByText('No image yet')).toBeInTheDocument();
    expect(api.to('PUT', '/api/movie').map((call) => call.body)).toEqual([
      { movie_id: 5, thumbnail_mobile: null },
    ]);
    expect(within(mobile).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    refuse = true;
    const desktop = thumbnail('Desktop thumbnail');
    await user.click(within(desktop).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(
      await screen.findByText(`Delete error! ${MESSAGES.projectPublished}`),
    ).toBeInTheDocument();
    await dialogClosed();
    expect(within(desktop).getByRole('img')).toBeInTheDocument();
  });

  it('asks before unsaved changes are left behind, and Back leaves the wizard', async () => {
    serveProject(makeProject());
    const { user, router } = openPage('/app/project-create/5');
    await user.type(await screen.findByRole('textbox', { name: 'Project Title' }), '!');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    expect(router.state.location.pathname).toBe('/app/project-create/5');
    expect(titleField()).toHaveValue('The forest!');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/project-list'));
  });

  it('leaves at once when nothing is unsaved', async () => {
    serveProject(makeProject());
    const { user, router } = openPage('/app/project-create/5');
    await screen.findByRole('textbox', { name: 'Project Title' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/project-list'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a published project read-only', async () => {
    serveProject(makeProject({ status: 'published' }));
    openPage('/app/project-create/5');

    expect(await screen.findByText(MESSAGES.projectPublished)).toBeInTheDocument();
    expect(titleField()).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Series' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Horizontal' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Replace image')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(nextButton()).toBeEnabled();
  });
});

describe("Step 1: the project's client", () => {
  /** Step 1 of project 5 with the company's clients; Save answers the project's id. */
  function serveClients(project: Project) {
    return stubApi({
      'GET /api/movie/series': () => jsonResponse({ data: [] }),
      'GET /api/movie/5': () => jsonResponse({ data: project }),
      'GET /api/client': () =>
        jsonResponse({
          data: [
            { client_id: 1, name: 'Acme Films' },
            { client_id: 2, name: 'Bolt Studio' },
          ],
        }),
      'POST /api/movie': () => jsonResponse({ data: { movieId: 5 } }),
    });
  }
  const clientField = () => screen.findByRole('combobox', { name: 'Client' });
  const savedBodies = (api: ReturnType<typeof stubApi>) =>
    api.to('POST', '/api/movie').map((call) => call.body);

  it.each(['administrator', 'superadmin'] as const)(
    "lets an %s choose one of the company's clients and saves it by name",
    async (role) => {
      signInAs({ role });
      const api = serveClients(makeProject());
      const { user } = openPage('/app/project-create/5');

      const field = await clientField();
      expect(screen.getByText(/choose one of your company's clients/)).toBeInTheDocument();
      await user.click(field);
      await user.click(await screen.findByRole('option', { name: 'Bolt Studio' }));
      expect(field).toHaveValue('Bolt Studio');
      expect(api.to('GET', '/api/client').at(-1)?.url.searchParams.get('movieId')).toBe('5');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText(MESSAGES.changeSaved)).toBeInTheDocument();
      expect(savedBodies(api)).toEqual([expect.objectContaining({ client_name: 'Bolt Studio' })]);
    },
  );

  it('saves a typed new name, and an emptied field as no client', async () => {
    signInAs({ role: 'administrator' });
    const api = serveClients(makeProject({ client_id: 1, client_name: 'Acme Films' }));
    const { user } = openPage('/app/project-create/5');

    const field = await clientField();
    expect(field).toHaveValue('Acme Films');
    await user.clear(field);
    await user.type(field, '  Northwind  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.changeSaved)).toBeInTheDocument();

    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savedBodies(api)).toHaveLength(2));
    expect(savedBodies(api).map((body) => (body as { client_name: unknown }).client_name)).toEqual([
      'Northwind',
      null,
    ]);
  });

  it("shows a contributor the project's client read-only, and never sends it", async () => {
    signInAs({ role: 'contributor' });
    const api = serveClients(makeProject({ client_id: 1, client_name: 'Acme Films' }));
    const { user } = openPage('/app/project-create/5');

    const field = await screen.findByRole('textbox', { name: 'Client' });
    expect(field).toHaveValue('Acme Films');
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByText('Only administrators can change the client.')).toBeInTheDocument();
    await user.type(titleField(), ' again');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.changeSaved)).toBeInTheDocument();
    expect(savedBodies(api)).toHaveLength(1);
    expect(savedBodies(api)[0]).not.toHaveProperty('client_name');
    expect(api.to('GET', '/api/client')).toEqual([]);
  });

  it('shows a contributor no client field while the project has no client', async () => {
    signInAs({ role: 'contributor' });
    serveClients(makeProject());
    openPage('/app/project-create/5');

    await screen.findByRole('textbox', { name: 'Project Title' });
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Client' })).not.toBeInTheDocument();
  });
});
