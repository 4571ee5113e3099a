import { CONTENT_TYPE } from '@plotline/core';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectAccessible, expectNoSeriousViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { chooseItem, plotAction, plotCard, selectPlot } from '../support/plot-builder.ts';
import { createProjectInfo } from '../support/project-api.ts';
import { addCaptionedItems, type StoryItem } from '../support/story-project.ts';

test.describe.configure({ timeout: 300_000 });

/** Short clips: the story is five nodes long on every path, and three viewers watch it. */
test.use({ clipSpec: { name: 'scene.mp4', width: 320, height: 180, seconds: 3 } });

const TITLE = 'The door at dusk';
const SLUG = 'the-door-at-dusk';

/**
 * The opening, a question whose two answers meet again at the door, and the door's two endings.
 * The answers are the options the viewer sees, named by their captions.
 */
const ITEMS: readonly StoryItem[] = [
  { name: 'opening.mp4', type: CONTENT_TYPE.clip, caption: 'A gate at dusk' },
  { name: 'question.mp4', type: CONTENT_TYPE.bridge, caption: 'Knock or wait?' },
  { name: 'wait.mp4', type: CONTENT_TYPE.clip, caption: 'Wait quietly' },
  { name: 'knock.mp4', type: CONTENT_TYPE.clip, caption: 'Knock loudly' },
  { name: 'door.mp4', type: CONTENT_TYPE.bridge, caption: 'The door' },
  { name: 'opens.mp4', type: CONTENT_TYPE.clip, caption: 'The door opens' },
  { name: 'nobody.mp4', type: CONTENT_TYPE.clip, caption: 'Nobody comes' },
];

/**
 * Each ending's English subtitle, the words a viewer reads when it plays: its cue lasts past the
 * clip's end, so it stays on screen while the ending waits on its last frame.
 */
const ENDING_SUBTITLES = {
  'opens.mp4': 'The door swings open: you are welcome here',
  'nobody.mp4': 'Nobody answers, and night falls',
} as const;

/** Steps 1 and 2 through the API: the project, its items captioned and transcoded, the endings' subtitles. */
async function createProjectWithItems(
  request: APIRequestContext,
  headers: Record<string, string>,
  clip: string,
): Promise<number> {
  const movieId = await createProjectInfo(request, headers, TITLE);
  const ids = await addCaptionedItems(request, headers, movieId, await readFile(clip), ITEMS);
  for (const [name, text] of Object.entries(ENDING_SUBTITLES)) {
    const subtitle = await request.post('/api/upload/subtitle', {
      headers,
      multipart: {
        movie_content_id: String(ids.get(name)),
        language_id: '1',
        uploads: {
          name: name.replace('.mp4', '.en.srt'),
          mimeType: 'application/x-subrip',
          buffer: Buffer.from(`1\n00:00:00,000 --> 00:00:30,000\n${text}\n`),
        },
      },
    });
    expect(subtitle.ok(), await subtitle.text()).toBe(true);
  }
  return movieId;
}

/** The subtitles on screen now, in the tracks that show. */
function subtitlesShown(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelector('video')?.textTracks ?? [])
      .filter((track) => track.mode === 'showing')
      .flatMap((track) => Array.from(track.activeCues ?? []).map((cue) => (cue as VTTCue).text)),
  );
}

/** The ending whose subtitle is `text` plays, and the player says the story ended. */
async function expectEnding(page: Page, text: string): Promise<void> {
  await expect.poll(() => subtitlesShown(page), { timeout: 30_000 }).toContain(text);
  await expect(page.getByRole('button', { name: 'Replay' })).toBeVisible({ timeout: 20_000 });
  expect(await subtitlesShown(page)).toEqual([text]);
}

/** What the device keeps of the viewing, for 'Continue' (`plotline.resume.{slug}`). */
async function savedState(page: Page): Promise<{ node_id: number; values: object } | null> {
  const saved = await page.evaluate((key) => localStorage.getItem(key), `plotline.resume.${SLUG}`);
  return saved ? (JSON.parse(saved) as { state: { node_id: number; values: object } }).state : null;
}

/** A viewer, signed out in a browser of their own, at the story's start. */
async function newViewer(browser: Browser): Promise<Page> {
  const viewer = await browser.newContext({ locale: 'en-US' });
  const page = await viewer.newPage();
  await page.goto(`/watch/${SLUG}`);
  return page;
}

