// Prints how the storyline editor (wizard step 3, its React Flow graph) copes with plots of 50, 500
// and 2,000 nodes, in headless Chromium against the real server (buildApp on an in-memory PGlite,
// a local blob store, one transcode worker, serving the built studio from apps/web/dist).
// Setup, through the API as the studio does it: a company administrator, a project with its step 1
// done, one clip and one bridge uploaded (small clips made with ffmpeg) and transcoded; then, per
// size, a generated story (seeded: clip → bridge → clip …, 1–3 children a node, deeper as it grows,
// every clip node playing the one clip and every bridge node the one bridge) saved as the whole tree.
// Per size, RUNS runs, each a fresh tab of a signed-in browser whose cache already holds the studio
// (one unmeasured visit warms it), opened at /app/project-create/{id}?step=3:
//  1. first render, in ms from the tab's navigation start (performance.now() in the page): the
//     storyline's GET answered (Resource Timing); the plot builder's first card in the DOM; the
//     graph's first `.react-flow__node` in the DOM (React Flow first mounts nodes hidden, to measure
//     them); "laid out": the first DOM change after which every node is visible and the viewport has
//     left its initial transform, i.e. nodes measured and fitView applied (a MutationObserver);
//     "painted": a task posted from the next requestAnimationFrame, which runs once that frame is
//     painted (so it may overstate by up to one frame). Also printed: the graph painted after the
//     storyline's answer, which leaves out the studio's own start (scripts, session, project).
//  2. frames while panning: requestAnimationFrame deltas in the page while page.mouse drags the graph
//     pane in strokes (right, down, left, up …) for PAN_SECONDS, first at the view the editor opens
//     on (the story's first levels), then with the whole story fitted (the fit button), then zoomed
//     (mouse wheel) to 100 %, where only the nodes in view are rendered: median, p95, max and the
//     share of frames under 33 ms. The idle frame clock is printed first for scale.
// The targets, printed beside the 500-node figures: first render (painted) < 1 s, 95 % of frames
// < 33 ms. Asserts nothing.
// Run: npm run bench:plot-editor (builds the studio first), or npx tsx bench/plot-editor.ts [sizes…]
// against the existing build. Uses /usr/bin/chromium; FFMPEG_PATH and FFPROBE_PATH choose ffmpeg.
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { CONTENT_TYPE, type PlotNode } from '@plotline/core';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { createProjectInfo } from '../e2e/support/project-api.ts';
import { signInToDashboard } from '../e2e/support/sign-in.ts';
import { uploadItem, waitUntilTranscoded } from '../e2e/support/story-project.ts';
import { machineLine, startBrowserBench } from './support.ts';

/** The sizes measured: 50, 500 and 2,000 nodes, or those given as arguments (`… plot-editor.ts 500`). */
const SIZE_ARGUMENTS = process.argv
  .slice(2)
  .map(Number)
  .filter((size) => size > 0);
const SIZES = SIZE_ARGUMENTS.length > 0 ? SIZE_ARGUMENTS : [50, 500, 2000];
const RUNS = 3;
const SEED = 20240611;
const PAN_SECONDS = 4;
/** One pan stroke: the mouse held down and moved at a steady speed for this long. */
const STROKE_MS = 500;
/** How often a stroke moves the mouse: a 60 Hz mouse. */
const MOVE_EVERY_MS = 16;
const IDLE_MS = 1000;
/** A run whose graph is not painted by then is reported as such, and not panned. */
const RENDER_TIMEOUT_MS = 600_000;
/** Wide enough for the lg layout, where the graph sits beside the plot builder. */
const VIEWPORT = { width: 1440, height: 900 };
const TARGET_SIZE = 500;
const TARGET_FIRST_RENDER_MS = 1000;
const TARGET_FRAME_MS = 33;
const TARGET_SHARE = 0.95;
const WEB_ROOT = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

// ---------------------------------------------------------------------------------------------
// Stories
// ---------------------------------------------------------------------------------------------

/** mulberry32: a small seeded generator, so every run saves the same stories. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * How many children a node gets when the story goes on from it, as cumulative weights of 1, 2 and 3:
 * a scene mostly leads to one question, a question mostly offers two or three answers.
 */
const CHILDREN = {
  [CONTENT_TYPE.clip]: [0.8, 0.95, 1],
  [CONTENT_TYPE.bridge]: [0.2, 0.7, 1],
} as const;

/** Clips at even depths, bridges at odd ones (docs/PLOT.md). */
const typeAt = (depth: number) => (depth % 2 === 0 ? CONTENT_TYPE.clip : CONTENT_TYPE.bridge);

