// Prints how soon a viewer of a published story sees it move: the real server (buildApp on an
// in-memory PGlite, a local blob store, one transcode worker) on loopback, serving the built studio
// and player as server.ts does, and headless Chromium at /watch/{slug}.
// Setup, through the API as the studio does it: a company administrator, a project with its step 1
// done, four 1280×720 clips of CLIP_SECONDS with sound (made with ffmpeg) uploaded, captioned and
// transcoded; the story an opening clip → a bridge → two options; its address; published.
// Then RUNS page loads with an empty cache (a new browser context each) and RUNS with a warm one
// (new tabs of one context that an unmeasured visit filled; that visit also warms the server).
// In the page, in ms from navigation start (performance.now()), through an init script:
//  (a) Play shown: the Play button in the DOM (a MutationObserver; before it is painted);
//  (b) first frame: the first frame presented after Play was pressed (requestVideoFrameCallback's
//      presentationTime), the init script pressing it in the same observer callback, i.e. as soon
//      as it appears (a synthetic click: Chromium runs with --autoplay-policy=no-user-gesture-required);
//  (c) click → first frame: (b) less the moment of the click;
// and the requests completed by that first frame (Resource Timing, the page itself included) with
// the bytes they moved (transferSize: 0 for a cache hit). Median and p90 of each, beside the target:
// first frame < 1 s on loopback. Also prints the player's JavaScript, gzipped (level 9) file by
// file (target < 150 KB). Asserts nothing.
// Run: npm run bench:watch (builds the studio and the player first), or npx tsx
// bench/watch-first-frame.ts against the existing build; RUNS=n changes the number of loads. Uses /usr/bin/chromium; FFMPEG_PATH and
// FFPROBE_PATH choose ffmpeg.
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from '@playwright/test';
import { AUTOPLAY_ARG } from '../e2e/support/chromium.ts';
import { createProjectInfo } from '../e2e/support/project-api.ts';
import { addCaptionedItems } from '../e2e/support/story-project.ts';
import { machineLine, startBrowserBench } from './support.ts';

/** Loads of each kind; RUNS=3 in the environment for a quick look. */
const RUNS = Number(process.env.RUNS ?? 10);
const CLIP = { width: 1280, height: 720, seconds: 4 };
const SLUG = 'the-first-frame';
/** A load whose first frame has not come by then is reported as such. */
const RUN_TIMEOUT_MS = 30_000;
const TARGET_FIRST_FRAME_MS = 1000;
const TARGET_SCRIPT_KB = 150;
const WEB_ROOT = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const PLAYER_ROOT = fileURLToPath(new URL('../apps/player/dist', import.meta.url));

for (const root of [WEB_ROOT, PLAYER_ROOT]) {
  if (!existsSync(path.join(root, 'index.html'))) {
    console.error(
      `${root} has no index.html: run npm run build, or npm run bench:watch, which builds first.`,
    );
    process.exit(1);
  }
}

// ---------------------------------------------------------------------------------------------
// In the page
// ---------------------------------------------------------------------------------------------

/**
 * Installed before the player's own scripts. Plain JavaScript in a string: tsx wraps named
 * functions of this file in esbuild's __name(), which the page does not have.
 */
const PROBE = `(() => {
  const marks = {};
  const observer = new MutationObserver(() => {
    const button = document.querySelector('.play-button');
    if (!button) return;
    observer.disconnect();
    marks.playShown = performance.now();
    const video = document.querySelector('video');
    marks.click = performance.now();
    video.requestVideoFrameCallback((now, frame) => {
      marks.firstFrame = frame.presentationTime;
      marks.requests = performance
        .getEntriesByType('navigation')
        .concat(performance.getEntriesByType('resource'))
        .filter((entry) => entry.responseEnd <= now)
        .map((entry) => ({
          name: entry.name,
          type: entry.initiatorType,
          transferSize: entry.transferSize,
          bodySize: entry.encodedBodySize,
        }));
    });
    button.click();
  });
  observer.observe(document, { childList: true, subtree: true });
  window.__watchBench = { marks: () => marks, done: () => marks.firstFrame !== undefined };
})();`;