test('a creator builds a story with a score, a timed choice and a conditional ending; one viewer lets the timer run out, another extends it, pauses it and resumes after a reload, and each gets the right ending', async ({
  studio: page,
  browser,
  request,
  adminHeaders,
  clip,
}) => {
  const movieId = await createProjectWithItems(request, adminHeaders, clip);

  // Step 3: the plots. The builder lists a plot, what follows it, then its alternatives.
  await page.goto(`/app/project-create/${movieId}?step=3`);
  await page.getByRole('button', { name: 'Start with a clip' }).click();
  await chooseItem(page, await plotCard(page, 0), 'opening.mp4');
  const build: [number, string, string][] = [
    [0, 'Add Bridge', 'question.mp4'], // 1: the timed question
    [1, 'Add Clip', 'wait.mp4'], // 2: its default answer
    [2, 'Add More Options', 'knock.mp4'], // 3: the answer that scores
    [3, 'Add Bridge', 'door.mp4'], // 4: where both answers meet
    [4, 'Add Clip', 'opens.mp4'], // 5: the ending for a score
  ];
  for (const [after, action, item] of build) {
    await plotAction(page, await plotCard(page, after), action);
    await chooseItem(page, await plotCard(page, after + 1), item);
  }

  // A number variable, score, starting at 0.
  const variables = page.getByRole('region', { name: 'Story variables' });
  const newVariable = variables.getByRole('form', { name: 'Add a variable' });
  await newVariable.getByRole('textbox', { name: 'New variable' }).fill('score');
  await expect(newVariable.getByRole('combobox', { name: 'Kind' })).toHaveText('Number');
  await expect(newVariable.getByRole('textbox', { name: 'Start value' })).toHaveValue('0');
  await newVariable.getByRole('button', { name: 'Add variable' }).click();
  const declared = variables.getByRole('list', { name: 'Variables' });
  await expect(declared.getByRole('textbox', { name: 'Name' })).toHaveValue('score');
  await expect(declared.getByRole('textbox', { name: 'Start value' })).toHaveValue('0');

  // Knocking adds 1 to the score.
  const knock = await selectPlot(page, 3);
  await knock.getByRole('button', { name: 'Add a change' }).click();
  const change = knock.getByRole('list', { name: 'Changes' });
  await expect(change.getByRole('combobox', { name: 'Variable' })).toHaveText('score');
  await expect(change.getByRole('combobox', { name: 'Change' })).toHaveText('add');
  await expect(change.getByRole('textbox', { name: 'Value' })).toHaveValue('1');

  // The door opens only for a score of at least 1.
  const opens = await selectPlot(page, 5);
  await opens.getByRole('button', { name: 'Add a rule' }).click();
  const rule = opens.getByRole('list', { name: 'Rules' });
  await expect(rule.getByRole('combobox', { name: 'Variable' })).toHaveText('score');
  await rule.getByRole('combobox', { name: 'Comparison' }).click();
  await page.getByRole('option', { name: /at least/ }).click();
  await expect(rule.getByRole('combobox', { name: 'Comparison' })).toHaveText(/≥\s*at least/);
  await rule.getByRole('textbox', { name: 'Value' }).fill('1');

  // The question waits 3 seconds, then takes 'Wait quietly'.
  const question = await selectPlot(page, 1);
  await question.getByLabel('Decision time').check();
  await question.getByRole('textbox', { name: 'Seconds' }).fill('3');
  await expect(question.getByRole('combobox', { name: /^Default option/ })).toHaveText(
    'Wait quietly',
  );

  // Waiting continues at the door too: both answers meet there.
  await plotAction(page, await plotCard(page, 2), 'Continue at…');
  const link = page.getByRole('dialog', { name: 'Continue at' });
  await link.getByRole('combobox', { name: 'Plot' }).click();
  await page.getByRole('option', { name: /The door/ }).click();
  await link.getByRole('button', { name: 'Link' }).click();
  await expect(link).toBeHidden();
  await expect((await plotCard(page, 2)).getByRole('group', { name: 'Continue at' })).toContainText(
    'The door',
  );

  // After waiting the score is 0: the door's only option is hidden, a dead end.
  const check = page.getByRole('region', { name: 'Story check' });
  await expect(check.getByText('Errors: 1')).toBeVisible();
  await expect(check.getByRole('list', { name: 'Problems' })).toContainText(
    'On some path every option here is hidden: the story stops without an ending',
  );
  await expect(check).toContainText('Publishing is refused while an error remains.');

  // Saved as it is, the story cannot be published yet.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=4$/);
  await expect(
    page.getByText('The story check found problems: fix them in the storyline before publishing'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Back to the storyline' }).click();
  await expect(page).toHaveURL(/step=3$/);

  // The fallback ending, and the door decides by itself: the first option that holds, else it.
  await plotAction(page, await plotCard(page, 5), 'Add More Options');
  await chooseItem(page, await plotCard(page, 6), 'nobody.mp4');
  const door = await selectPlot(page, 4);
  await door.getByRole('radio', { name: 'Automatically' }).check();
  await expect(door.getByRole('combobox', { name: /^Fallback/ })).toHaveText('Nobody comes');
  await expect(check.getByText('Errors: 0')).toBeVisible();
  await expect(check.getByText('No problems found.')).toBeVisible();
  await expect((await plotCard(page, 5)).getByRole('list', { name: 'Story logic' })).toContainText(
    'Only when score ≥ 1',
  );
  await expectAccessible(
    page,
    'step 3 with the story logic of an automatic branch and the story check',
  );

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: nothing blocks Publish now.
  await expect(page.getByRole('textbox', { name: 'Video URL' })).toHaveValue(SLUG);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publishDialog = page.getByRole('dialog', { name: 'Publish Project' });
  await publishDialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Your project is published')).toBeVisible();

  // The first viewer lets the timer run out: the default, announced, then the score-less ending.
  const first = await newViewer(browser);
  await first.getByRole('button', { name: 'Play' }).click();
  const firstChoices = first.getByRole('region', { name: 'Choices' });
  await expect(firstChoices.getByRole('button', { name: 'Knock loudly' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(first.getByRole('timer', { name: 'Time to choose' })).toBeVisible();
  const firstSays = first.locator('[aria-live="polite"]');
  await expect(firstSays).toContainText('3 seconds to choose; if you do not choose: Wait quietly.');
  await expect(firstSays).toHaveText('Time is up: Wait quietly.', { timeout: 10_000 });
  await expect(firstChoices).toBeHidden();
  await expectEnding(first, ENDING_SUBTITLES['nobody.mp4']);
  await first.context().close();

  // The second viewer asks for more time, pauses the timer, then knocks.
  const second = await newViewer(browser);
  await second.getByRole('button', { name: 'Play' }).click();
  const choices = second.getByRole('region', { name: 'Choices' });
  await expect(choices.getByRole('button', { name: 'Knock loudly' })).toBeVisible({
    timeout: 20_000,
  });
  // At once: the timer gives 3 seconds.
  const moreTime = second.getByRole('button', { name: 'More time' });
  await moreTime.click();
  await expect(moreTime).toHaveAttribute('aria-keyshortcuts', 'E');
  const says = second.locator('[aria-live="polite"]');
  const timer = second.getByRole('timer', { name: 'Time to choose' });
  await expect(says).toHaveText(/^More time: 2\d seconds left\.$/);
  await expect(timer).toContainText(/2\d seconds left\./);
  await second.keyboard.press('t');
  await expect(says).toHaveText('Timer paused.');
  await expect(second.getByRole('button', { name: 'Resume timer' })).toHaveAttribute(
    'aria-keyshortcuts',
    'T',
  );
  // Paused, the timer stands still while the page is checked.
  const left = await timer.textContent();
  await expectNoSeriousViolations(second, 'the player’s timed choice, its timer paused');
  await second.waitForTimeout(1000);
  await expect(timer).toHaveText(left!);
  await choices.getByRole('button', { name: 'Knock loudly' }).click();
  await expect(says).toHaveText('You chose: Knock loudly.');

  // Knocking counted: the device keeps where the viewer is, with the score. Then a reload.
  await expect.poll(async () => (await savedState(second))?.values).toEqual({ score: 1 });
  await second.reload();
  await expect(second.getByText('Continue where you left off, or start over.')).toBeVisible();
  await expect(second.getByRole('button', { name: 'Start over' })).toBeVisible();
  await second.getByRole('button', { name: 'Continue', exact: true }).click();
  // On from the node it was at, with its score: the door opens. Started over, the question's
  // timer would have taken 'Wait quietly', to the other ending.
  await expectEnding(second, ENDING_SUBTITLES['opens.mp4']);
  // At an ending there is nothing left to continue.
  expect(await savedState(second)).toBeNull();
  await second.context().close();
});