interface Story {
  plots: Pick<PlotNode, 'movie_plot_id' | 'movie_content_id' | 'parent_id' | 'locked'>[];
  depth: number;
  endings: number;
  widest: number;
}

/**
 * A story of exactly `size` nodes: from the opening clip, a node still open is picked and given its
 * children until the size is reached; the open nodes left are the endings. Picks lean towards the
 * newest (deepest) nodes, so a larger story is deeper as well as wider. New nodes carry temporary
 * negative ids, which their children name as parent_id, as the studio sends them.
 */
function generateStory(size: number, clipId: number, bridgeId: number): Story {
  const random = seeded(SEED + size);
  const depthOf = new Map<number, number>([[-1, 0]]);
  const plots: Story['plots'] = [
    { movie_plot_id: -1, movie_content_id: clipId, parent_id: null, locked: '0' },
  ];
  const open = [-1];
  while (plots.length < size && open.length > 0) {
    const [parent] = open.splice(Math.floor(Math.sqrt(random()) * open.length), 1);
    const depth = depthOf.get(parent!)! + 1;
    const draw = random();
    const children = 1 + CHILDREN[typeAt(depth - 1)].findIndex((weight) => draw < weight);
    for (let child = 0; child < children && plots.length < size; child += 1) {
      const id = -(plots.length + 1);
      depthOf.set(id, depth);
      open.push(id);
      plots.push({
        movie_plot_id: id,
        movie_content_id: typeAt(depth) === CONTENT_TYPE.clip ? clipId : bridgeId,
        parent_id: parent!,
        locked: '0',
      });
    }
  }
  const perDepth = new Map<number, number>();
  for (const depth of depthOf.values()) perDepth.set(depth, (perDepth.get(depth) ?? 0) + 1);
  const parents = new Set(plots.map((plot) => plot.parent_id));
  return {
    plots,
    depth: Math.max(...perDepth.keys()),
    endings: plots.filter((plot) => !parents.has(plot.movie_plot_id)).length,
    widest: Math.max(...perDepth.values()),
  };
}

// ---------------------------------------------------------------------------------------------
// In the page
// ---------------------------------------------------------------------------------------------

/**
 * Installed before the studio's own scripts on every page. Plain JavaScript in a string: tsx wraps
 * named functions of this file in esbuild's __name(), which the page does not have.
 */
const PROBE = `(() => {
  const marks = {};
  const viewport = () => {
    const element = document.querySelector('.react-flow__viewport');
    const match = element && /translate\\(([-\\d.e]+)px, ?([-\\d.e]+)px\\) scale\\(([-\\d.e]+)\\)/.exec(element.style.transform);
    return match ? { x: Number(match[1]), y: Number(match[2]), zoom: Number(match[3]) } : null;
  };
  const rendered = () => document.querySelectorAll('.react-flow__viewport .react-flow__node').length;
  const observer = new MutationObserver(() => {
    const now = performance.now();
    if (marks.builder === undefined && document.querySelector('[aria-label="Plot builder"] li')) {
      marks.builder = now;
    }
    if (!document.querySelector('.react-flow__node')) return;
    if (marks.firstNode === undefined) marks.firstNode = now;
    const view = viewport();
    const fitted = view && !(view.x === 0 && view.y === 0 && view.zoom === 1);
    if (!fitted || document.querySelector('.react-flow__node[style*="visibility: hidden"]')) return;
    marks.laidOut = now;
    marks.rendered = rendered();
    marks.zoom = view.zoom;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        marks.painted = performance.now();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });

  let frames = [];
  // Each recording has its own number: a loop of an earlier one whose last frame is still pending
  // stops there instead of adding to the new one.
  let recording = 0;
  window.__plotEditorBench = {
    marks: () => {
      const storyline = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/api/movie-plot/'));
      return { ...marks, storyline: storyline ? storyline.responseEnd : undefined };
    },
    painted: () => marks.painted !== undefined,
    viewport,
    rendered,
    startFrames: () => {
      frames = [];
      recording += 1;
      const mine = recording;
      let last;
      const tick = (time) => {
        if (recording !== mine) return;
        if (last !== undefined) frames.push(time - last);
        last = time;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    stopFrames: () => {
      recording += 1;
      return frames;
    },
    /** The centre of the rendered node nearest the pane's centre, to zoom in around. */
    nodePoint: () => {
      const box = document.querySelector('.react-flow__pane').getBoundingClientRect();
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      let best = centre;
      let bestDistance = Infinity;
      for (const node of document.querySelectorAll('.react-flow__viewport .react-flow__node')) {
        const rect = node.getBoundingClientRect();
        const point = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
        const distance = Math.hypot(point.x - centre.x, point.y - centre.y);
        if (distance < bestDistance) {
          best = point;
          bestDistance = distance;
        }
      }
      return best;
    },
    /** A point of the pane with no node, edge or control on it, near its centre, for a drag to start. */
    emptyPoint: () => {
      const box = document.querySelector('.react-flow__pane').getBoundingClientRect();
      const free = (x, y) => {
        const element = document.elementFromPoint(x, y);
        return element && element.closest('.react-flow') &&
          !element.closest('.react-flow__node, .react-flow__edge, .react-flow__panel');
      };
      for (let ring = 0; ring <= 10; ring += 1) {
        for (let step = 0; step < Math.max(1, ring * 8); step += 1) {
          const angle = (step / Math.max(1, ring * 8)) * 2 * Math.PI;
          const x = box.x + box.width / 2 + Math.cos(angle) * ring * box.width * 0.02;
          const y = box.y + box.height / 2 + Math.sin(angle) * ring * box.height * 0.03;
          if (free(x, y)) return { x, y, box: { width: box.width, height: box.height } };
        }
      }
      return { x: box.x + box.width / 2, y: box.y + box.height / 2, box: { width: box.width, height: box.height } };
    },
  };
})();`;

