import { MESSAGES, type Project } from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeProject, signInAs } from '../../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../../test/render-page.tsx';
import { ProjectCreatePage } from '../project-create-page.tsx';

/** Step 4 of project 5 against a fake server that keeps the settings it is sent. */
function openStepFour(overrides: Partial<Project> = {}) {
  let project = makeProject({ movieId: 5, slug: 'forest', ...overrides });
  const api = stubApi({
    'GET /api/movie/5': () => jsonResponse({ data: project }),
    'POST /api/movie': ({ body }) => {
      const { movieId, ...settings } = body as { movieId: number } & Partial<Project>;
      project = { ...project, ...settings };
      return jsonResponse({ data: { movieId } });
    },
    'GET /api/movie-plot/5': () => jsonResponse({ data: [], variables: [], version: 1 }),
  });
  const page = renderPage(
    <ProjectCreatePage />,
    '/app/project-create/5?step=4',
    '/app/project-create/:movieId?',
  );
  return { ...page, api };
}

const siteField = () => screen.findByRole('textbox', { name: 'Site to add' });
const button = (name: string) => screen.getByRole('button', { name });
const sent = (api: ReturnType<typeof openStepFour>['api']) =>
  api.to('POST', '/api/movie').map((call) => call.body);

describe('StepFour: the sites that may embed the video', () => {
  beforeEach(() => {
    signInAs();
  });

  it('adds sites as origins, refuses what is not one, removes them, and saves the list', async () => {
    const { user, api } = openStepFour();
    const field = await siteField();
    expect(
      screen.getByText('No site yet: only this studio can show the video in a frame.'),
    ).toBeVisible();

    await user.type(field, 'example.com/page{Enter}');
    expect(await screen.findByText(MESSAGES.embedOriginFormat)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'HTTPS://Example.com:443/');
    await user.click(button('Add'));
    await user.type(field, 'http://localhost:8080{Enter}');
    await user.type(field, 'https://example.com{Enter}');
    const list = screen.getByRole('list', { name: 'Sites that may embed this video' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['https://example.com', 'http://localhost:8080']);
    expect(field).toHaveFocus();

    await user.click(button('Remove http://localhost:8080'));
    expect(field).toHaveFocus();
    await user.click(button('Save'));
    await waitFor(() =>
      expect(sent(api)).toEqual([{ movieId: 5, embed_origins: ['https://example.com'] }]),
    );
  });

  it('refuses what a header could be bent with, as the server does, and takes a *. site', async () => {
    const { user, api } = openStepFour();
    const field = await siteField();
    for (const text of [
      'https://a.example; script-src *',
      'https://a.example,https://b.example',
      'https://"a.example"',
      'https://a*.example',
    ]) {
      await user.clear(field);
      await user.type(field, `${text}{Enter}`);
      expect(await screen.findByText(MESSAGES.embedOriginFormat)).toBeVisible();
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.queryByRole('list', { name: 'Sites that may embed this video' })).toBeNull();

    await user.clear(field);
    await user.type(field, 'HTTPS://*.Example.com{Enter}');
    const list = screen.getByRole('list', { name: 'Sites that may embed this video' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('https://*.example.com');
    await user.click(button('Save'));
    await waitFor(() =>
      expect(sent(api)).toEqual([{ movieId: 5, embed_origins: ['https://*.example.com'] }]),
    );
  });

  it("lets any site embed it with the 'Any site' switch", async () => {
    const { user, api } = openStepFour({ embed_origins: ['https://a.example'] });
    await siteField();
    await user.click(screen.getByRole('switch', { name: 'Any site' }));
    expect(screen.queryByRole('textbox', { name: 'Site to add' })).not.toBeInTheDocument();
    await user.click(button('Save'));
    await waitFor(() => expect(sent(api)).toEqual([{ movieId: 5, embed_origins: ['*'] }]));
  });

  it('is off, and says why, while the share button is off', async () => {
    const { user } = openStepFour({ shareable: 0 });
    expect(await siteField()).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Any site' })).toBeDisabled();
    expect(
      screen.getByText('Turn on the share button to let other sites embed this video.'),
    ).toBeVisible();
    // Nor is there code to embed.
    expect(screen.queryByRole('button', { name: 'Embed' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Show share button' }));
    expect(await siteField()).toBeEnabled();
  });

  it('keeps a published project’s sites, read-only', async () => {
    openStepFour({
      status: 'published',
      published_at: '2026-11-24T10:30:00.000Z',
      watch_url: 'https://watch.plotline.example/watch/forest',
      embed_origins: ['https://a.example'],
    });
    expect(await siteField()).toBeDisabled();
    const list = screen.getByRole('list', { name: 'Sites that may embed this video' });
    expect(within(list).getByText('https://a.example')).toBeVisible();
    expect(button('Remove https://a.example')).toBeDisabled();
    expect(button('Embed')).toBeEnabled();
  });
});
