// Prints how seamlessly the player switches from a node to the option chosen next, beside the naive
// way (`hls.loadSource(next)` on the same element). Clips are made with ffmpeg (a steady tone, and
// a colour mark per item in the picture's corner) and transcoded by the server's own transcoder
// (planLadder + transcodeToHls: MPEG-TS, 4 s segments, their real ladders, one item smaller and one
// larger than the first). A small local HTTP server (not the built Plotline server, which would
// need a database and a transcode job per item for the same files) adds 50 ms to every request.
// Headless Chromium plays a 21-node path (20 switches) with each approach, and records every presented frame (requestVideoFrameCallback, the node
// read from the frame's pixels), every stall and every silence in the sound. The switches are
// taken as the story player takes them, in turn: the viewer's choice 1 s before the node's end, an
// automatic branch queued when its node starts, and a timed choice's default taken by the player's
// own countdown (4 s from when its choices show, so about 1 s before the end); the player engine's
// figures are also given for each kind. Also prints the size
// of the player bundle as built. Asserts nothing.
// Run: npm run bench:branch-switch   (FFMPEG_PATH and FFPROBE_PATH choose the binaries.)
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type {
  Approach,
  BenchNode,
  RunConfig,
  RunResult,
  SwitchDecision,
} from '../apps/player/bench/branch-switch-protocol.ts';
import { createFfmpeg } from '../apps/server/src/adapters/ffmpeg/ffmpeg.ts';
import { resolveFfmpeg } from '../apps/server/src/adapters/ffmpeg/resolve-ffmpeg.ts';
import { transcodeToHls } from '../apps/server/src/modules/transcoding/hls-transcoder.ts';
import { planLadder } from '../apps/server/src/modules/transcoding/ladder.ts';
import { testClip } from '../apps/server/src/test/media-fixtures.ts';
import { AUTOPLAY_ARG, launchChromium } from '../e2e/support/chromium.ts';
import {
  nodeStartOffsets,
  percentile,
  switchFigures,
  type SwitchFigures,
} from './branch-switch-metrics.ts';
import { fileUnder, serveWithLatency } from './branch-switch-server.ts';
import { machineLine } from './support.ts';

const LATENCY_MS = 50;
const SWITCHES = 20;
const CHOICE_LEAD_SECONDS = 1;
/** A timed choice's timer: its choices show 5 s before a node's end (6 to 8 s long), so it ends 1 s before. */
const DECISION_SECONDS = 4;
/** How each switch is taken, in turn. */
const DECISIONS: readonly SwitchDecision[] = ['viewer', 'auto', 'timer'];
const FRAME_RATE = 30;
/** The issue's targets, printed beside the figures. */
const TARGET_GAP_MS = 33;
/** At most one AAC frame (1024 samples at 48 kHz) of silence at a switch. */
const TARGET_SILENCE_MS = 21;
const TARGET_BUNDLE_KB = 150;

/**
 * The items of the plot: sources of different sizes, so ladders differ between nodes, each with
 * a colour mark in its top-left corner by which the page tells whose frame is on screen.
 */
const CLIPS = [
  { name: 'a', width: 1280, height: 720, seconds: 8, mark: [255, 0, 0] },
  { name: 'b', width: 1280, height: 720, seconds: 7, mark: [0, 255, 0] },
  { name: 'c', width: 854, height: 480, seconds: 6, mark: [0, 0, 255] },
  { name: 'd', width: 1920, height: 1080, seconds: 6.5, mark: [255, 255, 0] },
] as const;
const hexColour = (rgb: readonly number[]) =>
  `0x${rgb.map((value) => value.toString(16).padStart(2, '0')).join('')}`;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const playerDir = path.join(root, 'apps/player');
const folder = await mkdtemp(path.join(tmpdir(), 'plotline-branch-switch-'));
// Removed however the bench ends, a failure included.
process.once('exit', () => rmSync(folder, { recursive: true, force: true }));