interface RenderMarks {
  storyline?: number;
  builder?: number;
  firstNode?: number;
  laidOut?: number;
  painted?: number;
  rendered?: number;
  zoom?: number;
}

interface View {
  x: number;
  y: number;
  zoom: number;
}

/** What the probe offers the bench, by name. */
type ProbeCall =
  | 'marks'
  | 'painted'
  | 'viewport'
  | 'rendered'
  | 'startFrames'
  | 'stopFrames'
  | 'emptyPoint'
  | 'nodePoint';

/**
 * Calls one of the probe's functions. A function rather than an expression: the studio's CSP
 * (script-src 'self') forbids the eval Playwright uses for expressions, not a function call.
 */
const inPage = <T>(page: Page, call: ProbeCall) =>
  page.evaluate(
    (name) =>
      (
        globalThis as unknown as { __plotEditorBench: Record<ProbeCall, () => unknown> }
      ).__plotEditorBench[name](),
    call,
  ) as Promise<T>;

/**
 * A fresh tab opened at step 3, waited on until the graph is painted or RENDER_TIMEOUT_MS pass:
 * the render marks so far either way, and whether it was painted.
 */
async function openStepThree(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url, { waitUntil: 'commit' });
  const painted = await page
    .waitForFunction(
      () =>
        (
          globalThis as unknown as { __plotEditorBench?: { painted: () => boolean } }
        ).__plotEditorBench?.painted(),
      null,
      { timeout: RENDER_TIMEOUT_MS },
    )
    .then(
      () => true,
      () => false,
    );
  return { page, painted, marks: await inPage<RenderMarks>(page, 'marks'), errors };
}

interface PanResult {
  frames: number[];
  seconds: number;
  moves: number;
  /** How far the graph itself moved, in screen pixels: proof that the drags panned it. */
  moved: number;
}

/**
 * Drags the pane in strokes (right, down, left, up, …) from a free point near its centre for
 * PAN_SECONDS, the mouse moving at a steady speed every MOVE_EVERY_MS, while the page records
 * requestAnimationFrame deltas.
 */
async function pan(page: Page): Promise<PanResult> {
  const start = await inPage<{ x: number; y: number; box: { width: number; height: number } }>(
    page,
    'emptyPoint',
  );
  const strokes = [
    [start.box.width * 0.35, 0],
    [0, start.box.height * 0.3],
    [-start.box.width * 0.35, 0],
    [0, -start.box.height * 0.3],
  ] as const;
  let moves = 0;
  let moved = 0;
  await inPage(page, 'startFrames');
  const began = performance.now();
  for (let stroke = 0; performance.now() - began < PAN_SECONDS * 1000; stroke += 1) {
    const [dx, dy] = strokes[stroke % strokes.length]!;
    const from = await inPage<View>(page, 'viewport');
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    const strokeStart = performance.now();
    for (let step = 1; ; step += 1) {
      const done = Math.min(1, (performance.now() - strokeStart) / STROKE_MS);
      await page.mouse.move(start.x + dx * done, start.y + dy * done);
      moves += 1;
      if (done === 1) break;
      await sleep(Math.max(0, strokeStart + step * MOVE_EVERY_MS - performance.now()));
    }
    await page.mouse.up();
    const to = await inPage<View>(page, 'viewport');
    moved += Math.hypot(to.x - from.x, to.y - from.y);
  }
  const frames = await inPage<number[]>(page, 'stopFrames');
  return { frames, seconds: (performance.now() - began) / 1000, moves, moved };
}

