import { formatMessage, LINEAR_CUT_MESSAGES, type LinearCut } from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  makeMovieContent,
  makePlotNode,
  makeProject,
  signInAs,
} from '../../../test/fixtures.ts';
import { catchDownloads } from '../../../test/downloads.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { LINEAR_CUTS_POLL_MS } from '../api/linear-cuts.ts';
import { LinearCuts } from './linear-cuts.tsx';

const caption = (text: string) => [{ language_id: 1, caption: text, file: null, file_name: null }];

/**
 * Opening (1) asks: Left (2) or Right (3); Left goes on by itself to its only option, Epilogue (4).
 * The opening has an English subtitle.
 */
const project = makeProject({
  primaryLanguageId: 1,
  movieContent: [
    makeMovieContent({
      movie_content_id: 1,
      lang: [
        {
          language_id: 1,
          caption: 'Opening',
          file: '/api/media/subtitles/1.vtt',
          file_name: 'o.srt',
        },
      ],
    }),
    makeMovieContent({ movie_content_id: 2, type: 2, lang: caption('Left') }),
    makeMovieContent({ movie_content_id: 3, type: 2, lang: caption('Right') }),
    makeMovieContent({ movie_content_id: 4, lang: caption('Epilogue') }),
  ],
});
const plot = [makePlotNode(1, null), makePlotNode(2, 1), makePlotNode(3, 1), makePlotNode(4, 2)];

const cut = (overrides: Partial<LinearCut> = {}): LinearCut => ({
  id: 7,
  status: 'ready',
  progress: 1,
  path: [1, 2, 4],
  language_id: 1,
  created_at: '2026-11-20T10:00:00.000Z',
  error: null,
  ...overrides,
});

const renderCuts = () => renderPage(<LinearCuts project={project} plot={plot} variables={[]} />);

describe('LinearCuts', () => {
  it('picks the path choice by choice, as the player walks it, and asks for its render', async () => {
    signInAs();
    const api = stubApi({
      'GET /api/movie/5/linear-cuts': () => jsonResponse({ data: [] }),
      'POST /api/movie/5/linear-cuts': () =>
        jsonResponse({ data: cut({ status: 'queued', progress: 0 }) }, 202),
    });
    const { user } = renderCuts();

    expect(await screen.findByText('No cut yet.')).toBeInTheDocument();
    const path = screen.getByRole('list', { name: 'The path' });
    expect(
      within(path)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Opening']);
    const render = screen.getByRole('button', { name: 'Render' });
    expect(render).toBeDisabled();
    const choice = screen.getByRole('combobox', { name: 'Choice after “Opening”' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an option', 'Left', 'Right']);

    await user.selectOptions(choice, 'Left');
    // Left's only option follows by itself: the path reaches its ending.
    expect(
      within(path)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Opening', 'Left', 'Epilogue']);
    expect(screen.getByText('The path reaches an ending: it can be rendered.')).toBeInTheDocument();
    const subtitles = screen.getByRole('combobox', { name: 'Subtitles' });
    expect(
      within(subtitles)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No subtitles', 'English']);
    await user.selectOptions(subtitles, 'English');
    await user.click(render);

    await waitFor(() => expect(api.to('POST', '/api/movie/5/linear-cuts')).toHaveLength(1));
    expect(api.to('POST', '/api/movie/5/linear-cuts')[0]!.body).toEqual({
      choices: [2],
      language_id: 1,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('The cut is queued for rendering');

    // Changing an earlier choice drops the picks after it.
    await user.selectOptions(choice, 'Right');
    expect(
      within(path)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Opening', 'Right']);
  });

  it("shows the server's refusal of a render", async () => {
    signInAs();
    const refusal = formatMessage(LINEAR_CUT_MESSAGES.notReady, { name: 'left.mp4' });
    stubApi({
      'GET /api/movie/5/linear-cuts': () => jsonResponse({ data: [] }),
      'POST /api/movie/5/linear-cuts': () => jsonResponse({ message: refusal }, 409),
    });
    const { user } = renderCuts();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Choice after “Opening”' }),
      'Right',
    );
    await user.click(screen.getByRole('button', { name: 'Render' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Render' })).toBeEnabled();
  });

  it('shows progress while a cut renders, asking again until it is ready, then stops', async () => {
    signInAs();
    let answers = 0;
    const api = stubApi({
      'GET /api/movie/5/linear-cuts': () => {
        answers += 1;
        return jsonResponse({
          data: [answers === 1 ? cut({ status: 'rendering', progress: 0.42 }) : cut()],
        });
      },
    });
    renderCuts();

    const bar = await screen.findByRole('progressbar', {
      name: /^Progress of the cut of /,
    });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('Rendering: 42%')).toBeInTheDocument();
    expect(
      await screen.findByText('Ready to download', {}, { timeout: LINEAR_CUTS_POLL_MS * 2 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, LINEAR_CUTS_POLL_MS + 500));
    expect(api.to('GET', '/api/movie/5/linear-cuts')).toHaveLength(2);
  }, 10_000);

  it('downloads a ready cut through a ticket the browser opens itself, and deletes one', async () => {
    signInAs();
    const ticketUrl = '/api/downloads/file?ticket=cut';
    const api = stubApi({
      'GET /api/movie/5/linear-cuts': () => jsonResponse({ data: [cut()] }),
      'POST /api/downloads': () =>
        jsonResponse({ data: { url: ticketUrl, expires_at: '2026-12-07T04:00:00.000Z' } }, 201),
      'DELETE /api/movie/5/linear-cuts/7': () => jsonResponse({ data: cut() }),
    });
    const click = catchDownloads('blob:never');
    const { user } = renderCuts();

    await user.click(await screen.findByRole('button', { name: /^Download the cut of / }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.to('POST', '/api/downloads')[0]!.body).toEqual({
      kind: 'linear-cut',
      movie_id: 5,
      linear_cut_id: 7,
    });
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(ticketUrl);
    // Nothing of the file passes through the page.
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(api.calls.some((call) => call.url.pathname.endsWith('/file'))).toBe(false);

    await user.click(screen.getByRole('button', { name: /^Delete the cut of / }));
    await waitFor(() => expect(api.to('DELETE', '/api/movie/5/linear-cuts/7')).toHaveLength(1));
    expect(await screen.findByRole('status')).toHaveTextContent('The cut is deleted');
  });

  it('lets an analyst (read-only) list and download cuts, but not render or delete one', async () => {
    signInAs({ role: 'analyst' });
    stubApi({ 'GET /api/movie/5/linear-cuts': () => jsonResponse({ data: [cut()] }) });
    renderCuts();

    expect(await screen.findByRole('button', { name: /^Download the cut of / })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Delete the cut of / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Render' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('combobox', { name: 'Choice after “Opening”' }),
    ).not.toBeInTheDocument();
  });
});
