import {
  CONTENT_LANGUAGES,
  CONTENT_TYPE,
  MESSAGES,
  TIMINGS,
  type MovieContentStatus,
  type Project,
} from '@plotline/core';
import { act, screen, within, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeTusUpload } from '../../../test/fake-tus.ts';
import {
  jsonResponse,
  makeMovieContent,
  makePlotNode,
  makeProject,
  signInAs,
} from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { ProjectCreatePage, ProjectEditPage } from './project-create-page.tsx';

vi.mock('tus-js-client', async (importOriginal) =>
  (await import('../../../test/fake-tus.ts')).fakeTusModule(importOriginal),
);

const ROUTE = '/app/project-create/:movieId?';

function openPage(path: string) {
  return renderPage(<ProjectCreatePage />, path, ROUTE);
}

/** What step 2 of project 5 asks besides the status: the project (step 1 complete), the languages. */
const stepTwoCalls: Parameters<typeof stubApi>[0] = {
  'GET /api/movie/5': () => jsonResponse({ data: makeProject({ movieId: 5 }) }),
  'GET /api/language': () =>
    jsonResponse({
      data: CONTENT_LANGUAGES.map(({ language_id, name }) => ({ language_id, name })),
    }),
};

/** Step 2 of project 5, whose status call answers with `items`. */
function serveStatus(items: () => MovieContentStatus[]) {
  return stubApi({
    ...stepTwoCalls,
    'GET /api/transcoder/movie-status/5': () => jsonResponse({ data: items() }),
  });
}

/** Step 1's calls for `project`. */
function serveProject(project: Project) {
  return stubApi({
    'GET /api/movie/series': () => jsonResponse({ data: [] }),
    [`GET /api/movie/${project.movieId}`]: () => jsonResponse({ data: project }),
  });
}

const currentStep = () =>
  within(screen.getByRole('list', { name: 'Project wizard steps' }))
    .getAllByRole('listitem')
    .find((step) => step.getAttribute('aria-current') === 'step')?.textContent;

