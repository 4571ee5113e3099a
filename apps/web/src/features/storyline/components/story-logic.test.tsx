import {
  CONTENT_TYPE,
  MESSAGES,
  type MovieContentStatus,
  type PlotNode,
  type StoryVariable,
} from '@plotline/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeMovieContent, makePlotNode, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { useStorylineEditor } from '../hooks/use-storyline-editor.ts';
import { StorylineWorkspace } from './storyline-workspace.tsx';

const item = (id: number, type: number, caption: string) =>
  makeMovieContent({
    movie_content_id: id,
    type,
    file_name: `item-${id}.mp4`,
    duration: 30,
    lang: [{ language_id: 1, caption, file: null, file_name: null }],
  });

const ITEMS: MovieContentStatus[] = [
  item(1, CONTENT_TYPE.clip, 'The forest at dawn'),
  item(2, CONTENT_TYPE.bridge, 'Which path?'),
  item(3, CONTENT_TYPE.clip, 'Take the left path'),
  item(4, CONTENT_TYPE.clip, 'Take the right path'),
  item(5, CONTENT_TYPE.clip, 'The secret clearing'),
  item(6, CONTENT_TYPE.bridge, 'Walk back'),
];

const score: StoryVariable = { name: 'score', kind: 'number', start: 0 };
const metAlex: StoryVariable = { name: 'met_alex', kind: 'flag', start: false };
const atLeast = (value: number) => ({
  join: 'and' as const,
  clauses: [{ variable: 'score', op: 'ge' as const, value }],
});

/**
 * Clip 1 → bridge 2 → clips 3 (only when score ≥ 1), 4 and 5; clip 4 → bridge 6. Each plot plays
 * the item of its own id.
 */
const story = (): PlotNode[] => [
  makePlotNode(1, null, { effects: [{ variable: 'score', op: 'add', value: 1 }] }),
  makePlotNode(2, 1),
  makePlotNode(3, 2, { condition: atLeast(1) }),
  makePlotNode(4, 2),
  makePlotNode(5, 2),
  makePlotNode(6, 4),
];

function Editor() {
  const editor = useStorylineEditor(5);
  if (editor.loading) return null;
  return (
    <>
      <StorylineWorkspace
        editor={editor}
        items={ITEMS}
        languageId={1}
        readOnly={false}
        published={false}
      />
      <button type="button" onClick={() => void editor.save()}>
        Save
      </button>
      {editor.unsaved && <p>Unsaved</p>}
    </>
  );
}

function openEditor(plot = story(), variables: StoryVariable[] = [score, metAlex]) {
  signInAs();
  const api = stubApi({
    'GET /api/movie-plot/5': () => jsonResponse({ data: plot, variables, version: 3 }),
    'POST /api/movie-plot': ({ body }) => {
      const sent = body as { plots: PlotNode[]; variables: StoryVariable[] };
      return jsonResponse({ data: sent.plots, variables: sent.variables, version: 4 });
    },
  });
  return { ...renderPage(<Editor />), api };
}

const cardOf = (id: number) => {
  const card = document.querySelector<HTMLElement>(`[data-plot-id="${id}"]`);
  if (!card) throw new Error(`No card for plot ${id}`);
  return card;
};

/** Selects a plot the way a user does: a click on its card (away from its fields). */
async function select(user: UserEvent, id: number) {
  await user.click(within(cardOf(id)).getByText(/Banner components/));
  expect(cardOf(id)).toHaveAttribute('aria-current', 'true');
}

async function pick(user: UserEvent, combobox: HTMLElement, option: string | RegExp) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

const section = (id: number, name: string) =>
  within(within(cardOf(id)).getByRole('group', { name }));

/** Saves and answers the plot and variables that were sent. */
async function saved(user: UserEvent, api: ReturnType<typeof openEditor>['api']) {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('POST', '/api/movie-plot')).toHaveLength(1));
  const body = api.to('POST', '/api/movie-plot')[0]!.body as {
    plots: PlotNode[];
    variables: StoryVariable[];
  };
  const plotOf = (id: number) => body.plots.find((node) => node.movie_plot_id === id)!;
  return { ...body, plotOf };
}

