import { CONTENT_TYPE, type PlotNode, type StoryState, type StoryVariable } from '@plotline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeMovieContent, makePlotNode } from '../../../test/fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { PlayEveryPath } from './play-every-path.tsx';

const VARIABLES: StoryVariable[] = [
  { name: 'score', kind: 'number', start: 0 },
  { name: 'met_alex', kind: 'flag', start: false },
];

/**
 * The door (a timed choice, default Sneak in): Knock adds 2 to the score; Walk away shows only
 * once Alex was met. Knock goes on to the hall, an automatic branch: Win when the score is at
 * least 3, else its fallback, Lose.
 */
const PLOT: PlotNode[] = [
  makePlotNode(1, null, { decision_seconds: 10, default_option_id: 4 }),
  makePlotNode(2, 1, { effects: [{ variable: 'score', op: 'add', value: 2 }] }),
  makePlotNode(3, 1, {
    condition: { join: 'and', clauses: [{ variable: 'met_alex', op: 'eq', value: true }] },
  }),
  makePlotNode(4, 1),
  makePlotNode(5, 2, { branch: 'auto', default_option_id: 7 }),
  makePlotNode(6, 5, {
    condition: { join: 'and', clauses: [{ variable: 'score', op: 'ge', value: 3 }] },
  }),
  makePlotNode(7, 5),
];

const NAMES = ['The door', 'Knock', 'Walk away', 'Sneak in', 'The hall', 'Win', 'Lose'];
const ITEMS = NAMES.map((name, index) =>
  makeMovieContent({
    movie_content_id: index + 1,
    type: [2, 3, 4, 6, 7].includes(index + 1) ? CONTENT_TYPE.bridge : CONTENT_TYPE.clip,
    file_name: `${index + 1}.mp4`,
    lang: [{ language_id: 1, caption: name, file: null, file_name: null }],
  }),
);

function openPanel(onPlayFrom?: (state: StoryState, caption: string) => void) {
  const page = renderPage(
    <PlayEveryPath
      plot={PLOT}
      variables={VARIABLES}
      items={ITEMS}
      languageId={1}
      onPlayFrom={onPlayFrom}
    />,
  );
  return page;
}

async function open(user: ReturnType<typeof openPanel>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Play every path' }));
  return screen.findByRole('dialog', { name: 'Play every path' });
}

const optionsList = () =>
  within(screen.getByRole('heading', { name: /^Options/ }).parentElement!).getByRole('list');
const optionRow = (caption: string) =>
  within(optionsList())
    .getAllByRole('listitem')
    .find((row) => row.textContent?.includes(caption))!;

