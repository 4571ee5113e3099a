import {
  CONTENT_TYPE,
  MESSAGES,
  type PlotNode,
  type Project,
  type StoryVariable,
} from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  jsonResponse,
  makeMovieContent,
  makePlotNode,
  makeProject,
  signInAs,
} from '../../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../../test/render-page.tsx';
import { ProjectCreatePage } from '../project-create-page.tsx';

const SITE = window.location.origin;
const PUBLISHED_AT = '2026-11-24T10:30:00.000Z';

/** The door, then a choice of two bridges: Knock (which scores) or Walk away. */
const ITEMS = [
  makeMovieContent({ movie_content_id: 1, duration: 10, lang: caption('The door') }),
  makeMovieContent({
    movie_content_id: 2,
    type: CONTENT_TYPE.bridge,
    duration: 10,
    lang: caption('Knock'),
  }),
  makeMovieContent({
    movie_content_id: 3,
    type: CONTENT_TYPE.bridge,
    duration: 10,
    lang: caption('Walk away'),
  }),
];
const VARIABLES: StoryVariable[] = [{ name: 'score', kind: 'number', start: 0 }];
const PLOT: PlotNode[] = [
  makePlotNode(1, null),
  makePlotNode(2, 1, { effects: [{ variable: 'score', op: 'add', value: 1 }] }),
  makePlotNode(3, 1),
];

function caption(text: string) {
  return [{ language_id: 1, caption: text, file: null, file_name: null }];
}

interface Serve {
  project?: Partial<Project>;
  /** Answers Save instead of storing the settings. */
  refuseSave?: () => Response;
  /** The stored storyline; by default the door and its two options, which the check passes. */
  storyline?: { data: PlotNode[]; variables: StoryVariable[] };
  /** Answers Publish instead of publishing. */
  refusePublish?: () => Response;
  /** Answers the confirmation of the paths played instead of storing it. */
  refuseConfirm?: () => Response;
}

/**
 * Step 4 of project 5 against a fake server that keeps the project: Save stores the settings it is
 * sent, Publish publishes at the stored slug.
 */
function openStepFour({
  project: overrides = {},
  refuseSave,
  storyline = { data: PLOT, variables: VARIABLES },
  refusePublish,
  refuseConfirm,
}: Serve = {}) {
  let project = makeProject({
    movieId: 5,
    movieContent: ITEMS,
    primaryLanguageId: 1,
    ...overrides,
  });
  const api = stubApi({
    'GET /api/movie/5': () => jsonResponse({ data: project }),
    'POST /api/movie': ({ body }) => {
      if (refuseSave) return refuseSave();
      const { movieId, ...settings } = body as { movieId: number } & Partial<Project>;
      project = { ...project, ...settings };
      if (settings.slug) project.watch_url = `${SITE}/watch/${settings.slug}`;
      return jsonResponse({ data: { movieId } });
    },
    'GET /api/movie-plot/5': () => jsonResponse({ ...storyline, version: 1 }),
    'PUT /api/movie/5/paths-confirmed': ({ body }) => {
      if (refuseConfirm) return refuseConfirm();
      const { version } = body as { version: number };
      project = { ...project, paths_confirmed_version: version };
      return jsonResponse({
        data: { paths_confirmed_version: version, paths_confirmed_at: PUBLISHED_AT },
      });
    },
    'POST /api/movie/5/publish': () => {
      if (refusePublish) return refusePublish();
      const url = `${SITE}/watch/${project.slug}`;
      project = { ...project, status: 'published', watch_url: url, published_at: PUBLISHED_AT };
      return jsonResponse({ data: { slug: project.slug, url, published_at: PUBLISHED_AT } });
    },
  });
  const page = renderPage(
    <ProjectCreatePage />,
    '/app/project-create/5?step=4',
    '/app/project-create/:movieId?',
  );
  return { ...page, api };
}

