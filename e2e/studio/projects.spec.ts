import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { createProjectInfo } from '../support/project-api.ts';
import { signIn } from '../support/sign-in.ts';
import { createForkStory } from '../support/story-project.ts';
import { watchToEnding } from '../support/viewer.ts';

const SLUG = 'lantern-fork';

test.describe.configure({ timeout: 360_000 });
test.use({ clipSpec: { name: 'scene.mp4', width: 320, height: 180, seconds: 2 } });

test("a creator's first visit: the welcome guide, the dashboard's figures, the project list and a published project's detail with its viewers' choices", async ({
  page,
  browser,
  request,
  admin,
  adminHeaders: headers,
  clip,
}) => {
  // A published fork story, and a draft beside it.
  const movieId = await createForkStory(request, headers, clip);
  const settings = await request.post('/api/movie', {
    headers,
    data: { movieId, slug: SLUG },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const published = await request.post(`/api/movie/${movieId}/publish`, { headers });
  expect(published.ok(), await published.text()).toBe(true);
  await createProjectInfo(request, headers, 'Night shift');

  // Three viewers in browsers of their own: two take the left path, one the right.
  await watchToEnding(browser, SLUG, 'Take the left path');
  await watchToEnding(browser, SLUG, 'Take the left path');
  await watchToEnding(browser, SLUG, 'Take the right path');

  // The first sign-in opens the five-step welcome guide; skipped, it stays closed after a reload.
  await signIn(page, admin, { guide: 'show' });
  await expect(page).toHaveURL(/\/app$/);
  const guide = page.getByRole('dialog', { name: 'Welcome to Plotline' });
  await expect(guide).toContainText('1 / 5');
  await expectAccessible(page, 'the welcome guide');
  await guide.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog')).toContainText('2 / 5');
  await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.reload();
  await expect(page.getByRole('link', { name: 'New project' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  // The dashboard counts the company's projects and the last 30 days' viewings.
  const counters = page.getByRole('region', { name: 'Your studio in numbers' });
  await expect(counters.getByRole('link', { name: 'Projects 2' })).toBeVisible();
  await expect(counters.getByRole('link', { name: 'Published 1' })).toBeVisible();
  await expect(counters.getByRole('link', { name: 'Drafts 1' })).toBeVisible();
  await expect(counters.getByRole('link', { name: 'Views (30 days) 3' })).toBeVisible();
  await expect(counters.getByRole('link', { name: 'Completions (30 days) 3' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue “Night shift”' })).toBeVisible();
  await expectAccessible(page, "the dashboard with the studio's figures");

  // The Projects tile opens the list; a search by title keeps the published story only.
  await counters.getByRole('link', { name: 'Projects 2' }).click();
  await expect(page).toHaveURL(/\/app\/project-list$/);
  const table = page.getByRole('table', { name: 'Projects' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expectAccessible(page, 'the project list');
  await page.getByRole('searchbox', { name: 'Search title or tag' }).fill('fork');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Published');
  await table.getByRole('link', { name: 'The fork in the road' }).click();

  // Its detail page: published, so no Edit; the viewings counted; the choice split on the graph
  // and in the chart's list.
  await expect(page).toHaveURL(new RegExp(`/app/project-list/project-detail/${movieId}$`));
  await expect(page.getByRole('heading', { name: 'The fork in the road' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  const figures = page.getByRole('region', { name: 'Figures in numbers' });
  await expect(figures).toContainText('Views3');
  await expect(figures).toContainText('Completions3');
  await expect(figures).toContainText('Completion rate100%');
  await expect(
    page.getByLabel('Take the left path: chosen in 66,7% of viewings (2)').first(),
  ).toBeVisible();
  const choice = page.getByRole('region', { name: 'Choice after “Which path?”' });
  await expect(choice).toContainText('3 viewings reached this choice');
  await expect(
    choice.getByRole('listitem').filter({ hasText: 'Take the left path' }),
  ).toContainText('66,7% (2)');
  await expect(
    choice.getByRole('listitem').filter({ hasText: 'Take the right path' }),
  ).toContainText('33,3% (1)');
  await expectAccessible(page, "a published project's detail page");

  // Back in the list, the draft is deleted after the confirmation.
  await page.goto('/app/project-list');
  await page.getByRole('button', { name: 'Actions for Night shift' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete project' });
  await expect(confirm).toContainText('Delete item, are you sure?');
  await expectAccessible(page, 'the delete confirmation');
  await confirm.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('table', { name: 'Projects' }).getByRole('row')).toHaveCount(2);
  const left = await request.get('/api/movie', { headers });
  expect(((await left.json()) as { data: { total: number } }).data.total).toBe(1);
});