function video(name: string, size: number): File {
  const file = new File(['x'], name, { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** An item whose transcode failed, with the transcoder's reason. */
function failedItem(): MovieContentStatus {
  return makeMovieContent({
    movie_content_id: 9,
    file_name: 'broken.mp4',
    status: 'failed',
    thumbnail: null,
    transcoder_log: 'Conversion timed out',
  });
}

function itemNamed(name: string) {
  return screen.getByRole('listitem', { name });
}

function tusUpload(index: number): FakeTusUpload {
  const upload = FakeTusUpload.instances[index];
  if (!upload) throw new Error(`Upload ${index} was not started`);
  return upload;
}

beforeEach(() => {
  signInAs({ role: 'contributor' });
  FakeTusUpload.instances = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ProjectCreatePage: the wizard', () => {
  it('shows step 2 for a project whose step 1 is complete, and Back returns to step 1', async () => {
    serveStatus(() => [makeMovieContent({ file_name: 'opening.mp4' })]);
    const { user, router } = openPage('/app/project-create/5?step=2');

    expect(await screen.findByRole('listitem', { name: 'opening.mp4' })).toBeInTheDocument();
    expect(currentStep()).toBe('2Clips & bridges');
    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('textbox', { name: 'Project Title' })).toHaveValue('The forest');
    expect(currentStep()).toBe('1Project info');
  });

  it('sends a project whose step 1 is not complete back to step 1, which says what is missing', async () => {
    serveProject(makeProject({ thumbnailDesktop: null }));
    const { router } = openPage('/app/project-create/5?step=2');

    expect(await screen.findByText('Still needed to go on: Desktop thumbnail')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows step 4, preview and publish, whose Back returns to step 3', async () => {
    stubApi({ 'GET /api/movie/5': () => jsonResponse({ data: makeProject({ movieId: 5 }) }) });
    const { user, router } = openPage('/app/project-create/5?step=4');

    expect(await screen.findByRole('heading', { name: 'Preview & publish' })).toBeInTheDocument();
    expect(currentStep()).toBe('4Preview & publish');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.search).toBe('?step=3');
  });

  it('says so when the project in the address does not exist, on any step', async () => {
    stubApi({
      'GET /api/movie/series': () => jsonResponse({ data: [] }),
      'GET /api/movie/404': () => jsonResponse({ message: MESSAGES.projectNotFound }, 404),
    });
    openPage('/app/project-create/404');
    expect(await screen.findByText(MESSAGES.projectNotFound)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Project Title' })).not.toBeInTheDocument();
  });

  it('does not ask the server about an address that names no project', () => {
    const api = stubApi({});
    openPage('/app/project-create/draft');
    expect(screen.getByText(MESSAGES.projectNotFound)).toBeVisible();
    expect(api.calls).toEqual([]);
  });
});

describe('ProjectCreatePage: step 2, the clips and bridges', () => {
  it('shows each clip the way its transcode stands, and bridges in their own tab', async () => {
    serveStatus(() => [
      makeMovieContent({ movie_content_id: 1, file_name: 'opening.mp4', duration: 65 }),
      makeMovieContent({
        movie_content_id: 2,
        file_name: 'forest.mp4',
        status: 'processing',
        progress: 42,
        thumbnail: null,
        url: null,
        duration: null,
      }),
      makeMovieContent({
        movie_content_id: 3,
        file_name: 'river.mp4',
        status: 'playable',
        progress: 70,
        thumbnail: null,
      }),
      makeMovieContent({
        movie_content_id: 4,
        file_name: 'cave.mp4',
        status: 'queued',
        progress: 0,
        thumbnail: null,
        url: null,
      }),
      makeMovieContent({
        movie_content_id: 5,
        file_name: 'broken.mp4',
        status: 'failed',
        thumbnail: null,
        url: null,
        transcoder_log: 'Invalid data found when processing input',
      }),
      makeMovieContent({ movie_content_id: 6, file_name: 'left-or-right.mp4', type: 2 }),
    ]);
    const { user } = openPage('/app/project-create/5?step=2');

    const clips = await screen.findByRole('list', { name: 'Clips' });
    expect(within(clips).getAllByRole('listitem', { name: /\.mp4$/ })).toHaveLength(5);

    const ready = itemNamed('opening.mp4');
    expect(ready).toHaveAttribute('data-look', 'ready');
    expect(within(ready).getByRole('img', { name: 'Thumbnail of opening.mp4' })).toHaveAttribute(
      'src',
      '/media/hls/1/poster.jpg',
    );
    expect(within(ready).getByText('Ready · 1:05')).toBeInTheDocument();
    expect(within(ready).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

    const processing = itemNamed('forest.mp4');
    expect(processing).toHaveAttribute('data-look', 'processing');
    expect(within(processing).getByText('Processing 42%')).toBeInTheDocument();
    expect(
      within(processing).getByRole('progressbar', { name: 'Conversion progress of forest.mp4' }),
    ).toHaveAttribute('aria-valuenow', '42');
    expect(
      within(itemNamed('river.mp4')).getByText(
        'Playable — first rendition ready, still encoding 70%',
      ),
    ).toBeInTheDocument();
    expect(within(itemNamed('cave.mp4')).getByText('Queued')).toBeInTheDocument();

    const failed = itemNamed('broken.mp4');
    expect(failed).toHaveAttribute('data-look', 'failed');
    expect(
      within(failed).getByText('Invalid data found when processing input'),
    ).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Retry' })).toBeInTheDocument();

    expect(screen.queryByRole('list', { name: 'Bridges' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Bridge' }));
    const bridges = screen.getByRole('list', { name: 'Bridges' });
    expect(within(bridges).getByRole('listitem', { name: 'left-or-right.mp4' })).toBeVisible();
  });

  it('retries a failed transcode: the item looks processing at once and the retry is posted', async () => {
    const failed = failedItem();
    const api = stubApi({
      ...stepTwoCalls,
      'GET /api/transcoder/movie-status/5': () => jsonResponse({ data: [failed] }),
      'POST /api/transcoder/retry': () =>
        jsonResponse({ data: { ...failed, status: 'queued', transcoder_log: null, progress: 0 } }),
    });
    const { user } = openPage('/app/project-create/5?step=2');

    const item = await screen.findByRole('listitem', { name: 'broken.mp4' });
    await user.click(within(item).getByRole('button', { name: 'Retry' }));

    expect(item).toHaveAttribute('data-look', 'processing');
    expect(within(item).queryByText('Conversion timed out')).not.toBeInTheDocument();
    expect(within(item).getByText('Queued')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.to('POST', '/api/transcoder/retry').map((call) => call.body)).toEqual([
        { id: 9, trailer: 0 },
      ]),
    );
  });

  it("puts a refused retry back as it was and toasts the server's reason", async () => {
    const failed = failedItem();
    stubApi({
      ...stepTwoCalls,
      'GET /api/transcoder/movie-status/5': () => jsonResponse({ data: [failed] }),
      'POST /api/transcoder/retry': () => jsonResponse({ message: MESSAGES.retryNotFailed }, 409),
    });
    const { user } = openPage('/app/project-create/5?step=2');

    const item = await screen.findByRole('listitem', { name: 'broken.mp4' });
    await user.click(within(item).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText(MESSAGES.retryNotFailed)).toBeInTheDocument();
    expect(item).toHaveAttribute('data-look', 'failed');
    expect(within(item).getByText('Conversion timed out')).toBeInTheDocument();
  });

  it('asks for the status every 15 s while something is transcoding, and stops when all is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let items = [makeMovieContent({ status: 'processing', thumbnail: null, progress: 10 })];
    const api = serveStatus(() => items);
    openPage('/app/project-create/5?step=2');
    await screen.findByText('Processing 10%');
    const asked = () => api.to('GET', '/api/transcoder/movie-status/5').length;
    expect(asked()).toBe(1);

    items = [makeMovieContent({ status: 'ready' })];
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.statusPollMs));
    expect(await screen.findByText('Ready · 1:05')).toBeInTheDocument();
    expect(asked()).toBe(2);

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.statusPollMs * 2));
    expect(asked()).toBe(2);
  });

  it("shows an upload's refusal in a toast and in the box", async () => {
    serveStatus(() => []);
    const { user } = openPage('/app/project-create/5?step=2');
    await user.click(await screen.findByRole('tab', { name: 'Bridge' }));
    const box = screen.getByRole('region', { name: 'Upload bridges' });
    await user.upload(within(box).getByLabelText('Choose files'), video('picture.mp4', 10));
    await user.click(within(box).getByRole('button', { name: 'Upload' }));

    expect(tusUpload(0).options.metadata).toEqual({
      filename: 'picture.mp4',
      movieId: '5',
      type: String(CONTENT_TYPE.bridge),
    });
    act(() => tusUpload(0).refuse(422, { message: MESSAGES.notAVideo }));

    expect(await within(box).findByRole('alert')).toHaveTextContent(MESSAGES.notAVideo);
    expect(screen.getAllByText(MESSAGES.notAVideo)).toHaveLength(2);
    expect(within(box).getByText('No files chosen')).toBeInTheDocument();
  });
});

describe('ProjectEditPage: the wizard opened from the detail page', () => {
  beforeEach(() => signInAs());

  it("labels step 3's Save 'Save and Exit' and returns to the detail page after saving", async () => {
    const clip = makeMovieContent({ movie_content_id: 7, type: CONTENT_TYPE.clip });
    const bridge = makeMovieContent({
      movie_content_id: 8,
      type: CONTENT_TYPE.bridge,
      file_name: 'question.mp4',
    });
    const stored = makePlotNode(1, null, { movie_content_id: 7, duration: 65 });
    const api = stubApi({
      'GET /api/movie/5': () =>
        jsonResponse({ data: makeProject({ movieId: 5, movieContent: [clip, bridge] }) }),
      'GET /api/movie-plot/5': () => jsonResponse({ data: [stored], variables: [], version: 2 }),
      'GET /api/transcoder/movie-status/5': () => jsonResponse({ data: [clip, bridge] }),
      'POST /api/movie-plot': () => jsonResponse({ data: [stored], variables: [], version: 3 }),
    });
    const { user, router } = renderPage(
      <ProjectEditPage />,
      '/app/project-list/project-detail/edit/5?step=3',
      '/app/project-list/project-detail/edit/:movieId',
    );

    const save = await screen.findByRole('button', { name: 'Save and Exit' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    // An edit first: leaving after its save must not meet the unsaved-changes guard.
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add Bridge' }));
    await user.click(screen.getByRole('combobox', { name: 'Bridge' }));
    await user.click(await screen.findByRole('option', { name: /question\.mp4/ }));
    await user.click(save);

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/app/project-list/project-detail/5'),
    );
    expect(api.to('POST', '/api/movie-plot')).toHaveLength(1);
  });
});
