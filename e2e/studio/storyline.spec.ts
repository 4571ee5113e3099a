import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { createProjectInfo } from '../support/project-api.ts';
import { storeSession } from '../support/sign-in.ts';
import { builderOf, chooseItem, plotAction, plotCard } from '../support/plot-builder.ts';
import { addCaptionedItems } from '../support/story-project.ts';

test.describe.configure({ timeout: 300_000 });

/**
 * A project whose steps 1 and 2 are done through the API: info and thumbnails, an opening clip, a
 * bridge asking the question and two answer clips, each captioned in English and transcoded.
 */
async function createProjectWithClips(
  request: APIRequestContext,
  headers: Record<string, string>,
  clip: string,
) {
  const movieId = await createProjectInfo(request, headers, 'The fork in the road');
  await addCaptionedItems(request, headers, movieId, await readFile(clip));
  return movieId;
}

test('a creator builds a story with a choice and two endings, saves it, finds it intact, and a stale save is refused', async ({
  studio: page,
  browser,
  request,
  admin,
  adminHeaders,
  clip,
}) => {
  const movieId = await createProjectWithClips(request, adminHeaders, clip);

  await page.goto(`/app/project-create/${movieId}?step=3`);
  await page.getByRole('button', { name: 'Start with a clip' }).click();
  await chooseItem(page, await plotCard(page, 0), 'opening.mp4');
  await plotAction(page, await plotCard(page, 0), 'Add Bridge');
  await chooseItem(page, await plotCard(page, 1), 'question.mp4');
  await plotAction(page, await plotCard(page, 1), 'Add Clip');
  await chooseItem(page, await plotCard(page, 2), 'left.mp4');
  await plotAction(page, await plotCard(page, 2), 'Add More Options');
  await chooseItem(page, await plotCard(page, 3), 'right.mp4');

  // A vertical banner component on the opening, from 00:02.
  await (await plotCard(page, 0)).getByRole('button', { name: 'Add banner component' }).click();
  await page.getByRole('menuitem', { name: 'Vertical' }).click();
  const start = (await plotCard(page, 0)).getByRole('textbox', { name: 'Starts at' });
  await start.fill('0002');
  await start.press('Enter');
  await expect(start).toHaveValue('00:02');

  const builder = page.getByRole('list', { name: 'Plot builder' });
  await expect(builder.getByText('Ending')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await expectAccessible(page, 'wizard step 3, a saved storyline');

  // A second person opens the same storyline now.
  const other = await browser.newContext();
  await storeSession(other, admin);
  const otherPage = await other.newPage();
  await otherPage.goto(`/app/project-create/${movieId}?step=3`);
  await expect(await plotCard(otherPage, 3)).toBeVisible();

  await page.reload();
  await expect(builder.getByRole('listitem')).toHaveCount(4);
  for (const [index, name] of ['opening.mp4', 'question.mp4', 'left.mp4', 'right.mp4'].entries()) {
    await expect((await plotCard(page, index)).getByText(name)).toBeVisible();
  }
  await expect((await plotCard(page, 0)).getByRole('textbox', { name: 'Starts at' })).toHaveValue(
    '00:02',
  );
  await expect(
    page.getByRole('region', { name: 'Story graph' }).getByText('Which path?'),
  ).toBeVisible();

  // The first person changes and saves; the second one's save, made from the older version, is refused.
  await (await plotCard(page, 3)).getByRole('button', { name: 'Delete this plot' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /ok/i }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await plotAction(otherPage, await plotCard(otherPage, 2), 'Add Bridge');
  await chooseItem(otherPage, await plotCard(otherPage, 3), 'question.mp4');
  await otherPage.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(otherPage.getByText(/Someone else changed this storyline/)).toBeVisible();
  await expect(await plotCard(otherPage, 3)).toBeVisible();
  await other.close();

  // The saved storyline leads on to step 4, the publication settings.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/project-create/${movieId}\\?step=4$`));
  await expect(page.getByRole('textbox', { name: 'Video URL' })).toHaveValue(
    'the-fork-in-the-road',
  );
  await expectAccessible(page, 'wizard step 4');
});

test('a creator builds a twelve-plot story from the detail page, saves and exits, and finds it intact', async ({
  studio: page,
  request,
  adminHeaders,
  clip,
}) => {
  const movieId = await createProjectWithClips(request, adminHeaders, clip);

  await page.goto(`/app/project-list/project-detail/edit/${movieId}?step=3`);
  await page.getByRole('button', { name: 'Start with a clip' }).click();
  // The builder lists plots in story order: a plot, then what follows it, then its alternatives.
  const steps: [number, string, string][] = [
    [0, 'Add Bridge', 'question.mp4'], // 1: the first question
    [1, 'Add Clip', 'left.mp4'], // 2: option A
    [2, 'Add More Options', 'right.mp4'], // 3: option B
    [3, 'Add More Options', 'opening.mp4'], // 4: option C, an ending
    [2, 'Add Bridge', 'question.mp4'], // 3: A asks again
    [3, 'Add Clip', 'left.mp4'], // 4: A's first answer, an ending
    [4, 'Add More Options', 'right.mp4'], // 5: A's second answer, an ending
    [6, 'Add Bridge', 'question.mp4'], // 7: B goes on without a choice
    [7, 'Add Clip', 'left.mp4'], // 8
    [8, 'Add Bridge', 'question.mp4'], // 9
    [9, 'Add Clip', 'right.mp4'], // 10: B's ending
  ];
  await chooseItem(page, await plotCard(page, 0), 'opening.mp4');
  for (const [after, action, item] of steps) {
    await plotAction(page, await plotCard(page, after), action);
    // A new plot comes right after the one it was added from, as its child or its alternative.
    await chooseItem(page, await plotCard(page, after + 1), item);
  }
  const expected = [
    'opening.mp4',
    'question.mp4',
    'left.mp4',
    'question.mp4',
    'left.mp4',
    'right.mp4',
    'right.mp4',
    'question.mp4',
    'left.mp4',
    'question.mp4',
    'right.mp4',
    'opening.mp4',
  ];
  const endings = new Set([4, 5, 10, 11]);
  // Every card in reading order: its item, and the ending mark where the story ends.
  const expectStory = async () => {
    await expect(builderOf(page).getByRole('listitem').first()).toHaveAttribute(
      'aria-setsize',
      String(expected.length),
    );
    for (const [index, name] of expected.entries()) {
      const plot = await plotCard(page, index);
      await expect(plot.getByText(name)).toBeVisible();
      await expect(plot.getByText('Ending')).toHaveCount(endings.has(index) ? 1 : 0);
    }
  };
  await expectStory();

  await page.getByRole('button', { name: 'Save and Exit' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/project-list/project-detail/${movieId}$`));

  await page.goto(`/app/project-create/${movieId}?step=3`);
  await expectStory();

  // Stored as a tree: one beginning, two questions of several options, one path without a choice.
  const stored = await request.get(`/api/movie-plot/${movieId}`, { headers: adminHeaders });
  const { data } = (await stored.json()) as {
    data: { movie_plot_id: number; parent_id: number | null }[];
  };
  expect(data).toHaveLength(expected.length);
  const childCounts = new Map<number | null, number>();
  for (const plot of data)
    childCounts.set(plot.parent_id, (childCounts.get(plot.parent_id) ?? 0) + 1);
  expect(childCounts.get(null)).toBe(1);
  expect([...childCounts.values()].sort()).toEqual([1, 1, 1, 1, 1, 1, 1, 2, 3]);
});