/**
 * Zooms to 100 % with the mouse wheel (React Flow scales by 2^(-deltaY × 0.002)) over the node
 * nearest the pane's centre, which stays under the mouse: the view then shows part of the story.
 */
/** The zoom controls' fit button: the whole story in view, as far out as it takes. */
async function fitWhole(page: Page): Promise<void> {
  await page.locator('.react-flow__controls-fitview').click();
}

async function zoomToFull(page: Page): Promise<void> {
  const point = await inPage<{ x: number; y: number }>(page, 'nodePoint');
  await page.mouse.move(point.x, point.y);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { zoom } = await inPage<View>(page, 'viewport');
    if (Math.abs(zoom - 1) < 0.01) return;
    await page.mouse.wheel(0, Math.log2(zoom) / 0.002);
    await sleep(300);
  }
}

async function idleFrames(page: Page): Promise<number[]> {
  await inPage(page, 'startFrames');
  await sleep(IDLE_MS);
  return inPage<number[]>(page, 'stopFrames');
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

function frameStats(frames: readonly number[]) {
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
  return {
    count: sorted.length,
    median: at(0.5),
    p95: at(0.95),
    max: sorted.at(-1) ?? NaN,
    under: sorted.filter((frame) => frame < TARGET_FRAME_MS).length / Math.max(1, sorted.length),
  };
}

const ms = (value: number | undefined) =>
  value === undefined ? '  (none)' : `${Math.round(value).toLocaleString('en').padStart(5)} ms`;

function describeFrames(frames: readonly number[]): string {
  const { count, median, p95, max, under } = frameStats(frames);
  const seconds = frames.reduce((sum, frame) => sum + frame, 0) / 1000;
  return (
    `${String(count).padStart(4)} frames (${(count / seconds).toFixed(1).padStart(4)} a second): ` +
    `median ${median.toFixed(1)}, p95 ${p95.toFixed(1)}, max ${max.toFixed(1)} ms; ` +
    `${(under * 100).toFixed(1)} % under ${TARGET_FRAME_MS} ms`
  );
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

// ---------------------------------------------------------------------------------------------
// Setup: the server, a project with one clip and one bridge
// ---------------------------------------------------------------------------------------------

if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
  console.error(
    `The studio is not built (${WEB_ROOT} has no index.html): run npm run build -w @plotline/web, ` +
      'or npm run bench:plot-editor, which builds it first.',
  );
  process.exit(1);
}

/** Saves a story as the whole tree, replacing the one before it; answers the new version. */
async function saveStory(
  request: APIRequestContext,
  headers: Record<string, string>,
  movieId: number,
  version: number,
  story: Story,
): Promise<number> {
  const response = await request.post('/api/movie-plot', {
    headers,
    data: { movie_id: movieId, version, plots: story.plots },
  });
  if (!response.ok())
    throw new Error(`save refused: ${response.status()} ${await response.text()}`);
  const saved = (await response.json()) as { data: PlotNode[]; version: number };
  if (saved.data.length !== story.plots.length) {
    throw new Error(`saved ${saved.data.length} nodes of ${story.plots.length}`);
  }
  return saved.version;
}

const bench = await startBrowserBench({ name: 'plot-editor', webRoot: WEB_ROOT });
const { baseUrl, user, headers } = bench;
try {
  const context = await bench.browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
  await context.addInitScript({ content: PROBE });
  const built = statSync(path.join(WEB_ROOT, 'index.html')).mtime;
  console.log(
    `${bench.browserLine}, viewport ${VIEWPORT.width}×${VIEWPORT.height}; ` +
      `studio built ${built.toISOString()}; ${machineLine()}`,
  );

  const movieId = await createProjectInfo(context.request, headers, 'The branching bench');
  const video = await readFile(
    await bench.makeClip('scene.mp4', { width: 320, height: 180, seconds: 3 }),
  );
  const upload = (type: number) =>
    uploadItem(context.request, headers, movieId, { name: 'scene.mp4', type, video });
  const clipId = await upload(CONTENT_TYPE.clip);
  const bridgeId = await upload(CONTENT_TYPE.bridge);
  await waitUntilTranscoded(context.request, headers, movieId, 300_000);
  let version = (
    (await (await context.request.get(`/api/movie-plot/${movieId}`, { headers })).json()) as {
      version: number;
    }
  ).version;

  const signInTab = await context.newPage();
  await signInToDashboard(signInTab, user);
  await signInTab.close();
  const stepThree = `/app/project-create/${movieId}?step=3`;

  const stories = SIZES.map((size) => ({ size, story: generateStory(size, clipId, bridgeId) }));
  let warmed = false;
  for (const { size, story } of stories) {
    const target = size === TARGET_SIZE;
    const saveStart = performance.now();
    version = await saveStory(context.request, headers, movieId, version, story);
    console.log(
      `\n${size.toLocaleString('en')} nodes: depth ${story.depth}, ${story.endings} endings, ` +
        `widest level ${story.widest} nodes; saved in ${((performance.now() - saveStart) / 1000).toFixed(1)} s; ${machineLine()}`,
    );
    if (!warmed) {
      const warmUp = await openStepThree(context, stepThree);
      await warmUp.page.close();
      warmed = true;
    }
    const painted: number[] = [];
    const afterStoryline: number[] = [];
    const openingFrames: number[] = [];
    const wholeFrames: number[] = [];
    const fullFrames: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const { page, painted: done, marks, errors } = await openStepThree(context, stepThree);
      console.log(
        `  run ${run}: storyline answered ${ms(marks.storyline)} · builder's first card ${ms(marks.builder)} · ` +
          `first graph node ${ms(marks.firstNode)} · laid out ${ms(marks.laidOut)} · painted ${ms(marks.painted)}` +
          (target ? ` (target < ${TARGET_FIRST_RENDER_MS} ms)` : '') +
          (done
            ? ` — ${marks.rendered} nodes in the DOM at zoom ${marks.zoom?.toFixed(3)}; ` +
              `graph painted ${ms(marks.painted! - marks.storyline!)} after the storyline's answer`
            : ` — not painted within ${RENDER_TIMEOUT_MS / 1000} s, not panned`),
      );
      if (done) {
        painted.push(marks.painted!);
        afterStoryline.push(marks.painted! - marks.storyline!);
        await page.waitForLoadState('networkidle');
        console.log(`         idle, no input:          ${describeFrames(await idleFrames(page))}`);
        const views: [string, number[], () => Promise<void>][] = [
          ['the opening view', openingFrames, async () => {}],
          ['the whole story', wholeFrames, () => fitWhole(page)],
          ['zoom 100 %', fullFrames, () => zoomToFull(page)],
        ];
        for (const [name, frames, reach] of views) {
          await reach();
          await sleep(IDLE_MS);
          const rendered = await inPage<number>(page, 'rendered');
          const { zoom } = await inPage<View>(page, 'viewport');
          const panned = await pan(page);
          frames.push(...panned.frames);
          console.log(
            `         pan at ${`${name} (${zoom.toFixed(2)}):`.padEnd(26)}${describeFrames(panned.frames)}; ` +
              `${panned.seconds.toFixed(1)} s, ${panned.moves} mouse moves, graph moved ${Math.round(panned.moved)} px, ` +
              `${rendered} nodes in the DOM before`,
          );
        }
      }
      if (errors.length > 0) console.log(`         page errors: ${errors.join(' | ')}`);
      await page.close();
    }
    const medianOf = (values: number[]) => (values.length > 0 ? ms(median(values)) : '(none)');
    console.log(
      `  ${size.toLocaleString('en')} nodes: painted in ${painted.length} of ${RUNS} runs, median ` +
        `${medianOf(painted)} from navigation, ${medianOf(afterStoryline)} after the storyline's answer` +
        (target ? ` (target < ${TARGET_FIRST_RENDER_MS} ms)` : ''),
    );
    const share = target ? ` (target ≥ ${TARGET_SHARE * 100} % under ${TARGET_FRAME_MS} ms)` : '';
    console.log(
      `    all runs' pan frames, opening view:    ${describeFrames(openingFrames)}${share}`,
    );
    console.log(
      `    all runs' pan frames, whole story:     ${describeFrames(wholeFrames)}${share}`,
    );
    console.log(`    all runs' pan frames, 100 %:           ${describeFrames(fullFrames)}${share}`);
  }
  console.log(`\ndone; ${machineLine()}`);
} finally {
  await bench.close();
}
