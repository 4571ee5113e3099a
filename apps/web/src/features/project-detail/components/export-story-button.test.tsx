import { ACCESS_TOKEN_HEADER } from '@plotline/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { ExportStoryButton } from './export-story-button.tsx';

/** jsdom has no object URLs and no downloads: both are stood in for, and put back after the test. */
function catchDownloads() {
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = vi.fn(() => 'blob:story');
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  onTestFinished(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    click.mockRestore();
  });
  return click;
}

describe('ExportStoryButton', () => {
  it('downloads the archive with the session, busy meanwhile, under the name the server gives', async () => {
    signInAs();
    let answer!: (response: Response) => void;
    stubApi({
      'GET /api/movie/5/export': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }) as unknown as Response,
    });
    const click = catchDownloads();
    const { user } = renderPage(<ExportStoryButton movieId={5} />);

    const button = screen.getByRole('button', { name: 'Export' });
    expect(button).toHaveAccessibleDescription(/A zip of the story/);
    await user.click(button);

    // While the zip comes: busy, and said so.
    const busy = await screen.findByRole('button', { name: /Exporting/ });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Exporting…');
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.headers).toEqual({ [ACCESS_TOKEN_HEADER]: 'token-1' });

    answer(
      new Response('PK zip bytes', {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="the-forest.plotline.zip"',
        },
      }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('the-forest.plotline.zip');
    expect(link.href).toBe('blob:story');
    expect(await screen.findByRole('button', { name: 'Export' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('The story archive is downloaded');
  });

  it("tells why the archive could not be had, in the server's words", async () => {
    signInAs();
    stubApi({
      'GET /api/movie/5/export': () => jsonResponse({ message: 'Project not found' }, 404),
    });
    const click = catchDownloads();
    const { user } = renderPage(<ExportStoryButton movieId={5} />);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });
});
