import type { Locator, Page } from '@playwright/test';

/** Step 3's plot builder: the storyline as a list of plot cards in reading order. */
export const builderOf = (page: Page) => page.getByRole('list', { name: 'Plot builder' });

/**
 * The card of the plot at `index` in reading order. The builder renders only the cards near the
 * screen, so the page is scrolled towards it until it is there.
 */
export async function plotCard(page: Page, index: number): Promise<Locator> {
  const builder = builderOf(page);
  const item = builder.locator(`> li[aria-posinset="${index + 1}"]`);
  for (let tries = 0; tries < 50 && (await item.count()) === 0; tries += 1) {
    const shown = await builder
      .locator('> li')
      .evaluateAll((items) => items.map((li) => Number(li.getAttribute('aria-posinset'))));
    const up = shown.length > 0 && Math.min(...shown) > index + 1;
    // The window scrolls, not the wheel: over the graph a wheel would zoom it.
    await page.evaluate((by) => window.scrollBy(0, by), up ? -400 : 400);
  }
  return item.locator('> div');
}

/** Picks the item named `name` (its file name) in the card's item picker. */
export async function chooseItem(page: Page, plot: Locator, name: string): Promise<void> {
  await plot.getByRole('combobox').first().click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
}

/** Runs `action` ('Add Bridge', 'Add More Options', 'Continue at…'…) of the card's menu. */
export async function plotAction(page: Page, plot: Locator, action: string): Promise<void> {
  await plot.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/**
 * Selects the plot at `index` with a click on its card's edge (not on one of its fields): its
 * story logic opens in the card. Answers the card.
 */
export async function selectPlot(page: Page, index: number): Promise<Locator> {
  const plot = await plotCard(page, index);
  await plot.click({ position: { x: 6, y: 6 } });
  await plot.getByText('Story logic', { exact: true }).waitFor();
  return plot;
}
