// Prints how soon a viewer of a published story sees it move, and what a visit downloads: the real
// server (buildApp on an in-memory PGlite, a local blob store, one transcode worker) on loopback,
// serving the built player as server.ts does, and headless Chromium at /watch/{slug}.
// Setup, through the API as the studio does it: a company administrator, a project with its step 1
// done, four 1280×720 clips of CLIP_SECONDS with sound (made with ffmpeg) uploaded, captioned and
// transcoded; the story an opening clip → a bridge → two options; its address; published.
// Then RUNS page loads with an empty cache (a new browser context each) and RUNS with a warm one
// (new tabs of one context that an unmeasured visit filled; that visit also warms the server).
// Beside each empty-cache load of /watch, in the same run, one of the bare page: the opening's HLS in
// hls.js's light build with its defaults, autoplaying, no UI (the bench's own page and hls.js from
// node_modules, served as the server's static web root, so from the same server and origin), the
// floor /watch is compared with: the ratio of their median navigation → first frame (target ≤ 1.1).
// Then DATA_RUNS visits of /watch (empty cache) for what they download: left without Play until the
// network is quiet (bytes before Play), then played until the first choice shows.
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
// bench/watch-first-frame.ts against the existing build (PLAYER_DIST=folder: another build of the
// player); RUNS=n and DATA_RUNS=n change the number of loads. Uses /usr/bin/chromium; FFMPEG_PATH
// and FFPROBE_PATH choose ffmpeg.
import { existsSync, realpathSync, rmSync, statSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { BrowserContext } from '@playwright/test';
import { AUTOPLAY_ARG } from '../e2e/support/chromium.ts';
import type { WatchData } from '@plotline/core';
import { buildStory } from '../apps/player/src/story/story.ts';
import { machineLine, publishForkStory, startBrowserBench } from './support.ts';

/** Loads of each kind; RUNS=3 in the environment for a quick look. */
const RUNS = Number(process.env.RUNS ?? 7);
/** Visits measured for their bytes. */
const DATA_RUNS = Number(process.env.DATA_RUNS ?? 3);
const CLIP = { width: 1280, height: 720, seconds: 4 };
const SLUG = 'the-first-frame';
/** A load whose first frame has not come by then is reported as such. */
const RUN_TIMEOUT_MS = 30_000;
const TARGET_FIRST_FRAME_MS = 1000;
const TARGET_SCRIPT_KB = 150;
/** /watch's first frame against the bare page's (medians of the empty-cache loads). */
const TARGET_RATIO = 1.1;
/** Before Play: the page, the player, the playlists, the poster, at most one segment. */
const TARGET_BEFORE_PLAY_BYTES = 1_000_000;
/** Quiet this long, the page fetches nothing more before Play. */
const QUIET_MS = 1500;
/**
 * PLAYER_DIST=folder measures another build of the player (an earlier one, to compare). The
 * build's own folder, not the `dist` link, which a build run meanwhile would swap.
 */
const PLAYER_DIST =
  process.env.PLAYER_DIST ?? fileURLToPath(new URL('../apps/player/dist', import.meta.url));
if (!existsSync(path.join(PLAYER_DIST, 'index.html'))) {
  console.error(
    `${PLAYER_DIST} has no index.html: run npm run build, or npm run bench:watch, which builds first.`,
  );
  process.exit(1);
}
const PLAYER_ROOT = realpathSync(PLAYER_DIST);

// ---------------------------------------------------------------------------------------------
// In the page
// ---------------------------------------------------------------------------------------------

/**
 * Installed before the page's own scripts. Plain JavaScript in a string: tsx wraps named
 * functions of this file in esbuild's __name(), which the page does not have.
 * - 'play' (/watch): Play pressed as soon as it is in the DOM, the first frame after it;
 * - 'bare' (the bare page, which plays by itself): the first frame, the click at 0;
 * - 'wait' (/watch): Play shown, not pressed; the bench presses it.
 */
const probe = (mode: 'play' | 'bare' | 'wait') => `(() => {
  const mode = ${JSON.stringify(mode)};
  const marks = {};
  const requests = () => performance
    .getEntriesByType('navigation')
    .concat(performance.getEntriesByType('resource'))
    .map((entry) => ({
      name: entry.name,
      type: entry.initiatorType,
      transferSize: entry.transferSize,
      bodySize: entry.encodedBodySize,
      responseEnd: entry.responseEnd,
    }));
  const observer = new MutationObserver(() => {
    const video = document.querySelector('video');
    const button = document.querySelector('.play-button');
    if (!video || (mode !== 'bare' && !button)) return;
    observer.disconnect();
    if (button) marks.playShown = performance.now();
    if (mode === 'wait') return;
    marks.click = mode === 'bare' ? 0 : performance.now();
    video.requestVideoFrameCallback((now, frame) => {
      marks.firstFrame = frame.presentationTime;
      marks.requests = requests().filter((entry) => entry.responseEnd <= now);
    });
    if (button) button.click();
  });
  observer.observe(document, { childList: true, subtree: true });
  window.__watchBench = {
    marks: () => marks,
    done: () => marks.firstFrame !== undefined,
    choicesShown: () => document.querySelector('.choices:not([hidden]) button') !== null,
  };
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
  choicesShown: () => boolean;
}

/**
 * One load of the watch page (or the bare page) in a fresh tab of `context`, waited on until its
 * first frame or RUN_TIMEOUT_MS. Functions, not expressions, go to the page: the player's CSP
 * (script-src 'self') forbids the eval Playwright uses for expressions.
 */
async function load(context: BrowserContext, url: string, mode: 'play' | 'bare' = 'play') {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript({ content: probe(mode) });
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

/**
 * What one visit of /watch downloads in a new context, as Chromium's network reports it (every
 * request finished, its headers and body as received): before Play (the page left alone until its
 * network has been quiet for QUIET_MS), then with Play pressed, until the first choice shows.
 */
async function dataUse(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const finished: Request[] = [];
  page.on('requestfinished', (request) => {
    void request.sizes().then(
      (sizes) =>
        finished.push({
          name: request.url(),
          type: request.isNavigationRequest() ? 'navigation' : request.resourceType(),
          transferSize: sizes.responseHeadersSize + sizes.responseBodySize,
          bodySize: sizes.responseBodySize,
        }),
      () => {},
    );
  });
  await page.addInitScript({ content: probe('wait') });
  await page.goto(url);
  await page.locator('.play-button').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(QUIET_MS);
  const beforePlay = [...finished];
  await page.locator('.play-button').click();
  await page.waitForFunction(
    () => (globalThis as unknown as { __watchBench: Probe }).__watchBench.choicesShown(),
    null,
    { timeout: RUN_TIMEOUT_MS },
  );
  const toChoice = [...finished];
  await page.close();
  return { beforePlay, toChoice };
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

interface Loader {
  label: string;
  open: () => Promise<{ marks: Marks; errors: string[] }>;
}

/**
 * RUNS loads of each of `loaders`, taken in turns (a machine that slows down meanwhile slows them
 * alike), each loader's lines and medians printed; answers each one's navigation → first frame.
 */
async function measure(title: string, loaders: readonly Loader[]): Promise<number[][]> {
  console.log(`\n${title}; ${machineLine()}`);
  const figures = loaders.map(() => ({
    shown: [] as number[],
    first: [] as number[],
    afterClick: [] as number[],
    requests: [] as number[],
    bytes: [] as number[],
    lines: [] as string[],
  }));
  for (let run = 1; run <= RUNS; run += 1) {
    for (const [index, loader] of loaders.entries()) {
      const { shown, first, afterClick, requests, bytes, lines } = figures[index]!;
      const { marks, errors } = await loader.open();
      const frame = marks.firstFrame;
      if (marks.playShown !== undefined) shown.push(marks.playShown);
      if (frame !== undefined) {
        first.push(frame);
        afterClick.push(frame - marks.click!);
        requests.push(marks.requests!.length);
        bytes.push(marks.requests!.reduce((sum, request) => sum + request.transferSize, 0));
      }
      lines.push(
        `  load ${String(run).padStart(2)}: Play shown ${ms(marks.playShown)} · first frame ${ms(frame)} · ` +
          `click → frame ${ms(frame === undefined ? undefined : frame - marks.click!)}` +
          (frame === undefined
            ? ` — no frame within ${RUN_TIMEOUT_MS / 1000} s`
            : ` · by then ${describeRequests(marks.requests!)}`) +
          (errors.length > 0 ? ` · page errors: ${errors.join(' | ')}` : ''),
      );
    }
  }
  const line = (name: string, values: number[], suffix = '') =>
    console.log(
      `  ${name.padEnd(30)} median ${ms(percentile(values, 0.5))}, p90 ${ms(percentile(values, 0.9))}` +
        ` (${values.length} of ${RUNS} loads)${suffix}`,
    );
  for (const [index, loader] of loaders.entries()) {
    const { shown, first, afterClick, requests, bytes, lines } = figures[index]!;
    console.log(`${loader.label}:`);
    for (const text of lines) console.log(text);
    if (shown.length > 0) line('(a) navigation → Play shown', shown);
    line('(b) navigation → first frame', first, ` — target < ${TARGET_FIRST_FRAME_MS} ms`);
    if (shown.length > 0) line('(c) click → first frame', afterClick);
    console.log(
      `  ${'before the first frame'.padEnd(30)} median ${percentile(requests, 0.5)} requests and ` +
        `${kilobytes(percentile(bytes, 0.5))} moved, p90 ${percentile(requests, 0.9)} requests and ` +
        `${kilobytes(percentile(bytes, 0.9))}`,
    );
  }
  return figures.map(({ first }) => first);
}

/** DATA_RUNS visits of /watch for their bytes before Play and until the first choice. */
async function measureDataUse(open: () => Promise<Awaited<ReturnType<typeof dataUse>>>) {
  console.log(
    `\nData use: ${DATA_RUNS} visits, a new browser context each; ${machineLine()}\n` +
      `  before Play: left alone until its network is quiet ${QUIET_MS} ms; then Play, until the first choice shows`,
  );
  const before: number[] = [];
  const toChoice: number[] = [];
  const sum = (requests: readonly Request[]) =>
    requests.reduce((total, request) => total + request.transferSize, 0);
  for (let run = 1; run <= DATA_RUNS; run += 1) {
    const visit = await open();
    before.push(sum(visit.beforePlay));
    toChoice.push(sum(visit.toChoice));
    console.log(
      `  visit ${run}: before Play ${describeRequests(visit.beforePlay)}; ` +
        `until the first choice ${describeRequests(visit.toChoice)}`,
    );
  }
  console.log(
    `  ${'bytes before Play'.padEnd(30)} median ${kilobytes(percentile(before, 0.5))}` +
      ` — target ≤ ${kilobytes(TARGET_BEFORE_PLAY_BYTES)}\n` +
      `  ${'bytes until the first choice'.padEnd(30)} median ${kilobytes(percentile(toChoice, 0.5))}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The bare page: the opening's HLS in hls.js alone
// ---------------------------------------------------------------------------------------------

/**
 * The bare page's files, served as the server's web root (the studio is not needed here): an
 * HTML page with a <video>, hls.js's light build from node_modules and a script that plays the
 * master playlist of `?src=` with hls.js's defaults. The scripts get `.br` and `.gz` copies, as
 * the player's build gives its own, so both pages are served alike.
 */
async function writeBarePage(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'plotline-watch-bench-bare-'));
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  await mkdir(path.join(root, 'assets'));
  const hlsScript = createRequire(import.meta.url).resolve('hls.js/dist/hls.light.min.js', {
    paths: [fileURLToPath(new URL('../apps/player', import.meta.url))],
  });
  await copyFile(hlsScript, path.join(root, 'assets', 'hls.light.min.js'));
  await writeFile(
    path.join(root, 'assets', 'bare.js'),
    [
      "const video = document.querySelector('video');",
      'const hls = new Hls();',
      "hls.loadSource(new URLSearchParams(location.search).get('src'));",
      'hls.attachMedia(video);',
      'video.play().catch(() => {});',
    ].join('\n'),
  );
  for (const name of ['hls.light.min.js', 'bare.js']) {
    const file = path.join(root, 'assets', name);
    const content = await readFile(file);
    await writeFile(`${file}.br`, brotliCompressSync(content));
    await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
  await writeFile(
    path.join(root, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en">',
      '<head><meta charset="utf-8"><title>bare hls.js</title>',
      '<script defer src="/assets/hls.light.min.js"></script>',
      '<script defer src="/assets/bare.js"></script></head>',
      '<body style="margin:0;background:#000">',
      '<video autoplay playsinline style="width:100vw;height:100vh"></video>',
      '</body></html>',
    ].join('\n'),
  );
  return root;
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
  webRoot: await writeBarePage(),
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

  const transcoded = await publishForkStory(bench, headers, {
    title: 'The first frame',
    slug: SLUG,
    clip: CLIP,
  });
  const url = `${baseUrl}/watch/${SLUG}`;
  console.log(
    `Story published at /watch/${SLUG}: opening clip → bridge → two options, four items of ` +
      `${CLIP.width}×${CLIP.height}, ${CLIP.seconds} s with sound, uploaded, captioned and ` +
      `transcoded in ${transcoded.toFixed(1)} s`,
  );

  const watchData = (await (await fetch(`${baseUrl}/api/watch/${SLUG}`)).json()) as {
    data: WatchData;
  };
  const opening = buildStory(watchData.data)!.root.item.hls_url;
  const bareUrl = `${baseUrl}/?src=${encodeURIComponent(new URL(opening, baseUrl).href)}`;

  const warm = await browser.newContext();
  const warmUp = await load(warm, url);
  if (warmUp.marks.firstFrame === undefined) {
    console.log(`The warm-up visit saw no frame: ${warmUp.errors.join(' | ') || 'no page error'}`);
  }
  const cold = (address: string, mode: 'play' | 'bare') => async () => {
    const context = await browser.newContext();
    try {
      return await load(context, address, mode);
    } finally {
      await context.close();
    }
  };
  const [watchFirst, bareFirst] = await measure(
    `Empty cache: ${RUNS} loads of each page, in turns, a new browser context each`,
    [
      { label: `/watch/${SLUG}`, open: cold(url, 'play') },
      {
        label: 'the bare page: the opening in hls.js alone, autoplaying',
        open: cold(bareUrl, 'bare'),
      },
    ],
  );
  const watchMedian = percentile(watchFirst!, 0.5);
  const bareMedian = percentile(bareFirst!, 0.5);
  console.log(
    `  /watch against the bare page, navigation → first frame: ${ms(watchMedian).trim()} against ` +
      `${ms(bareMedian).trim()}, ${(watchMedian / bareMedian).toFixed(2)}× (target ≤ ${TARGET_RATIO}×)`,
  );
  await measure(`Warm cache: ${RUNS} loads, new tabs of one context that visited before`, [
    { label: `/watch/${SLUG}`, open: () => load(warm, url) },
  ]);
  await warm.close();

  await measureDataUse(async () => {
    const context = await browser.newContext();
    try {
      return await dataUse(context, url);
    } finally {
      await context.close();
    }
  });
  console.log(`\ndone; ${machineLine()}`);
} finally {
  await bench.close();
}