interface Request {
  name: string;
  type: string;
  transferSize: number;
  bodySize: number;
}

interface Marks {
  playShown?: number;
  click?: number;
  firstFrame?: number;
  requests?: Request[];
}

interface Probe {
  marks: () => Marks;
  done: () => boolean;
}

/**
 * One load of the watch page in a fresh tab of `context`, waited on until its first frame or
 * RUN_TIMEOUT_MS. Functions, not expressions, go to the page: the player's CSP (script-src 'self')
 * forbids the eval Playwright uses for expressions.
 */
async function load(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript({ content: PROBE });
  await page.goto(url, { waitUntil: 'commit' });
  await page
    .waitForFunction(
      () => (globalThis as unknown as { __watchBench?: Probe }).__watchBench?.done(),
      null,
      { timeout: RUN_TIMEOUT_MS },
    )
    .catch(() => {});
  const marks = await page.evaluate(() =>
    (globalThis as unknown as { __watchBench: Probe }).__watchBench.marks(),
  );
  await page.close();
  return { marks, errors };
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

/** Nearest rank. */
const percentile = (values: readonly number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? NaN;
};

const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value)
    ? '  (none)'
    : `${Math.round(value).toLocaleString('en').padStart(5)} ms`;
const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** What a request fetched, by its address. */
function kindOf({ name, type }: Request): string {
  const { pathname } = new URL(name);
  if (type === 'navigation') return 'page';
  if (pathname.endsWith('.m3u8')) return 'playlist';
  if (/\.(ts|m4s|mp4|aac)$/.test(pathname)) return 'segment';
  if (/\.(jpe?g|png|webp)$/.test(pathname)) return 'image';
  if (pathname.endsWith('.js')) return 'script';
  if (pathname.endsWith('.css')) return 'css';
  if (pathname.startsWith('/api/')) return 'data';
  return type;
}

function describeRequests(requests: readonly Request[]): string {
  const kinds = new Map<string, number>();
  for (const request of requests) kinds.set(kindOf(request), (kinds.get(kindOf(request)) ?? 0) + 1);
  const bytes = requests.reduce((sum, request) => sum + request.transferSize, 0);
  const cached = requests.filter((r) => r.transferSize === 0 && r.bodySize > 0).length;
  return (
    `${String(requests.length).padStart(2)} requests, ${kilobytes(bytes).padStart(9)} moved, ` +
    `${cached} from the cache (${[...kinds].map(([kind, count]) => `${count} ${kind}`).join(', ')})`
  );
}

