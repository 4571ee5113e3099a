import { expect, type Browser, type Page } from '@playwright/test';

export interface SentBatch {
  status: number;
  types: string[];
}

/**
 * Watches the viewing-event batches `page` posts. `sent()` waits until the server has answered
 * every one of them; call it after the page was hidden, when the player sends what is left.
 */
export function trackEventBatches(page: Page): { sent: () => Promise<SentBatch[]> } {
  const batches: Promise<SentBatch>[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().includes('/events')) return;
    const events = (JSON.parse(request.postData() ?? '{}') as { events?: { type: string }[] })
      .events;
    batches.push(
      request.response().then((answer) => ({
        status: answer?.status() ?? 0,
        types: (events ?? []).map((event) => event.type),
      })),
    );
  });
  return { sent: () => Promise.all(batches) };
}

/** Ends a viewing the way a viewer does, by leaving the page: the player sends a last beacon. */
export async function leaveWatchPage(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
}

/**
 * One viewer, signed out in a browser context of their own, plays the published story at `slug`,
 * takes the option captioned `choice` and watches to the ending; resolves once the server has taken
 * every event of the viewing.
 */
export async function watchToEnding(browser: Browser, slug: string, choice: string): Promise<void> {
  const viewer = await browser.newContext({ locale: 'en-US' });
  const page = await viewer.newPage();
  const batches = trackEventBatches(page);
  await page.goto(`/watch/${slug}`);
  await page.getByRole('button', { name: 'Play' }).click();
  await page
    .getByRole('region', { name: 'Choices' })
    .getByRole('button', { name: choice })
    .click({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Replay' })).toBeVisible({ timeout: 20_000 });
  await leaveWatchPage(page);
  await expect
    .poll(async () => (await batches.sent()).flatMap((batch) => batch.types), { timeout: 20_000 })
    .toContain('ending');
  for (const batch of await batches.sent()) expect(batch.status).toBe(204);
  await viewer.close();
}