describe('story logic in the storyline editor', () => {
  // The test DOM does not scroll: the builder brings a selected plot into view with scrollTo.
  beforeEach(() => {
    window.scrollTo = vi.fn();
  });

  it('adds, renames and deletes variables; a variable still in use shows where, and selects it', async () => {
    const { user, api } = openEditor();
    const panel = within(await screen.findByRole('region', { name: 'Story variables' }));

    const newName = panel.getByRole('textbox', { name: 'New variable' });
    await user.type(newName, 'Met Alex');
    expect(panel.getByText(MESSAGES.variableName)).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Add variable' })).toBeDisabled();
    await user.clear(newName);
    await user.type(newName, 'score');
    expect(panel.getByText(MESSAGES.variableDuplicate)).toBeInTheDocument();
    await user.clear(newName);
    await user.type(newName, 'trust');
    await pick(user, panel.getAllByRole('combobox', { name: 'Kind' })[0]!, 'Yes/no');
    await user.click(panel.getByRole('button', { name: 'Add variable' }));
    const names = () =>
      panel.getAllByRole<HTMLInputElement>('textbox', { name: 'Name' }).map((field) => field.value);
    expect(names()).toEqual(['score', 'met_alex', 'trust']);
    expect(newName).toHaveValue('');
    expect(newName).toHaveFocus();

    const scoreName = panel.getAllByRole('textbox', { name: 'Name' })[0]!;
    await user.clear(scoreName);
    await user.type(scoreName, 'met_alex');
    expect(panel.getByText(MESSAGES.variableDuplicate)).toBeInTheDocument();
    await user.clear(scoreName);
    await user.type(scoreName, 'points{Enter}');
    expect(within(cardOf(3)).getByText('Only when points ≥ 1')).toBeInTheDocument();
    expect(within(cardOf(1)).getByText('points + 1')).toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Delete variable points' }));
    const alert = within(panel.getByRole('alert'));
    expect(alert.getByText(/“points” is still used by these plots/)).toBeInTheDocument();
    expect(
      alert.getAllByRole('button', { name: /^Select plot/ }).map((b) => b.textContent),
    ).toEqual(['The forest at dawn', 'Take the left path']);
    await user.click(alert.getByRole('button', { name: 'Select plot: Take the left path' }));
    expect(cardOf(3)).toHaveAttribute('aria-current', 'true');
    expect(
      section(3, 'Show this option only when…').getByRole('combobox', { name: 'Variable' }),
    ).toHaveTextContent('points');

    await user.click(panel.getByRole('button', { name: 'Delete variable trust' }));
    expect(names()).toEqual(['points', 'met_alex']);
    await waitFor(() => expect(newName).toHaveFocus());

    const { variables, plotOf } = await saved(user, api);
    expect(variables).toEqual([
      { name: 'points', kind: 'number', start: 0 },
      { name: 'met_alex', kind: 'flag', start: false },
    ]);
    expect(plotOf(3).condition).toEqual({
      join: 'and',
      clauses: [{ variable: 'points', op: 'ge', value: 1 }],
    });
  });

  it('builds a condition with pickers: comparisons for numbers, "is yes/no" for yes/no, all or any', async () => {
    const { user, api } = openEditor();
    await screen.findByRole('list', { name: 'Plot builder' });
    await select(user, 5);
    const condition = () => section(5, 'Show this option only when…');
    expect(condition().getByText('Always shown.')).toBeInTheDocument();

    await user.click(condition().getByRole('button', { name: 'Add a rule' }));
    expect(condition().getByRole('combobox', { name: 'Variable' })).toHaveTextContent('score');
    await pick(user, condition().getByRole('combobox', { name: 'Comparison' }), /less than/);
    const value = condition().getByRole('textbox', { name: 'Value' });
    await user.clear(value);
    await user.type(value, '-');
    expect(condition().getByText(/A whole number/)).toBeInTheDocument();
    await user.type(value, '4');

    await user.click(condition().getByRole('button', { name: 'Add a rule' }));
    await pick(user, condition().getAllByRole('combobox', { name: 'Variable' })[1]!, 'met_alex');
    const flagComparison = condition().getAllByRole('combobox', { name: 'Comparison' })[1]!;
    expect(flagComparison).toHaveTextContent('is yes');
    expect(condition().getAllByRole('textbox', { name: 'Value' })).toHaveLength(1);
    await pick(user, flagComparison, 'is no');
    await pick(
      user,
      condition().getByRole('combobox', { name: 'Show it when' }),
      'any of these holds',
    );

    const { plotOf } = await saved(user, api);
    expect(plotOf(5).condition).toEqual({
      join: 'or',
      clauses: [
        { variable: 'score', op: 'lt', value: -4 },
        { variable: 'met_alex', op: 'eq', value: false },
      ],
    });
  });

  it('removes rules one by one and clears the condition', async () => {
    const { user } = openEditor();
    await screen.findByRole('list', { name: 'Plot builder' });
    await select(user, 3);
    const condition = () => section(3, 'Show this option only when…');
    await user.click(condition().getByRole('button', { name: 'Add a rule' }));
    expect(condition().getAllByRole('button', { name: 'Remove this rule' })).toHaveLength(2);
    await user.click(condition().getAllByRole('button', { name: 'Remove this rule' })[0]!);
    await waitFor(() =>
      expect(condition().getByRole('button', { name: 'Add a rule' })).toHaveFocus(),
    );
    await user.click(condition().getByRole('button', { name: 'Clear condition' }));
    expect(condition().getByText('Always shown.')).toBeInTheDocument();
  });

  it('sets effects: add to or set a number, set a yes/no variable only', async () => {
    const { user, api } = openEditor();
    await screen.findByRole('list', { name: 'Plot builder' });
    await select(user, 4);
    const effects = () => section(4, 'When the story reaches this plot');

    await user.click(effects().getByRole('button', { name: 'Add a change' }));
    // The new row has the focus, on its first picker.
    expect(effects().getByRole('combobox', { name: 'Variable' })).toHaveFocus();
    const value = effects().getByRole('textbox', { name: 'Value' });
    await user.clear(value);
    await user.type(value, '3');
    await user.click(effects().getByRole('button', { name: 'Add a change' }));
    await pick(user, effects().getAllByRole('combobox', { name: 'Variable' })[1]!, 'met_alex');
    await user.click(effects().getAllByRole('combobox', { name: 'Change' })[1]!);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['set to']);
    await user.keyboard('{Escape}');
    await pick(user, effects().getByRole('combobox', { name: 'Value' }), 'No');

    const { plotOf } = await saved(user, api);
    expect(plotOf(4).effects).toEqual([
      { variable: 'score', op: 'add', value: 3 },
      { variable: 'met_alex', op: 'set', value: false },
    ]);
  });

  it('times a choice with a default option, which must be shown always', async () => {
    const { user, api } = openEditor();
    await screen.findByRole('list', { name: 'Plot builder' });
    await select(user, 2);
    const branch = () => section(2, 'How the next plot is chosen');
    expect(branch().getByRole('radio', { name: 'The viewer chooses' })).toBeChecked();

    await user.click(branch().getByRole('switch', { name: 'Decision time' }));
    const seconds = branch().getByRole('textbox', { name: 'Seconds' });
    expect(seconds).toHaveValue('10');
    const fallbackPicker = branch().getByRole('combobox', { name: /Default option/ });
    expect(fallbackPicker).toHaveTextContent('Take the right path');
    await user.click(fallbackPicker);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Take the right path',
      'The secret clearing',
    ]);
    await user.click(screen.getByRole('option', { name: 'The secret clearing' }));
    await user.clear(seconds);
    await user.type(seconds, '2');
    expect(branch().getByText('From 3 to 120 seconds')).toBeInTheDocument();
    await user.type(seconds, '5');

    // The default is always shown: its own condition is not offered.
    await select(user, 5);
    expect(
      section(5, 'Show this option only when…').getByRole('button', { name: 'Add a rule' }),
    ).toBeDisabled();

    const { plotOf } = await saved(user, api);
    expect(plotOf(2)).toMatchObject({
      branch: 'choice',
      decision_seconds: 25,
      default_option_id: 5,
    });
    expect(within(cardOf(2)).getByText('Timer 25 s, default: The secret clearing')).toBeVisible();
  });

  it('branches automatically with a required fallback', async () => {
    const { user, api } = openEditor();
    await screen.findByRole('list', { name: 'Plot builder' });
    await select(user, 2);
    const branch = () => section(2, 'How the next plot is chosen');
    await user.click(branch().getByRole('radio', { name: 'Automatically' }));
    expect(branch().queryByRole('switch', { name: 'Decision time' })).toBeNull();
    const fallback = branch().getByRole('combobox', { name: /Fallback/ });
    expect(fallback).toHaveTextContent('Take the right path');
    await pick(user, fallback, 'The secret clearing');

    const { plotOf } = await saved(user, api);
    expect(plotOf(2)).toMatchObject({
      branch: 'auto',
      decision_seconds: null,
      default_option_id: 5,
    });
  });

  it('links a plot without options to a plot of the other kind, and removes the link', async () => {
    const { user, api } = openEditor();
    await screen.findByRole('list', { name: 'Plot builder' });
    await user.click(within(cardOf(5)).getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Continue at…' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Continue at' }));
    await user.click(dialog.getByRole('combobox', { name: 'Plot' }));
    // Only the bridges, each with the plot before it (plots may share an item).
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Which path?after The forest at dawn',
      'Walk backafter Take the right path',
    ]);
    await user.click(screen.getByRole('option', { name: /^Walk back/ }));
    expect(dialog.getByRole('combobox', { name: 'Plot' })).toHaveTextContent(/^Walk back$/);
    await user.click(dialog.getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The menu's click selected the plot: its logic shows the link.
    expect(section(5, 'Continue at').getByText('Walk back')).toBeInTheDocument();
    expect(within(cardOf(5)).queryByText('Ending')).toBeNull();
    await user.click(within(cardOf(5)).getByRole('button', { name: 'More actions' }));
    expect(screen.getByRole('menuitem', { name: 'Add Bridge' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Escape}');
    expect((await saved(user, api)).plotOf(5).goto_id).toBe(6);

    await user.click(within(cardOf(5)).getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove link' }));
    expect(within(cardOf(5)).queryByRole('group', { name: 'Continue at' })).toBeNull();
    expect(within(cardOf(5)).getByText('Ending')).toBeInTheDocument();
  });

  it('selects a plot reached with the keyboard, so its logic can be edited without a pointer', async () => {
    const { user } = openEditor();
    await screen.findByRole('list', { name: 'Plot builder' });
    await select(user, 1);
    act(() => within(cardOf(4)).getByRole('button', { name: 'Lock this plot' }).focus());
    expect(cardOf(4)).toHaveAttribute('aria-current', 'true');
    expect(
      section(4, 'When the story reaches this plot').getByRole('button', { name: 'Add a change' }),
    ).toBeInTheDocument();
  });

  it('does not offer "Continue at…" on a plot with options', async () => {
    const { user } = openEditor();
    await screen.findByRole('list', { name: 'Plot builder' });
    await user.click(within(cardOf(2)).getByRole('button', { name: 'More actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Continue at…' })).toBeNull();
  });

  it('checks the story as it is edited: a dead end and conditions that never hold select their plot', async () => {
    const plot = story();
    plot[0] = makePlotNode(1, null);
    plot[3] = makePlotNode(4, 2, { condition: atLeast(5) });
    plot[4] = makePlotNode(5, 2, { condition: atLeast(2) });
    const { user } = openEditor(plot);
    const check = within(await screen.findByRole('region', { name: 'Story check' }));

    expect(check.getByText('Errors: 4')).toBeInTheDocument();
    expect(check.getByText('Publishing is refused while an error remains.')).toBeInTheDocument();
    const problems = check.getAllByRole('listitem');
    expect(problems[0]).toHaveTextContent(MESSAGES.storyDeadEnd);
    expect(problems[0]).toHaveTextContent('Which path?');
    expect(problems.slice(1).map((problem) => problem.textContent)).toEqual([
      expect.stringContaining('Take the left path'),
      expect.stringContaining('Take the right path'),
      expect.stringContaining('The secret clearing'),
    ]);
    expect(problems[1]).toHaveTextContent(MESSAGES.conditionNeverHolds);

    await user.click(check.getByRole('button', { name: 'Select plot: Which path?' }));
    expect(cardOf(2)).toHaveAttribute('aria-current', 'true');

    // The root now raises the score: every option shows on some path, and none is hidden on all.
    await select(user, 1);
    const effects = section(1, 'When the story reaches this plot');
    await user.click(effects.getByRole('button', { name: 'Add a change' }));
    const value = effects.getByRole('textbox', { name: 'Value' });
    await user.clear(value);
    await user.type(value, '5');
    await waitFor(() => expect(check.getByText('No problems found.')).toBeInTheDocument());
    expect(check.getByText('Errors: 0')).toBeInTheDocument();
  });

  it('says when the story has more states than the check visits, and what publishing it needs', async () => {
    // At the bridge, one option adds 1 and comes back, another takes 2 and comes back: every
    // score is a state of its own.
    const plot = [
      makePlotNode(1, null),
      makePlotNode(2, 1),
      makePlotNode(3, 2, { effects: [{ variable: 'score', op: 'add', value: 1 }], goto_id: 2 }),
      makePlotNode(4, 2, { effects: [{ variable: 'score', op: 'add', value: -2 }], goto_id: 2 }),
      makePlotNode(5, 2, { condition: atLeast(1_000) }),
    ];
    openEditor(plot, [score]);
    const check = within(await screen.findByRole('region', { name: 'Story check' }));

    expect(check.getByText('Errors: 0')).toBeInTheDocument();
    expect(check.getByText('Warnings: 1')).toBeInTheDocument();
    expect(
      check.getByText(
        'Not every path could be checked: to publish, confirm in step 4 that you have played its paths.',
      ),
    ).toBeInTheDocument();
    expect(check.getByRole('listitem')).toHaveTextContent(MESSAGES.storyCheckIncomplete);
  });

  it('reports a plot no path reaches', async () => {
    const plot = story();
    // An automatic branch takes its first option, always shown: the others are never reached.
    plot[1] = makePlotNode(2, 1, { branch: 'auto', default_option_id: 5 });
    plot[2] = makePlotNode(3, 2);
    const { user } = openEditor(plot);
    const check = within(await screen.findByRole('region', { name: 'Story check' }));
    const unreachable = check
      .getAllByRole('listitem')
      .filter((problem) => problem.textContent?.includes(MESSAGES.storyUnreachable));
    expect(unreachable.map((problem) => problem.textContent)).toEqual([
      expect.stringContaining('Take the right path'),
      expect.stringContaining('The secret clearing'),
    ]);
    await user.click(check.getByRole('button', { name: 'Select plot: The secret clearing' }));
    expect(cardOf(5)).toHaveAttribute('aria-current', 'true');
  });

  it('shows a locked plot’s logic read-only', async () => {
    const plot = story();
    plot[2] = { ...plot[2]!, locked: '1' };
    const { user } = openEditor(plot);
    await screen.findByRole('list', { name: 'Plot builder' });
    await user.click(within(cardOf(3)).getByText(/Banner components/));
    expect(within(cardOf(3)).getByText('Only when score ≥ 1')).toBeInTheDocument();
    expect(
      within(cardOf(3)).queryByRole('group', { name: 'Show this option only when…' }),
    ).toBeNull();
  });
});
