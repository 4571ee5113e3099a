import {
  CONTENT_TYPE,
  MESSAGES,
  NO_NODE_LOGIC,
  type MovieContentStatus,
  type PlotNode,
  type Project,
  type StoryVariable,
} from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  makeMovieContent,
  makeProject,
  signInAs,
} from '../../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../../test/render-page.tsx';
import { StepThree } from './step-three.tsx';

const clip = (id: number, name: string, caption: string, languages = [1]) =>
  makeMovieContent({
    movie_content_id: id,
    type: CONTENT_TYPE.clip,
    file_name: name,
    duration: 120,
    lang: languages.map((language_id) => ({
      language_id,
      caption: language_id === 1 ? caption : `${caption} (${language_id})`,
      file: null,
      file_name: null,
    })),
  });
const bridge = (id: number, name: string, caption: string) =>
  makeMovieContent({
    movie_content_id: id,
    type: CONTENT_TYPE.bridge,
    file_name: name,
    duration: 20,
    lang: [{ language_id: 1, caption, file: null, file_name: null }],
  });

const ITEMS: MovieContentStatus[] = [
  clip(1, 'opening.mp4', 'The forest at dawn', [1, 2]),
  bridge(2, 'question.mp4', 'Which path?'),
  clip(3, 'left.mp4', 'Take the left path'),
  clip(4, 'right.mp4', 'Take the right path'),
];

const node = (overrides: Partial<PlotNode> & Pick<PlotNode, 'movie_plot_id'>): PlotNode => ({
  movie_content_id: 1,
  parent_id: null,
  locked: '0',
  duration: 120,
  banner: [],
  ...NO_NODE_LOGIC,
  ...overrides,
});

interface Open {
  plot?: PlotNode[];
  variables?: StoryVariable[];
  version?: number;
  project?: Partial<Project>;
  handlers?: Parameters<typeof stubApi>[0];
}

const onNext = vi.fn();

function Frame({ project }: { project: Project }) {
  const navigate = useNavigate();
  return (
    <StepThree
      movieId={5}
      project={project}
      onBack={() => void navigate('/app/project-create/5?step=2')}
      onNext={onNext}
    />
  );
}

/** Step 3 of project 5 whose storyline is `plot` at `version`; Save answers the next version. */
function openStepThree({
  plot = [],
  variables = [],
  version = 3,
  project = {},
  handlers = {},
}: Open = {}) {
  let saved = 0;
  const api = stubApi({
    'GET /api/movie-plot/5': () => jsonResponse({ data: plot, variables, version }),
    'GET /api/transcoder/movie-status/5': () => jsonResponse({ data: ITEMS }),
    'POST /api/movie-plot': ({ body }) => {
      saved += 1;
      const { plots, variables: sent } = body as {
        plots: PlotNode[];
        variables: StoryVariable[];
      };
      // The server gives new plots real ids; their children follow.
      const real = (id: number | null) => (id !== null && id < 0 ? 100 - id : id);
      return jsonResponse({
        data: plots.map((entry) => ({
          ...entry,
          movie_plot_id: real(entry.movie_plot_id),
          parent_id: real(entry.parent_id),
          default_option_id: real(entry.default_option_id),
          goto_id: real(entry.goto_id),
        })),
        variables: sent,
        version: version + saved,
      });
    },
    ...handlers,
  });
  const page = renderPage(
    <Frame project={makeProject({ movieContent: ITEMS, ...project })} />,
    '/app/project-create/5?step=3',
    '/app/project-create/:movieId',
  );
  return { ...page, api };
}

