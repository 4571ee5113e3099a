import { ACCESS_TOKEN_HEADER } from '@plotline/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { catchDownloads } from '../../../test/downloads.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { ExportStoryButton } from './export-story-button.tsx';

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
    const click = catchDownloads('blob:story');
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

  it('shows the share received while a large archive comes, when the server gives its length', async () => {
    signInAs();
    let body!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        body = controller;
      },
    });
    stubApi({
      'GET /api/movie/5/export': () =>
        new Response(stream, {
          headers: {
            'content-type': 'application/zip',
            'content-length': '8',
            'content-disposition': 'attachment; filename="big.plotline.zip"',
          },
        }),
    });
    const click = catchDownloads('blob:story');
    const { user } = renderPage(<ExportStoryButton movieId={5} />);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    body.enqueue(new Uint8Array([80, 75, 3, 4]));
    expect(await screen.findByRole('button', { name: /Exporting: 50%/ })).toBeDisabled();
    body.enqueue(new Uint8Array([1, 2, 3, 4]));
    body.close();

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('big.plotline.zip');
    const saved = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(saved.size).toBe(8);
    expect(saved.type).toBe('application/zip');
  });

  it("tells why the archive could not be had, in the server's words", async () => {
    signInAs();
    stubApi({
      'GET /api/movie/5/export': () => jsonResponse({ message: 'Project not found' }, 404),
    });
    const click = catchDownloads('blob:story');
    const { user } = renderPage(<ExportStoryButton movieId={5} />);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });
});
