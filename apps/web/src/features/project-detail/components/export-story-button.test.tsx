import { ACCESS_TOKEN_HEADER, MESSAGES } from '@plotline/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { catchDownloads } from '../../../test/downloads.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { ExportStoryButton } from './export-story-button.tsx';

const ticketUrl = '/api/downloads/file?ticket=abc';

describe('ExportStoryButton', () => {
  it('asks for a download ticket with the session, then lets the browser save the archive itself', async () => {
    signInAs();
    let answer!: (response: Response) => void;
    const api = stubApi({
      'POST /api/downloads': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }) as unknown as Response,
    });
    const click = catchDownloads('blob:never');
    const { user } = renderPage(<ExportStoryButton movieId={5} />);

    const button = screen.getByRole('button', { name: 'Export' });
    expect(button).toHaveAccessibleDescription(/A zip of the story/);
    await user.click(button);

    // While the ticket comes: busy, and said so.
    const busy = await screen.findByRole('button', { name: /Exporting/ });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Exporting…');
    expect(api.to('POST', '/api/downloads')[0]!.body).toEqual({
      kind: 'story-archive',
      movie_id: 5,
    });
    expect(vi.mocked(fetch).mock.calls[0]?.[1]?.headers).toMatchObject({
      [ACCESS_TOKEN_HEADER]: 'token-1',
    });

    answer(jsonResponse({ data: { url: ticketUrl, expires_at: '2026-12-07T04:00:00.000Z' } }, 201));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    // The browser opens the ticket's address itself: the page never holds the file.
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(ticketUrl);
    expect(link.hasAttribute('download')).toBe(true);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(api.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /api/downloads',
    ]);
    expect(await screen.findByRole('button', { name: 'Export' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent(
      'The browser is downloading the story archive',
    );
  });

  it("tells why the archive could not be had, in the server's words", async () => {
    signInAs();
    stubApi({
      'POST /api/downloads': () => jsonResponse({ message: MESSAGES.projectNotFound }, 404),
    });
    const click = catchDownloads('blob:never');
    const { user } = renderPage(<ExportStoryButton movieId={5} />);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });
});