async function choose(
  user: ReturnType<typeof openStepThree>['user'],
  card: HTMLElement,
  name: string,
) {
  await user.click(within(card).getByRole('combobox', { name: /clip|bridge/i }));
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

/** The plot builder's cards, in reading order (the rows of its list, not the lists inside them). */
const cards = () =>
  [...screen.getByRole('list', { name: 'Plot builder' }).children].map(
    (row) => row.firstElementChild as HTMLElement,
  );
const findCards = async () => {
  await screen.findByRole('list', { name: 'Plot builder' });
  return cards();
};

describe('StepThree', () => {
  beforeEach(() => {
    signInAs();
    onNext.mockReset();
  });

  it('builds a story with a choice, saves the whole tree, and offers Next only after the save', async () => {
    const { user, api } = openStepThree();
    await user.click(await screen.findByRole('button', { name: 'Start with a clip' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await choose(user, cards()[0]!, 'opening.mp4');
    expect(within(cards()[0]!).getByText('The forest at dawn')).toBeInTheDocument();
    expect(within(cards()[0]!).getByText('Ending')).toBeInTheDocument();

    await user.click(within(cards()[0]!).getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add Bridge' }));
    expect(save).toBeDisabled();
    await choose(user, cards()[1]!, 'question.mp4');
    await user.click(within(cards()[1]!).getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add Clip' }));
    await choose(user, cards()[2]!, 'left.mp4');
    await user.click(within(cards()[2]!).getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add More Options' }));
    await choose(user, cards()[3]!, 'right.mp4');

    expect(
      within(screen.getByRole('list', { name: 'Plot builder' })).getAllByText('Ending'),
    ).toHaveLength(2);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const [call] = api.to('POST', '/api/movie-plot');
    const body = call!.body as {
      movie_id: number;
      version: number;
      plots: PlotNode[];
      variables: StoryVariable[];
    };
    expect(body.movie_id).toBe(5);
    expect(body.version).toBe(3);
    expect(body.variables).toEqual([]);
    const [root, question, left, right] = body.plots;
    expect(root).toMatchObject({ movie_content_id: 1, parent_id: null });
    expect(question).toMatchObject({ movie_content_id: 2, parent_id: root!.movie_plot_id });
    expect(left).toMatchObject({ movie_content_id: 3, parent_id: question!.movie_plot_id });
    expect(right).toMatchObject({ movie_content_id: 4, parent_id: question!.movie_plot_id });

    expect(next).toBeEnabled();
    await user.click(next);
    expect(onNext).toHaveBeenCalled();
  });

  it('offers only the clips for a clip and only the bridges after a clip', async () => {
    const { user } = openStepThree({
      plot: [
        node({ movie_plot_id: 1 }),
        node({ movie_plot_id: 2, parent_id: 1, movie_content_id: null }),
      ],
    });
    const bridgeCard = (await findCards())[1]!;
    await user.click(within(bridgeCard).getByRole('combobox', { name: 'Bridge' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['question.mp4Which path?']);
  });

  it('keeps Save disabled while the project lacks a thumbnail (§5)', async () => {
    openStepThree({ plot: [node({ movie_plot_id: 1 })], project: { thumbnailDesktop: null } });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText(/needs a desktop thumbnail/)).toBeInTheDocument();
  });

  it("shows the server's conflict message and keeps the edits when someone saved meanwhile", async () => {
    const { user, api } = openStepThree({
      plot: [node({ movie_plot_id: 1 })],
      handlers: {
        'POST /api/movie-plot': () => jsonResponse({ message: MESSAGES.plotStale }, 409),
      },
    });
    await user.click(
      within((await findCards())[0]!).getByRole('button', {
        name: 'More actions',
      }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Add Bridge' }));
    await choose(user, cards()[1]!, 'question.mp4');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.plotStale)).toBeInTheDocument();
    expect(cards()).toHaveLength(2);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Saved', { exact: false }).catch(() => null)).toBeNull();
    expect(api.to('GET', '/api/movie-plot/5').length).toBeGreaterThan(1);
  });

  it('adds banner components, edits their time as mm:ss and removes one by choosing none', async () => {
    const { user, api } = openStepThree({ plot: [node({ movie_plot_id: 1 })] });
    const card = (await findCards())[0]!;
    expect(within(card).getByText('Banner components (0/2)')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Add banner component' }));
    await user.click(screen.getByRole('menuitem', { name: 'Vertical' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const time = within(card).getByRole('textbox', { name: 'Starts at' });
    expect(time).toHaveValue('00:00');

    await user.clear(time);
    await user.type(time, '0130');
    expect(time).toHaveValue('01:30');
    await user.keyboard('{Enter}');

    await user.clear(time);
    await user.type(time, '0500{Enter}');
    expect(within(card).getByText(/between 0 and 120|120/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Add banner component' }));
    await user.click(screen.getByRole('menuitem', { name: 'Horizontal' }));
    expect(within(card).getByRole('button', { name: 'Add banner component' })).toBeDisabled();

    await user.click(within(card).getAllByRole('combobox', { name: 'Component' })[1]!);
    await user.click(screen.getByRole('option', { name: 'None (remove)' }));
    expect(within(card).getAllByRole('combobox', { name: 'Component' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    const [call] = api.to('POST', '/api/movie-plot');
    expect((call!.body as { plots: PlotNode[] }).plots[0]!.banner).toEqual([
      { type: 'vertical', time_start: 90 },
    ]);
  });

  it("asks 'Are you sure to do this?' before deleting a plot and what follows it", async () => {
    const { user } = openStepThree({
      plot: [
        node({ movie_plot_id: 1 }),
        node({ movie_plot_id: 2, parent_id: 1, movie_content_id: 2 }),
      ],
    });
    const bridgeCard = (await findCards())[1]!;
    await user.click(within(bridgeCard).getByRole('button', { name: 'Delete this plot' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure to do this?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /ok/i }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('hides add and delete in read-only mode', async () => {
    const { user } = openStepThree({ plot: [node({ movie_plot_id: 1 })] });
    await findCards();
    expect(screen.getByRole('button', { name: 'Delete this plot' })).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Read-only' }));
    expect(screen.queryByRole('button', { name: 'Delete this plot' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add banner component' })).toBeNull();
  });

  it('locks a stored plot on the server, after which it cannot be changed', async () => {
    const { user, api } = openStepThree({
      plot: [node({ movie_plot_id: 1 })],
      handlers: {
        'PUT /api/movie-plot/lock': () =>
          jsonResponse({
            data: [node({ movie_plot_id: 1, locked: '1' })],
            variables: [],
            version: 4,
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Lock this plot' }));
    expect(await screen.findByRole('button', { name: 'Unlock this plot' })).toBeInTheDocument();
    expect(api.to('PUT', '/api/movie-plot/lock')[0]!.body).toEqual({
      movie_plot_id: 1,
      status: true,
    });
    expect(screen.queryByRole('button', { name: 'Delete this plot' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Clip' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('lists only the languages of the first clip as primary languages', async () => {
    const { user } = openStepThree({ plot: [node({ movie_plot_id: 1 })] });
    await user.click(await screen.findByRole('combobox', { name: 'Primary language' }));
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('starts from the stored primary language and stores the one chosen at once', async () => {
    const { user, api } = openStepThree({
      plot: [node({ movie_plot_id: 1 })],
      project: { primaryLanguageId: 2 },
      handlers: { 'POST /api/movie': () => jsonResponse({ data: { movieId: 5 } }) },
    });
    const language = await screen.findByRole('combobox', { name: 'Primary language' });
    expect(language).toHaveTextContent('Indonesian');

    await user.click(language);
    await user.click(screen.getByRole('option', { name: 'English' }));

    expect(await screen.findByText(MESSAGES.changeSaved)).toBeInTheDocument();
    expect(api.to('POST', '/api/movie').map((call) => call.body)).toEqual([
      { movieId: 5, primaryLanguageId: 1 },
    ]);
  });

  it('shows a published storyline read-only: no Save, and Next without one', async () => {
    openStepThree({ plot: [node({ movie_plot_id: 1 })], project: { status: 'published' } });
    await findCards();

    expect(screen.getByText(MESSAGES.projectPublished)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete this plot' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('goes Back to step 2', async () => {
    const { user, router } = openStepThree();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(router.state.location.search).toBe('?step=2');
  });
});