const binaries = await resolveFfmpeg({
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
});
const ffmpeg = createFfmpeg(binaries);
console.log(`${binaries.ffmpegVersion} (${binaries.ffmpegSource}); ${machineLine()}`);

// ---------------------------------------------------------------------------------------------
// The items, as the server would publish them.
// ---------------------------------------------------------------------------------------------

const transcodeStart = performance.now();
const ladders = new Map<string, string>();
for (const clip of CLIPS) {
  const source = await testClip(
    {
      ...clip,
      frameRate: FRAME_RATE,
      outputArgs: [
        ...['-vf', `drawbox=x=0:y=0:w=iw/8:h=ih/8:color=${hexColour(clip.mark)}:t=fill`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ],
    },
    { binaries },
  );
  const outputDir = path.join(folder, 'hls', clip.name);
  const result = await transcodeToHls(ffmpeg, {
    input: source,
    plan: planLadder(await ffmpeg.probe(source)),
    outputDir,
  });
  ladders.set(clip.name, result.renditions.map((rendition) => rendition.name).join('/'));
}
console.log(
  `items (made with ffmpeg, transcoded by transcodeToHls in ${((performance.now() - transcodeStart) / 1000).toFixed(0)} s): ` +
    CLIPS.map(
      ({ name, height, seconds }) => `${name} ${seconds} s from ${height}p (${ladders.get(name)})`,
    ).join(', '),
);

// ---------------------------------------------------------------------------------------------
// The player as `npm run build` makes it, for its size: the JavaScript its page loads (the page's
// assets; hls.js, the engine and the UI), gzipped. The bench page below builds the engine from the
// same source.
// ---------------------------------------------------------------------------------------------

async function playerBundleLine(): Promise<string> {
  try {
    execFileSync('npm', ['run', 'build', '-w', '@plotline/player'], { cwd: root, stdio: 'pipe' });
  } catch (error) {
    return `player bundle: npm run build -w @plotline/player failed: ${String(error).split('\n')[0]}`;
  }
  const dist = path.join(playerDir, 'dist');
  const assets = path.join(dist, 'assets');
  const jsDir = (await readdir(dist)).includes('assets') ? assets : dist;
  const files = (await readdir(jsDir, { recursive: true })).filter((file) => file.endsWith('.js'));
  let bytes = 0;
  let gzipped = 0;
  for (const file of files) {
    const content = await readFile(path.join(jsDir, file));
    bytes += content.length;
    gzipped += gzipSync(content, { level: 9 }).length;
  }
  return (
    `player bundle (npm run build -w @plotline/player, ${path.relative(playerDir, jsDir)}/*.js, ` +
    `${files.length} files): ${(bytes / 1024).toFixed(1)} KiB, ${(gzipped / 1024).toFixed(1)} KiB ` +
    `gzipped (level 9; target < ${TARGET_BUNDLE_KB} KiB)`
  );
}
const bundleLine = await playerBundleLine();

const pageDir = path.join(folder, 'page');
await build({
  configFile: false,
  logLevel: 'warn',
  root: path.join(playerDir, 'bench'),
  base: '/page/',
  build: {
    outDir: pageDir,
    emptyOutDir: true,
    rollupOptions: { input: path.join(playerDir, 'bench/branch-switch.html') },
  },
});

// ---------------------------------------------------------------------------------------------
// The path: 21 nodes, each but the last offering 2 or 3 options. Every node has its own URLs, so
// no switch is served from the HTTP cache an earlier node of the same item filled.
// ---------------------------------------------------------------------------------------------

/** mulberry32: the same path on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makePath(origin: string): Pick<RunConfig, 'path' | 'options' | 'decisions'> {
  const next = random(42);
  const node = (id: string, item: string): BenchNode => ({
    id,
    masterUrl: `${origin}/media/${id}/${item}/master.m3u8`,
    marker: CLIPS.findIndex(({ name }) => name === item),
  });
  const path = [node('n0', 'a')];
  const options: BenchNode[][] = [];
  for (let index = 1; index <= SWITCHES; index += 1) {
    const current = path.at(-1)!.masterUrl.split('/').at(-2)!;
    const others = CLIPS.map(({ name }) => name).filter((name) => name !== current);
    // Fisher–Yates, then the first 2 or 3.
    for (let i = others.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [others[i], others[j]] = [others[j]!, others[i]!];
    }
    const offered = others
      .slice(0, next() < 0.5 ? 2 : 3)
      .map((item) => node(`n${index}${item}`, item));
    options.push(offered);
    path.push(offered[Math.floor(next() * offered.length)]!);
  }
  const decisions = options.map((_, index) => DECISIONS[index % DECISIONS.length]!);
  return { path, options, decisions };
}

// ---------------------------------------------------------------------------------------------
// Playing it.
// ---------------------------------------------------------------------------------------------

const server = await serveWithLatency(
  [
    {
      // /media/<node>/<item>/<file>: the node part only makes the URL unique.
      prefix: '/media/',
      file: (rest) => {
        const [, item, ...file] = rest.split('/');
        return item ? fileUnder(path.join(folder, 'hls', item), file.join('/')) : null;
      },
      immutable: true,
    },
    { prefix: '/page/', file: (rest) => fileUnder(pageDir, rest), immutable: false },
  ],
  LATENCY_MS,
);
const browser = await launchChromium([AUTOPLAY_ARG]);
const chromiumVersion = browser.version();

async function run(
  approach: Approach,
): Promise<{ config: RunConfig; result: RunResult; requests: number }> {
  // A fresh context each: its own, empty, HTTP cache.
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    await page.goto(`${server.origin}/page/branch-switch.html`);
    const requestsBefore = server.requests();
    const config: RunConfig = {
      approach,
      ...makePath(server.origin),
      choiceLeadSeconds: CHOICE_LEAD_SECONDS,
      decisionSeconds: DECISION_SECONDS,
      markers: CLIPS.map(({ mark }) => mark),
    };
    const result = await page.evaluate(
      (config) =>
        (
          globalThis as unknown as { runBranchSwitch: (c: RunConfig) => Promise<RunResult> }
        ).runBranchSwitch(config),
      config,
    );
    return { config, result, requests: server.requests() - requestsBefore };
  } finally {
    await context.close();
  }
}

const LABELS: Record<Approach, string> = {
  joined: 'player engine: one hls.js, joined playlist',
  naive: 'naive: hls.loadSource(next) on `ended`',
};
const runs = new Map<
  Approach,
  { config: RunConfig; result: RunResult; requests: number; figures: SwitchFigures[] }
>();
try {
  for (const approach of ['joined', 'naive'] as const) {
    const { config, result, requests } = await run(approach);
    const figures = switchFigures(result, config.path, 1 / FRAME_RATE);
    runs.set(approach, { config, result, requests, figures });
  }
} finally {
  await browser.close();
  await server.close();
}

// ---------------------------------------------------------------------------------------------
// Figures.
// ---------------------------------------------------------------------------------------------

const cell = (text: string, width: number) => text.padStart(width);
const pair = (values: number[]) =>
  `${cell(percentile(values, 50).toFixed(0), 6)} ${cell(percentile(values, 90).toFixed(0), 5)}`;

console.log(
  `\n${SWITCHES} switches each, Chromium ${chromiumVersion} headless, ${LATENCY_MS} ms added to every ` +
    `request; switches in turn by the viewer (${CHOICE_LEAD_SECONDS} s before the end), an automatic ` +
    `branch (at node start) and a ${DECISION_SECONDS} s timer's default; ${machineLine()}`,
);
console.log(
  `${''.padEnd(44)} ${cell('gap ms', 12)} ${cell('held ms', 12)} ${cell('stalls', 12)}` +
    `   ${cell('silences at switches', 26)}   ${cell('first', 6)} ${cell('dropped', 8)} ${cell('requests', 9)}`,
);
console.log(
  `${'approach'.padEnd(44)} ${cell('median p90', 12)} ${cell('median p90', 12)} ${cell('median p90', 12)}` +
    `   ${cell('count longest    total', 26)}   ${cell('frame', 6)} ${cell('frames', 8)} ${''.padStart(9)}`,
);
for (const [approach, { result, requests, figures }] of runs) {
  const silences = result.silencesMs;
  const silenceCells =
    `${cell(String(silences.length), 5)} ${cell(`${Math.max(0, ...silences).toFixed(0)} ms`, 9)} ` +
    `${cell(`${silences.reduce((sum, ms) => sum + ms, 0).toFixed(0)} ms`, 10)}`;
  console.log(
    `${LABELS[approach].padEnd(44)} ${pair(figures.map((f) => f.gapMs))} ${pair(figures.map((f) => f.heldMs))} ` +
      `${pair(figures.map((f) => f.stalls))}   ${silenceCells}   ` +
      `${cell(`${result.firstFrameMs.toFixed(0)} ms`, 6)} ${cell(String(result.droppedFrames), 8)} ${cell(String(requests), 9)}`,
  );
  if (result.errors.length > 0) console.log(`    errors: ${result.errors.join('; ')}`);
}
const byDecision = runs.get('joined')!;
const DECISION_LABELS: Record<SwitchDecision, string> = {
  viewer: "  viewer's choice, 1 s before the end",
  auto: '  automatic branch, queued at node start',
  timer: "  timed choice's default, by the countdown",
};
for (const decision of DECISIONS) {
  const figures = byDecision.figures.filter(
    (_, index) => byDecision.config.decisions[index] === decision,
  );
  console.log(
    `${`${DECISION_LABELS[decision]} (${figures.length})`.padEnd(44)} ${pair(figures.map((f) => f.gapMs))} ` +
      `${pair(figures.map((f) => f.heldMs))} ${pair(figures.map((f) => f.stalls))}`,
  );
}
console.log(
  `  each switch (v viewer, a auto, t timer: gap/held ms): ` +
    byDecision.figures
      .map(
        (f, index) =>
          `${byDecision.config.decisions[index]![0]}${f.gapMs.toFixed(0)}/${f.heldMs.toFixed(0)}`,
      )
      .join(' '),
);
console.log(
  `${'targets'.padEnd(44)} ${cell(`≤ ${TARGET_GAP_MS}`, 12)} ${cell('0', 12)} ${cell('0', 12)}` +
    `   ${cell('', 5)} ${cell(`≤ ${TARGET_SILENCE_MS} ms`, 9)}`,
);
console.log(
  [
    `gap: from the last frame of a node to the first frame of the next, frames told apart by ` +
      `their colour mark (one frame: ${(1000 / FRAME_RATE).toFixed(1)} ms)`,
    "held: how much later the next node's pictures come than continuous playback would show them",
    'stalls: `waiting` events around the switch',
    'silences at switches: runs of silence in the sound (the clips carry a steady tone, so any ' +
      'silence is at a switch) from its start to the last node, in 128-sample blocks; the ' +
      "transcoder drops each item's AAC priming (21 ms) where its ffmpeg can",
    "dropped frames: the video element's own count",
  ].join('\n'),
);
const joined = runs.get('joined')!;
const offsets = nodeStartOffsets(joined.result, joined.config.path);
console.log(
  `player engine's nodestart, against the node's first frame (read from its pixels): ` +
    `median ${percentile(offsets, 50).toFixed(0)} ms, from ${Math.min(...offsets).toFixed(0)} to ` +
    `${Math.max(...offsets).toFixed(0)} ms, ${offsets.length} of ${SWITCHES} nodes`,
);
console.log(
  `longest silence at a switch, player engine: ${Math.max(0, ...joined.result.silencesMs).toFixed(1)} ms ` +
    `(${joined.result.silencesMs.length} runs of silence over ${SWITCHES} switches; target ≤ ${TARGET_SILENCE_MS} ms, one AAC frame)`,
);
console.log(`\n${bundleLine}`);
console.log(`\ndone; ${machineLine()}`);
