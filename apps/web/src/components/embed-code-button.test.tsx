import { makeProject } from '../test/fixtures.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render-page.tsx';
import { EmbedCodeButton } from './embed-code-button.tsx';

const PUBLISHED = {
  slug: 'forest',
  title: 'The "forest"',
  status: 'published' as const,
  watch_url: 'https://watch.plotline.example/watch/forest',
};

describe('EmbedCodeButton', () => {
  it("shows the responsive frame's code of the public address, to copy", async () => {
    const { user } = renderPage(
      <EmbedCodeButton
        project={makeProject({
          ...PUBLISHED,
          view_mode: 'vertical',
          embed_origins: ['https://a.example'],
        })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embed this video' });
    const code =
      '<iframe src="https://watch.plotline.example/embed/forest" title="The &quot;forest&quot;" ' +
      'width="360" height="640" style="width:100%;max-width:360px;height:auto;aspect-ratio:360/640;border:0" ' +
      'allow="autoplay; fullscreen" allowfullscreen></iframe>';
    const field = within(dialog).getByRole('textbox', { name: 'Embed code' });
    expect(field).toHaveValue(code);
    expect(field).toHaveAttribute('readonly');
    expect(within(dialog).getByText('Sites allowed to embed it: https://a.example.')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText('Embed code copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(code);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Embed' })).toHaveFocus();
  });

  it('says when no other site may use it yet, and that a draft’s code works once published', async () => {
    const { user } = renderPage(
      <EmbedCodeButton
        project={makeProject({ slug: 'forest', view_mode: 'horizontal', embed_origins: [] })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      (within(dialog).getByRole('textbox', { name: 'Embed code' }) as HTMLTextAreaElement).value,
    ).toContain(`src="${window.location.origin}/embed/forest"`);
    expect(
      within(dialog).getByText(
        /No other site may embed it yet.*The code works once the video is published\./,
      ),
    ).toBeVisible();
  });

  it('is offered only for a shareable project with a slug', () => {
    renderPage(<EmbedCodeButton project={makeProject({ slug: null })} />);
    renderPage(<EmbedCodeButton project={makeProject({ slug: 'forest', shareable: 0 })} />);
    expect(screen.queryByRole('button', { name: 'Embed' })).not.toBeInTheDocument();
  });
});