async function measure(label: string, open: () => Promise<{ marks: Marks; errors: string[] }>) {
  console.log(`\n${label}; ${machineLine()}`);
  const shown: number[] = [];
  const first: number[] = [];
  const afterClick: number[] = [];
  const requests: number[] = [];
  const bytes: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const { marks, errors } = await open();
    const frame = marks.firstFrame;
    if (marks.playShown !== undefined) shown.push(marks.playShown);
    if (frame !== undefined) {
      first.push(frame);
      afterClick.push(frame - marks.click!);
      requests.push(marks.requests!.length);
      bytes.push(marks.requests!.reduce((sum, request) => sum + request.transferSize, 0));
    }
    console.log(
      `  load ${String(run).padStart(2)}: Play shown ${ms(marks.playShown)} · first frame ${ms(frame)} · ` +
        `click → frame ${ms(frame === undefined ? undefined : frame - marks.click!)}` +
        (frame === undefined
          ? ` — no frame within ${RUN_TIMEOUT_MS / 1000} s`
          : ` · by then ${describeRequests(marks.requests!)}`) +
        (errors.length > 0 ? ` · page errors: ${errors.join(' | ')}` : ''),
    );
  }
  const line = (name: string, values: number[], suffix = '') =>
    console.log(
      `  ${name.padEnd(30)} median ${ms(percentile(values, 0.5))}, p90 ${ms(percentile(values, 0.9))}` +
        ` (${values.length} of ${RUNS} loads)${suffix}`,
    );
  line('(a) navigation → Play shown', shown);
  line('(b) navigation → first frame', first, ` — target < ${TARGET_FIRST_FRAME_MS} ms`);
  line('(c) click → first frame', afterClick);
  console.log(
    `  ${'before the first frame'.padEnd(30)} median ${percentile(requests, 0.5)} requests and ` +
      `${kilobytes(percentile(bytes, 0.5))} moved, p90 ${percentile(requests, 0.9)} requests and ` +
      `${kilobytes(percentile(bytes, 0.9))}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The player's weight
// ---------------------------------------------------------------------------------------------

const assets = path.join(PLAYER_ROOT, 'assets');
const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js')).sort();
let gzipped = 0;
const sizes: string[] = [];
for (const name of scripts) {
  const content = await readFile(path.join(assets, name));
  const size = gzipSync(content, { level: 9 }).length;
  gzipped += size;
  sizes.push(`${name} ${kilobytes(content.length)} → ${kilobytes(size)}`);
}

// ---------------------------------------------------------------------------------------------
// The server and the published story
// ---------------------------------------------------------------------------------------------

const bench = await startBrowserBench({
  name: 'watch',
  webRoot: WEB_ROOT,
  playerRoot: PLAYER_ROOT,
  extraArgs: [AUTOPLAY_ARG],
});
const { baseUrl, browser, headers } = bench;
try {
  const built = statSync(path.join(PLAYER_ROOT, 'index.html')).mtime;
  console.log(`${bench.browserLine}; player built ${built.toISOString()}; ${machineLine()}`);
  console.log(
    `Player JavaScript, gzip -9: ${kilobytes(gzipped)} (target < ${TARGET_SCRIPT_KB} kB) — ${sizes.join(', ')}`,
  );

  const setup = await browser.newContext({ baseURL: baseUrl });
  const movieId = await createProjectInfo(setup.request, headers, 'The first frame');
  const clip = await bench.makeClip('scene.mp4', CLIP);
  const setupStart = performance.now();
  const ids = await addCaptionedItems(setup.request, headers, movieId, await readFile(clip));
  const transcoded = (performance.now() - setupStart) / 1000;
  const plot = (id: number, parent: number | null, item: string) => ({
    movie_plot_id: id,
    movie_content_id: ids.get(item),
    parent_id: parent,
    locked: '0',
  });
  for (const [call, data] of [
    [
      '/api/movie-plot',
      {
        movie_id: movieId,
        version: 0,
        plots: [
          plot(-1, null, 'opening.mp4'),
          plot(-2, -1, 'question.mp4'),
          plot(-3, -2, 'left.mp4'),
          plot(-4, -2, 'right.mp4'),
        ],
      },
    ],
    ['/api/movie', { movieId, slug: SLUG }],
    [`/api/movie/${movieId}/publish`, {}],
  ] as const) {
    const response = await setup.request.post(call, { headers, data });
    if (!response.ok()) {
      throw new Error(`${call} refused: ${response.status()} ${await response.text()}`);
    }
  }
  await setup.close();
  const url = `${baseUrl}/watch/${SLUG}`;
  console.log(
    `Story published at /watch/${SLUG}: opening clip → bridge → two options, four items of ` +
      `${CLIP.width}×${CLIP.height}, ${CLIP.seconds} s with sound, uploaded, captioned and ` +
      `transcoded in ${transcoded.toFixed(1)} s`,
  );

  const warm = await browser.newContext();
  const warmUp = await load(warm, url);
  if (warmUp.marks.firstFrame === undefined) {
    console.log(`The warm-up visit saw no frame: ${warmUp.errors.join(' | ') || 'no page error'}`);
  }
  await measure(`Empty cache: ${RUNS} loads, a new browser context each`, async () => {
    const context = await browser.newContext();
    try {
      return await load(context, url);
    } finally {
      await context.close();
    }
  });
  await measure(`Warm cache: ${RUNS} loads, new tabs of one context that visited before`, () =>
    load(warm, url),
  );
  await warm.close();
  console.log(`\ndone; ${machineLine()}`);
} finally {
  await bench.close();
}
