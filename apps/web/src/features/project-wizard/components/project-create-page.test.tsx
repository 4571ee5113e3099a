import { CONTENT_TYPE, MESSAGES, TIMINGS, type MovieContentStatus } from '@plotline/core';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeTusUpload } from '../../../test/fake-tus.ts';
import { jsonResponse, makeMovieContent, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { ProjectCreatePage } from './project-create-page.tsx';

vi.mock('tus-js-client', async (importOriginal) =>
  (await import('../../../test/fake-tus.ts')).fakeTusModule(importOriginal),
);

const ROUTE = '/app/project-create/:movieId?';

function openPage(path: string) {
  return renderPage(<ProjectCreatePage />, path, ROUTE);
}

/** The status call answers with `items` for project `movieId`. */
function serveStatus(movieId: number, items: () => MovieContentStatus[]) {
  return stubApi({
    [`GET /api/transcoder/movie-status/${movieId}`]: () => jsonResponse({ data: items() }),
  });
}

function video(name: string, size: number): File {
  const file = new File(['x'], name, { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
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

describe('ProjectCreatePage', () => {
  it('shows each clip the way its transcode stands, and bridges in their own tab', async () => {
    serveStatus(5, () => [
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
    const { user } = openPage('/app/project-create/5');

    const clips = await screen.findByRole('list', { name: 'Clips' });
    expect(within(clips).getAllByRole('listitem')).toHaveLength(5);

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
    expect(screen.queryByRole('tab', { name: 'Banner' })).not.toBeInTheDocument();
  });

  it('retries a failed transcode: the item looks processing at once and the retry is posted', async () => {
    const failed = makeMovieContent({
      movie_content_id: 9,
      file_name: 'broken.mp4',
      status: 'failed',
      thumbnail: null,
      transcoder_log: 'Conversion timed out',
    });
    const api = stubApi({
      'GET /api/transcoder/movie-status/5': () => jsonResponse({ data: [failed] }),
      'POST /api/transcoder/retry': () =>
        jsonResponse({ data: { ...failed, status: 'queued', transcoder_log: null, progress: 0 } }),
    });
    const { user } = openPage('/app/project-create/5');

    const item = await screen.findByRole('listitem', { name: 'broken.mp4' });
    await user.click(within(item).getByRole('button', { name: 'Retry' }));

    expect(item).toHaveAttribute('data-look', 'processing');
    expect(within(item).queryByText('Conversion timed out')).not.toBeInTheDocument();
    expect(within(item).getByText('Queued')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(api.to('POST', '/api/transcoder/retry').map((call) => call.body)).toEqual([
        { id: 9, trailer: 0 },
      ]),
    );
  });

  it("puts a refused retry back as it was and toasts the server's reason", async () => {
    const failed = makeMovieContent({
      movie_content_id: 9,
      file_name: 'broken.mp4',
      status: 'failed',
      thumbnail: null,
      transcoder_log: 'Conversion timed out',
    });
    stubApi({
      'GET /api/transcoder/movie-status/5': () => jsonResponse({ data: [failed] }),
      'POST /api/transcoder/retry': () => jsonResponse({ message: MESSAGES.retryNotFailed }, 409),
    });
    const { user } = openPage('/app/project-create/5');

    const item = await screen.findByRole('listitem', { name: 'broken.mp4' });
    await user.click(within(item).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText(MESSAGES.retryNotFailed)).toBeInTheDocument();
    expect(item).toHaveAttribute('data-look', 'failed');
    expect(within(item).getByText('Conversion timed out')).toBeInTheDocument();
  });

  it('asks for the status every 15 s while something is transcoding, and stops when all is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let items = [makeMovieContent({ status: 'processing', thumbnail: null, progress: 10 })];
    const api = serveStatus(5, () => items);
    openPage('/app/project-create/5');
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

  it('makes a draft with the first upload, puts its id in the address and uploads the rest into it', async () => {
    const first = makeMovieContent({
      movie_content_id: 31,
      file_name: 'one.mp4',
      status: 'queued',
      progress: 0,
      thumbnail: null,
      url: null,
      duration: null,
    });
    const second = { ...first, movie_content_id: 32, file_name: 'two.mp4' };
    serveStatus(12, () => [first, second]);
    const { user, router } = openPage('/app/project-create');

    expect(screen.getByText(/saved as a draft straight away/)).toBeInTheDocument();
    const box = screen.getByRole('region', { name: 'Upload clips' });
    await user.upload(within(box).getByLabelText('Choose files'), [
      video('one.mp4', 100),
      video('two.mp4', 300),
    ]);
    await user.click(within(box).getByRole('button', { name: 'Upload' }));

    expect(tusUpload(0).options.metadata).toEqual({ filename: 'one.mp4', type: '1' });
    act(() => tusUpload(0).progress(50, 100));
    expect(within(box).getByText('13%')).toBeInTheDocument();
    // While the draft is being made, the Bridge tab's box waits, so no second draft is made.
    expect(
      within(screen.getByRole('region', { name: 'Upload bridges', hidden: true })).getByRole(
        'button',
        { name: 'Upload', hidden: true },
      ),
    ).toBeDisabled();

    act(() => tusUpload(0).succeed({ data: { movieId: 12, files: [first] } }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/app/project-create/12'));
    expect(router.state.historyAction).toBe('REPLACE');

    await vi.waitFor(() => expect(FakeTusUpload.instances).toHaveLength(2));
    expect(tusUpload(1).options.metadata).toEqual({
      filename: 'two.mp4',
      movieId: '12',
      type: String(CONTENT_TYPE.clip),
    });
    act(() => tusUpload(1).progress(150, 300));
    expect(within(box).getByText('63%')).toBeInTheDocument();
    act(() => tusUpload(1).succeed({ data: { movieId: 12, files: [second] } }));

    const clips = await screen.findByRole('list', { name: 'Clips' });
    expect(
      within(clips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('one.mp4'), expect.stringContaining('two.mp4')]);
    expect(within(box).getByText('No files chosen')).toBeInTheDocument();
  });

  it("shows an upload's refusal in a toast and in the box", async () => {
    serveStatus(5, () => []);
    const { user } = openPage('/app/project-create/5');
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

  it('says so when the project in the address does not exist', async () => {
    stubApi({
      'GET /api/transcoder/movie-status/404': () =>
        jsonResponse({ message: MESSAGES.projectNotFound }, 404),
    });
    openPage('/app/project-create/404');
    const tab = await screen.findByRole('tabpanel', { name: 'Clip' });
    expect(await within(tab).findByText(MESSAGES.projectNotFound)).toBeVisible();
  });

  it('does not ask the server about an address that names no project', () => {
    const api = stubApi({});
    openPage('/app/project-create/draft');
    expect(screen.getByText(MESSAGES.projectNotFound)).toBeVisible();
    expect(api.calls).toEqual([]);
  });
});