describe('PlayEveryPath', () => {
  it('shows the first plot, each option shown or hidden with its condition, and the timer', async () => {
    const { user } = openPanel();
    const dialog = await open(user);

    expect(within(dialog).getByRole('heading', { name: 'Now at “The door”' })).toBeInTheDocument();
    expect(within(dialog).getByText('The viewer chooses among 2 options.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Timer: 10 seconds. When it runs out, “Sneak in” is taken.'),
    ).toBeInTheDocument();
    expect(optionRow('Knock')).toHaveTextContent('Shown');
    expect(optionRow('Walk away')).toHaveTextContent('Hidden');
    expect(optionRow('Walk away')).toHaveTextContent('Shown when met_alex is yes');
    expect(optionRow('Sneak in')).toHaveTextContent('Default');
    expect(
      within(dialog).queryByRole('button', { name: 'Choose “Walk away”' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Now at “The door”. The viewer chooses among 2 options.',
    );
  });

  it('shows an option once a variable set by the creator makes its condition hold', async () => {
    const { user } = openPanel();
    const dialog = await open(user);

    await user.click(within(dialog).getByRole('switch', { name: 'met_alex' }));

    expect(optionRow('Walk away')).toHaveTextContent('Shown');
    expect(within(dialog).getByText('The viewer chooses among 3 options.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Choose “Walk away”' })).toBeInTheDocument();
  });

  it("applies an option's effects on reaching it, and the automatic branch takes the option whose condition holds", async () => {
    const { user } = openPanel();
    const dialog = await open(user);

    await user.click(within(dialog).getByRole('button', { name: 'Choose “Knock”' }));
    const knock = within(dialog).getByRole('heading', { name: 'Now at “Knock”' });
    expect(knock).toHaveFocus();
    expect(within(dialog).getByText('score + 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'score' })).toHaveValue(2);
    expect(
      within(dialog).getByText('Only “The hall” is shown: it follows by itself.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    expect(within(dialog).getByRole('heading', { name: 'Now at “The hall”' })).toHaveFocus();
    expect(
      within(dialog).getByText(
        'Automatic branch: no condition holds, so it takes its fallback “Lose”.',
      ),
    ).toBeInTheDocument();
    expect(optionRow('Lose')).toHaveTextContent('Taken');
    expect(optionRow('Win')).toHaveTextContent('Condition does not hold');

    const score = within(dialog).getByRole('spinbutton', { name: 'score' });
    await user.clear(score);
    await user.type(score, '3');
    expect(
      within(dialog).getByText(
        'Automatic branch: it takes “Win”, the first option whose condition holds.',
      ),
    ).toBeInTheDocument();
    expect(optionRow('Win')).toHaveTextContent('Taken');

    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    expect(within(dialog).getByText('Ending: the story ends here.')).toBeInTheDocument();
  });

  it('goes back along the path to a plot as it was reached, and starts over', async () => {
    const { user } = openPanel();
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Choose “Knock”' }));
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    const path = within(dialog).getByRole('navigation', { name: 'Path so far' });
    expect(
      within(path)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The door', 'Knock', 'The hall']);

    await user.click(within(path).getByRole('button', { name: 'Back to “Knock”' }));
    expect(within(dialog).getByRole('heading', { name: 'Now at “Knock”' })).toHaveFocus();
    expect(within(dialog).getByRole('spinbutton', { name: 'score' })).toHaveValue(2);

    await user.click(within(dialog).getByRole('switch', { name: 'met_alex' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start over' }));
    expect(within(dialog).getByRole('heading', { name: 'Now at “The door”' })).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'score' })).toHaveValue(0);
    expect(within(dialog).getByRole('switch', { name: 'met_alex' })).not.toBeChecked();
    expect(within(path).getAllByRole('listitem')).toHaveLength(1);
  });

  it('jumps to any plot from the reading-order list, its effects applied', async () => {
    const { user } = openPanel();
    const dialog = await open(user);

    await user.click(within(dialog).getByRole('combobox', { name: 'Jump to a plot' }));
    const choices = screen.getByRole('listbox');
    expect(
      within(choices)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      '1. The doorClip',
      '2. KnockBridge',
      '3. The hallClip',
      '4. WinBridge',
      '5. LoseBridge',
      '6. Walk awayBridge',
      '7. Sneak inBridge',
    ]);
    await user.click(within(choices).getByRole('option', { name: /Knock/ }));

    expect(within(dialog).getByRole('heading', { name: 'Now at “Knock”' })).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'score' })).toHaveValue(2);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Now at “Knock”.');
  });

  it('hands the state where the path is to "Play from here" and closes', async () => {
    const onPlayFrom = vi.fn();
    const { user } = openPanel(onPlayFrom);
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('switch', { name: 'met_alex' }));
    await user.click(within(dialog).getByRole('button', { name: 'Choose “Knock”' }));
    await user.click(within(dialog).getByRole('button', { name: 'Play from here' }));

    expect(onPlayFrom).toHaveBeenCalledWith(
      { node_id: 2, values: { score: 2, met_alex: true }, history: [1] },
      'Knock',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Play every path' })).toHaveFocus(),
    );
  });
  it('follows a link to where the story continues, and says when every option is hidden', async () => {
    const hidden = {
      join: 'and' as const,
      clauses: [{ variable: 'met_alex', op: 'eq' as const, value: true }],
    };
    // Knock continues at the hall, whose two options both wait for Alex.
    const plot = [
      makePlotNode(1, null),
      makePlotNode(2, 1, { goto_id: 5 }),
      makePlotNode(3, 1),
      makePlotNode(5, 3),
      makePlotNode(6, 5, { condition: hidden }),
      makePlotNode(7, 5, { condition: hidden }),
    ];
    const { user } = renderPage(
      <PlayEveryPath plot={plot} variables={VARIABLES} items={ITEMS} languageId={1} />,
    );
    const dialog = await open(user);

    await user.click(within(dialog).getByRole('button', { name: 'Choose “Knock”' }));
    expect(within(dialog).getByText('Continues at “The hall”.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));

    expect(within(dialog).getByRole('heading', { name: 'Now at “The hall”' })).toHaveFocus();
    expect(
      within(dialog).getByText(
        'Dead end: every option is hidden with these values, so the story stops without an ending.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Choose/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'met_alex' }));
    expect(within(dialog).getByText('The viewer chooses among 2 options.')).toBeInTheDocument();
  });
});