const slugField = () => screen.findByRole('textbox', { name: 'Video URL' });
const watchUrlField = () => screen.getByRole('textbox', { name: 'Preview URL' });
const button = (name: string) => screen.getByRole('button', { name });

describe('StepFour: the fields', () => {
  beforeEach(() => {
    signInAs();
  });

  it("shows the project's address, step 1's fields disabled, and the web-only default (§9)", async () => {
    openStepFour({
      project: {
        title: 'The forest',
        synopsis: 'A walk at dawn.',
        slug: 'forest',
        watch_url: 'https://watch.plotline.example/watch/forest',
      },
    });

    expect(await slugField()).toHaveValue('forest');
    expect(watchUrlField()).toHaveValue('https://watch.plotline.example/watch/forest');
    expect(screen.getByRole('textbox', { name: 'Project Title' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Project Title' })).toHaveValue('The forest');
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Series title' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Web' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Web' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Mobile app' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Show share button' })).toBeChecked();
    expect(button('Save')).toBeDisabled();
  });

  it("shows an episode's series and sequence, disabled", async () => {
    openStepFour({
      project: {
        type: 2,
        title: 'Chapter two',
        movieIdParent: 9,
        episodeNumber: 2,
        series: {
          movie_id: 9,
          title: 'The woods',
          category_id: null,
          synopsis: '',
          tags: [],
          episodeList: [1, 2],
        },
      },
    });

    expect(await screen.findByRole('textbox', { name: 'Series title' })).toHaveValue('The woods');
    expect(screen.getByRole('textbox', { name: 'Series title' })).toBeDisabled();
    const sequence = screen.getByRole('combobox', { name: 'Episode sequence' });
    expect(sequence).toHaveTextContent('2');
    expect(sequence).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('textbox', { name: 'Episode Title' })).toHaveValue('Chapter two');
  });

  it('suggests a slug from the title and saves it with Save', async () => {
    const { user, api } = openStepFour({ project: { title: 'The Forest at Dawn' } });

    expect(await slugField()).toHaveValue('the-forest-at-dawn');
    expect(
      screen.getByText('Suggested from the title: save or publish to keep it.'),
    ).toBeInTheDocument();
    expect(watchUrlField()).toHaveValue(`${SITE}/watch/the-forest-at-dawn`);
    await user.click(button('Save'));

    expect(await screen.findByText(MESSAGES.changeSaved)).toBeInTheDocument();
    expect(api.to('POST', '/api/movie').map((call) => call.body)).toEqual([
      { movieId: 5, slug: 'the-forest-at-dawn' },
    ]);
    await waitFor(() => expect(button('Save')).toBeDisabled());
  });

  it('sends only the fields that changed', async () => {
    const { user, api } = openStepFour({ project: { slug: 'forest' } });

    await user.click(await screen.findByRole('switch', { name: 'Mobile app' }));
    await user.click(screen.getByRole('switch', { name: 'Show share button' }));
    await user.click(button('Save'));

    await waitFor(() =>
      expect(api.to('POST', '/api/movie').map((call) => call.body)).toEqual([
        { movieId: 5, app_channel_on: 1, shareable: 0 },
      ]),
    );
  });

  it("checks the slug with core's rule as it is typed", async () => {
    const { user } = openStepFour({ project: { slug: 'forest' } });
    const slug = await slugField();

    await user.clear(slug);
    await user.type(slug, 'The Forest');
    expect(await screen.findByText(MESSAGES.slugFormat)).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(watchUrlField()).toHaveValue('');
    expect(button('Save')).toBeDisabled();
    expect(button('Publish')).toBeDisabled();

    await user.clear(slug);
    await user.type(slug, 'the-forest');
    expect(screen.queryByText(MESSAGES.slugFormat)).not.toBeInTheDocument();
    expect(watchUrlField()).toHaveValue(`${SITE}/watch/the-forest`);
    expect(button('Save')).toBeEnabled();
  });

  it("shows the server's message on the field when the slug is taken", async () => {
    const { user } = openStepFour({
      project: { slug: 'forest' },
      refuseSave: () => jsonResponse({ message: MESSAGES.slugTaken }, 409),
    });
    const slug = await slugField();

    await user.clear(slug);
    await user.type(slug, 'dawn');
    await user.click(button('Save'));

    expect(await screen.findByText(MESSAGES.slugTaken)).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(button('Save')).toBeDisabled();
    await user.type(slug, '-2');
    expect(screen.queryByText(MESSAGES.slugTaken)).not.toBeInTheDocument();
  });

  it('copies the address to the clipboard and says so', async () => {
    const { user } = openStepFour({
      project: { slug: 'forest', watch_url: `${SITE}/watch/forest` },
    });
    await slugField();

    await user.click(button('Copy link'));

    expect(await screen.findByText(MESSAGES.linkCopied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${SITE}/watch/forest`);
  });

  it("carries the project's client in the address shown and copied (§2: client_name)", async () => {
    const { user } = openStepFour({
      project: {
        client_id: 3,
        client_name: 'Acme & Co',
        slug: 'forest',
        watch_url: `${SITE}/watch/forest?client_name=Acme+%26+Co`,
      },
    });
    const slug = await slugField();
    expect(watchUrlField()).toHaveValue(`${SITE}/watch/forest?client_name=Acme+%26+Co`);
    expect(screen.getByRole('textbox', { name: 'Client' })).toHaveValue('Acme & Co');

    await user.click(button('Copy link'));
    expect(await navigator.clipboard.readText()).toBe(
      `${SITE}/watch/forest?client_name=Acme+%26+Co`,
    );

    // A slug being typed shows the address it will have, with the client too.
    await user.clear(slug);
    await user.type(slug, 'the-woods');
    expect(watchUrlField()).toHaveValue(`${SITE}/watch/the-woods?client_name=Acme+%26+Co`);
  });

  it('asks before unsaved fields are left behind', async () => {
    const { user, router } = openStepFour({ project: { slug: 'forest' } });

    await user.click(await screen.findByRole('switch', { name: 'Mobile app' }));
    await user.click(button('Back'));

    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
    expect(router.state.location.search).toBe('?step=4');
  });
});

describe('StepFour: the preview', () => {
  beforeEach(() => {
    signInAs();
  });

  it("plays the draft in a phone's frame with the phone layout forced, and in a desktop's", async () => {
    const { user } = openStepFour();

    const mobile = await screen.findByTitle('Player preview on a phone');
    expect(mobile).toHaveAttribute('src', '/watch/preview/5?forceMobile=true');
    expect(mobile).toHaveAttribute('width', '320');
    expect(mobile).toHaveAttribute('height', '568');

    await user.click(screen.getByRole('tab', { name: 'Desktop' }));
    const desktop = screen.getByTitle('Player preview on a desktop');
    expect(desktop).toHaveAttribute('src', '/watch/preview/5');
    expect(desktop).toHaveAttribute('width', '960');
    expect(desktop).toHaveAttribute('height', '600');
    expect(screen.queryByTitle('Player preview on a phone')).not.toBeInTheDocument();
  });
});

describe('StepFour: publishing', () => {
  beforeEach(() => {
    signInAs();
  });

  it('keeps Publish disabled without a slug (§5)', async () => {
    // An Arabic title suggests no slug: the creator types one.
    const { user } = openStepFour({ project: { title: 'الغابة' } });
    const slug = await slugField();

    expect(slug).toHaveValue('');
    expect(button('Publish')).toBeDisabled();
    expect(screen.getByText('Choose a valid video URL to publish.')).toBeInTheDocument();
    await user.type(slug, 'al-ghaba');
    expect(button('Publish')).toBeEnabled();
  });

  it("asks in the spec's words, and Back to review publishes nothing", async () => {
    const { user, api } = openStepFour({ project: { slug: 'forest' } });
    await slugField();

    await user.click(button('Publish'));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Project' });
    expect(dialog).toHaveTextContent(
      'Once a project is published, it can’t be changed or edited in the future. Proceed publishing project?',
    );
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back to review' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST', '/api/movie/5/publish')).toEqual([]);
  });

  it('saves the unsaved fields, publishes, then shows the published project read-only', async () => {
    const { user, api } = openStepFour({ project: { title: 'The forest' } });
    await slugField();

    await user.click(button('Publish'));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Project' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Your project is published')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      api.calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname),
    ).toEqual(['/api/movie', '/api/movie/5/publish']);
    expect(api.to('POST', '/api/movie')[0]?.body).toEqual({ movieId: 5, slug: 'the-forest' });
    expect(screen.getByRole('link', { name: `${SITE}/watch/the-forest` })).toHaveAttribute(
      'href',
      `${SITE}/watch/the-forest`,
    );
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(await slugField()).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Mobile app' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Show share button' })).toBeDisabled();
    expect(screen.getByTitle('Player preview on a phone')).toHaveAttribute(
      'src',
      '/watch/the-forest?forceMobile=true',
    );
  });

  it('publishes nothing when the unsaved slug is taken, and says so on the field', async () => {
    const { user, api } = openStepFour({
      refuseSave: () => jsonResponse({ message: MESSAGES.slugTaken }, 409),
    });
    await slugField();

    await user.click(button('Publish'));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Project' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText(MESSAGES.slugTaken)).toBeInTheDocument();
    expect(api.to('POST', '/api/movie/5/publish')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the project published when someone published it meanwhile', async () => {
    let published = false;
    const project = makeProject({ movieId: 5, slug: 'forest' });
    stubApi({
      'GET /api/movie/5': () =>
        jsonResponse({
          data: published
            ? { ...project, status: 'published', published_at: PUBLISHED_AT }
            : project,
        }),
      'POST /api/movie/5/publish': () => {
        published = true;
        return jsonResponse({ message: MESSAGES.projectPublished }, 409);
      },
    });
    const { user } = renderPage(
      <ProjectCreatePage />,
      '/app/project-create/5?step=4',
      '/app/project-create/:movieId?',
    );
    await slugField();

    await user.click(button('Publish'));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Project' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText(MESSAGES.projectPublished)).toBeInTheDocument();
    expect(await screen.findByText('Your project is published')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('shows a published project read-only, with its link and the player at its address', async () => {
    openStepFour({
      project: {
        status: 'published',
        slug: 'forest',
        watch_url: `${SITE}/watch/forest`,
        published_at: PUBLISHED_AT,
      },
    });

    expect(await screen.findByText('Your project is published')).toBeInTheDocument();
    expect(await slugField()).toBeDisabled();
    expect(watchUrlField()).toHaveValue(`${SITE}/watch/forest`);
    expect(screen.getByRole('link', { name: 'Open player' })).toHaveAttribute(
      'href',
      `${SITE}/watch/forest`,
    );
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });
});

/** What the player does with the preview address's `state`: base64url, UTF-8, JSON. */
function decodeState(param: string | null): unknown {
  const base64 = (param ?? '').replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

describe('StepFour: the story check', () => {
  beforeEach(() => {
    signInAs();
  });

  /** Both options show only once Alex was met, which never happens: a dead end at the door. */
  const DEAD_END = {
    data: [
      makePlotNode(1, null),
      ...[2, 3].map((id) =>
        makePlotNode(id, 1, {
          condition: { join: 'and', clauses: [{ variable: 'met_alex', op: 'eq', value: true }] },
        }),
      ),
    ],
    variables: [{ name: 'met_alex', kind: 'flag', start: false }],
  } satisfies Serve['storyline'];

  it('keeps Publish disabled while the story check finds an error, and leads back to the storyline', async () => {
    const { user, router, api } = openStepFour({
      project: { slug: 'forest' },
      storyline: DEAD_END,
    });
    await slugField();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.storyCheckFailed);
    const problems = within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(problems).toContain(`“The door”: ${MESSAGES.storyDeadEnd}`);
    expect(problems).toContain(`“Knock”: ${MESSAGES.conditionNeverHolds}`);
    expect(button('Publish')).toBeDisabled();

    await user.click(within(alert).getByRole('button', { name: 'Back to the storyline' }));
    await waitFor(() => expect(router.state.location.search).toBe('?step=3'));
    expect(api.to('POST', '/api/movie/5/publish')).toEqual([]);
  });

  it('offers Publish when the story check finds nothing', async () => {
    const { api } = openStepFour({ project: { slug: 'forest' } });
    await slugField();
    await waitFor(() => expect(api.to('GET', '/api/movie-plot/5')).toHaveLength(1));

    expect(button('Publish')).toBeEnabled();
    expect(screen.queryByText(MESSAGES.storyCheckFailed)).not.toBeInTheDocument();
  });

  it("shows the server's refusal for the story check, and Publish waits for another storyline", async () => {
    const { user } = openStepFour({
      project: { slug: 'forest' },
      refusePublish: () => jsonResponse({ message: MESSAGES.storyCheckFailed }, 400),
    });
    await slugField();

    await user.click(button('Publish'));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Project' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findAllByText(MESSAGES.storyCheckFailed)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Back to the storyline' })).toBeInTheDocument();
    expect(button('Publish')).toBeDisabled();
  });
});

describe('StepFour: a story with more states than the story check visits', () => {
  beforeEach(() => {
    signInAs();
  });
  // At the door, Knock adds 1 and comes back, Walk away takes 2 and comes back: every score is a
  // state of its own. A third option ends it once the score reaches 1,000.
  const ENDLESS = {
    data: [
      makePlotNode(1, null),
      makePlotNode(2, 1, { effects: [{ variable: 'score', op: 'add', value: 1 }], goto_id: 1 }),
      makePlotNode(3, 1, { effects: [{ variable: 'score', op: 'add', value: -2 }], goto_id: 1 }),
      makePlotNode(4, 1, {
        movie_content_id: 3,
        condition: { join: 'and', clauses: [{ variable: 'score', op: 'ge', value: 1_000 }] },
      }),
    ],
    variables: VARIABLES,
  } satisfies Serve['storyline'];
  // The check visits its whole bound first, which takes seconds in the test DOM.
  const played = () =>
    screen.findByRole('checkbox', { name: 'I have played its paths' }, { timeout: 15_000 });

  it('says why Publish waits, and offers it once the paths are confirmed played', async () => {
    const { user, api } = openStepFour({ project: { slug: 'forest' }, storyline: ENDLESS });
    const checkbox = await played();

    expect(screen.getByText('The story check could not visit every path')).toBeInTheDocument();
    expect(checkbox).not.toBeChecked();
    expect(button('Publish')).toBeDisabled();

    await user.click(checkbox);
    await waitFor(() => expect(checkbox).toBeChecked());
    expect(api.to('PUT', '/api/movie/5/paths-confirmed')).toEqual([
      expect.objectContaining({ body: { version: 1 } }),
    ]);
    expect(checkbox).toBeDisabled();
    expect(
      screen.getByText('Confirmed for the storyline as it is now: a change to it asks again.'),
    ).toBeInTheDocument();
    expect(button('Publish')).toBeEnabled();

    await user.click(button('Publish'));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Project' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.to('POST', '/api/movie/5/publish')).toHaveLength(1));
  });

  it('holds a confirmation only for the storyline version it was given for', async () => {
    openStepFour({ project: { slug: 'forest', paths_confirmed_version: 0 }, storyline: ENDLESS });
    expect(await played()).not.toBeChecked();
    expect(button('Publish')).toBeDisabled();
  });

  it('takes a confirmation of the storyline as it is', async () => {
    openStepFour({ project: { slug: 'forest', paths_confirmed_version: 1 }, storyline: ENDLESS });
    expect(await played()).toBeChecked();
    expect(button('Publish')).toBeEnabled();
  });

  it('says so when the storyline changed meanwhile, and reads it again', async () => {
    const { user, api } = openStepFour({
      project: { slug: 'forest' },
      storyline: ENDLESS,
      refuseConfirm: () => jsonResponse({ message: MESSAGES.pathsConfirmStale }, 409),
    });
    const checkbox = await played();
    await waitFor(() => expect(api.to('GET', '/api/movie-plot/5')).toHaveLength(1));

    await user.click(checkbox);
    expect(await screen.findByText(MESSAGES.pathsConfirmStale)).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET', '/api/movie-plot/5')).toHaveLength(2));
    expect(checkbox).not.toBeChecked();
    expect(button('Publish')).toBeDisabled();
  });

  it('asks nothing of a story the check visits whole', async () => {
    const { api } = openStepFour({ project: { slug: 'forest' } });
    await slugField();
    await waitFor(() => expect(api.to('GET', '/api/movie-plot/5')).toHaveLength(1));
    expect(screen.queryByRole('checkbox', { name: 'I have played its paths' })).toBeNull();
  });
});

describe('StepFour: play every path', () => {
  beforeEach(() => {
    signInAs();
  });

  it('plays the preview from where the path is, with its values and history, and from the start again', async () => {
    const { user } = openStepFour();
    await slugField();

    await user.click(await screen.findByRole('button', { name: 'Play every path' }));
    const panel = await screen.findByRole('dialog', { name: 'Play every path' });
    await user.click(within(panel).getByRole('button', { name: 'Choose “Knock”' }));
    await user.click(within(panel).getByRole('button', { name: 'Play from here' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(screen.getByRole('status')).toHaveTextContent(
      'The preview plays from “Knock” with the values set in Play every path.',
    );
    const frame = new URL(
      screen.getByTitle('Player preview on a phone').getAttribute('src')!,
      SITE,
    );
    expect(frame.pathname).toBe('/watch/preview/5');
    expect(frame.searchParams.get('forceMobile')).toBe('true');
    expect(decodeState(frame.searchParams.get('state'))).toEqual({
      node_id: 2,
      values: { score: 1 },
      history: [1],
    });

    await user.click(screen.getByRole('tab', { name: 'Desktop' }));
    const desktop = new URL(
      screen.getByTitle('Player preview on a desktop').getAttribute('src')!,
      SITE,
    );
    expect(desktop.pathname).toBe('/watch/preview/5');
    expect(decodeState(desktop.searchParams.get('state'))).toMatchObject({ node_id: 2 });

    await user.click(screen.getByRole('button', { name: 'Play from the start' }));
    expect(screen.getByTitle('Player preview on a desktop')).toHaveAttribute(
      'src',
      '/watch/preview/5',
    );
  });

  it("plays a published project's preview from a state, not its public address", async () => {
    const { user } = openStepFour({
      project: {
        status: 'published',
        slug: 'forest',
        watch_url: `${SITE}/watch/forest`,
        published_at: PUBLISHED_AT,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Play every path' }));
    const panel = await screen.findByRole('dialog', { name: 'Play every path' });
    await user.click(within(panel).getByRole('button', { name: 'Choose “Walk away”' }));
    await user.click(within(panel).getByRole('button', { name: 'Play from here' }));

    const frame = new URL(
      (await screen.findByTitle('Player preview on a phone')).getAttribute('src')!,
      SITE,
    );
    expect(frame.pathname).toBe('/watch/preview/5');
    expect(decodeState(frame.searchParams.get('state'))).toEqual({
      node_id: 3,
      values: { score: 0 },
      history: [1],
    });
  });
});
