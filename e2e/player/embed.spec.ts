import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { createForkStory } from '../support/story-project.ts';

test.describe.configure({ timeout: 300_000 });

/**
 * A partner's site: a small server of its own on another port (another origin than the player's),
 * serving `page` at every address. Local, as the player's server is: Chromium would not let a
 * page of a public address frame a local one.
 */
async function partnerSite(): Promise<{
  origin: string;
  serve(page: string): void;
  close(): Promise<void>;
}> {
  let page = '';
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve: (html) => (page = html),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface HostEvent {
  name: string;
  [field: string]: unknown;
}

/**
 * A partner's page on `host` framing the story with the code the studio gives, driving it with
 * `/player-api.js` from the player's site and noting every event; its Play button calls
 * `player.play()` (the host page's gesture lets the frame play with sound).
 */
async function openHostPage(
  page: Page,
  host: Awaited<ReturnType<typeof partnerSite>>,
  embedCode: string,
  site: string,
) {
  const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>A partner's page</title></head>
  <body>
    <main>
      <h1>A partner's page</h1>
      <button type="button" id="play">Play the story</button>
      ${embedCode}
    </main>
    <script type="module">
      import { PlotlinePlayer } from '${site}/player-api.js';
      const player = new PlotlinePlayer(document.querySelector('iframe'));
      window.hostEvents = [];
      for (const name of ['ready', 'node', 'choices', 'choice', 'ended', 'timeupdate', 'error']) {
        player.on(name, (event) => window.hostEvents.push({ name, ...event }));
      }
      window.player = player;
      document.getElementById('play').addEventListener('click', () => player.play());
    </script>
  </body>
</html>`;
  host.serve(html);
  await page.goto(`${host.origin}/story.html`);
}

const hostEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { hostEvents?: HostEvent[] }).hostEvents ?? []);
const eventNames = async (page: Page) =>
  (await hostEvents(page)).filter((event) => event.name !== 'timeupdate').map((e) => e.name);

test('a partner site embeds a published story with the studio’s code: the player API plays it, takes a choice and reports every step; a site not allowed is refused by the browser', async ({
  studio,
  browser,
  request,
  adminHeaders: headers,
  clip,
  baseURL,
}) => {
  const site = baseURL!;
  const partner = await partnerSite();
  const elsewhere = await partnerSite();
  const ALLOWED_HOST = partner.origin;
  const movieId = await createForkStory(request, headers, clip);
  const settings = await request.post('/api/movie', {
    headers,
    data: { movieId, slug: 'embedded-fork', embed_origins: [ALLOWED_HOST] },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const published = await request.post(`/api/movie/${movieId}/publish`, { headers });
  expect(published.ok(), await published.text()).toBe(true);

  // The code to paste, as the project's detail page gives it.
  await studio.goto(`/app/project-list/project-detail/${movieId}`);
  await studio.getByRole('button', { name: 'Embed' }).click();
  const dialog = studio.getByRole('dialog', { name: 'Embed this video' });
  await expect(dialog).toContainText(`Sites allowed to embed it: ${ALLOWED_HOST}.`);
  const code = await dialog.getByRole('textbox', { name: 'Embed code' }).inputValue();
  expect(code).toContain(`src="${site}/embed/embedded-fork"`);
  expect(code).toContain('allow="autoplay; fullscreen"');
  await expectNoSeriousViolations(studio, 'the Embed dialog');

  // oEmbed, advertised by the story's page.
  const watchPage = await request.get('/watch/embedded-fork');
  const discovery = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(
    await watchPage.text(),
  );
  expect(discovery).not.toBeNull();
  const oembed = await request.get(discovery![1]!.replace(/&amp;/g, '&'));
  expect(oembed.ok()).toBe(true);
  expect(await oembed.json()).toMatchObject({
    type: 'video',
    version: '1.0',
    title: 'The fork in the road',
    html: expect.stringContaining(`${site}/embed/embedded-fork`),
  });

  // The allowed partner: ready, then Play, the choices, the host's pick, and what follows.
  const viewer = await browser.newContext({ locale: 'en-US' });
  const host = await viewer.newPage();
  await openHostPage(host, partner, code, site);
  const frame = host.frameLocator('iframe');
  await expect(frame.getByRole('button', { name: 'Play' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => eventNames(host), { timeout: 20_000 }).toContain('ready');
  const [ready] = await hostEvents(host);
  expect(ready).toMatchObject({ name: 'ready', state: { node: null, path: [], choices: null } });

  await host.getByRole('button', { name: 'Play the story' }).click();
  await expect
    .poll(() => eventNames(host), { timeout: 30_000 })
    .toEqual(['ready', 'node', 'node', 'choices']);
  const events = await hostEvents(host);
  const [opening, question] = events.filter((event) => event.name === 'node');
  expect(opening!.path).toEqual([opening!.node]);
  expect(question!.path).toEqual([opening!.node, question!.node]);
  expect(events.find((event) => event.name === 'choices')).toMatchObject({
    node: question!.node,
    options: [
      { index: 0, label: 'Take the left path' },
      { index: 1, label: 'Take the right path' },
    ],
  });
  expect(events.some((event) => event.name === 'timeupdate')).toBe(true);
  const state = await host.evaluate(() =>
    (window as unknown as { player: { getState(): Promise<unknown> } }).player.getState(),
  );
  expect(state).toMatchObject({
    node: question!.node,
    path: [opening!.node, question!.node],
    choices: [{ index: 0 }, { index: 1 }],
  });

  await host.evaluate(() =>
    (window as unknown as { player: { choose(i: number): void } }).player.choose(0),
  );
  await expect
    .poll(() => eventNames(host), { timeout: 30_000 })
    .toEqual(['ready', 'node', 'node', 'choices', 'choice', 'node', 'ended']);
  const after = await hostEvents(host);
  const choice = after.find((event) => event.name === 'choice')!;
  const left = after.filter((event) => event.name === 'node').at(-1)!;
  expect(choice).toMatchObject({ node: question!.node, index: 0, option: left.node, by: 'host' });
  expect(left.path).toEqual([opening!.node, question!.node, left.node]);
  await expect(frame.getByRole('button', { name: 'Replay' })).toBeVisible();

  // A site the project does not allow: the browser refuses to frame the story, so the player
  // never starts there and tells that page nothing.
  const refusals: string[] = [];
  const other = await viewer.newPage();
  other.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  await openHostPage(other, elsewhere, code, site);
  await expect.poll(() => refusals.length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(refusals[0]).toContain(`frame-ancestors 'self' ${ALLOWED_HOST}`);
  await other.waitForTimeout(3000);
  expect(await hostEvents(other)).toEqual([]);
  await expect(other.frameLocator('iframe').getByRole('button', { name: 'Play' })).toHaveCount(0);

  // The embed page itself: the player alone, accessible.
  const embed = await viewer.newPage();
  await embed.goto('/embed/embedded-fork');
  await expect(embed.getByRole('button', { name: 'Play' })).toBeVisible();
  await expectNoSeriousViolations(embed, 'the embed page');
  await viewer.close();
  await partner.close();
  await elsewhere.close();
});
