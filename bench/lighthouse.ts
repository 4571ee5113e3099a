// Prints Lighthouse's scores for the studio's sign-in page (/login) and a published story's player
// (/watch/{slug}): the real server (buildApp on an in-memory PGlite, a local blob store, one
// transcode worker) on loopback, serving the built studio and player as server.ts does, and
// Debian's Chromium, headless with the journeys' flags, launched by chrome-launcher (a fresh
// profile, as Lighthouse documents it) for Lighthouse to drive.
// Setup, through the API as the studio does it (publishForkStory): a company administrator, a
// project with four 1280×720 clips of 4 s with sound, transcoded, its storyline, an address, published.
// Then, per page and per form factor (Lighthouse's mobile preset: a mid-range phone on slow 4G with
// a 4× slower CPU, simulated; its desktop preset), RUNS runs, each with the origin's cache and
// storage cleared (a first visit). Per page and form factor, the median of: the performance,
// accessibility and best-practices scores; first contentful paint and largest contentful paint (as
// Lighthouse simulates them); the JavaScript moved (bytes on the wire, and the number of files).
// Below them, each audit that did not pass in some run. Targets (issue 16): performance ≥ 90 on an
// idle machine, accessibility and best practices 100. Asserts nothing: on a busy machine
// performance falls, so the load average is printed beside each figure.
// Run: npm run bench:lighthouse (builds the studio and the player first), or npx tsx
// bench/lighthouse.ts against the existing build; RUNS=n changes the number of runs. Uses
// /usr/bin/chromium; FFMPEG_PATH and FFPROBE_PATH choose ffmpeg.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result, type RunnerResult } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/support/chromium.ts';
import { percentile } from './branch-switch-metrics.ts';
import { machineLine, publishForkStory, signIn, startBenchServer } from './support.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const SLUG = 'the-lighthouse-story';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const WEB_ROOT = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const PLAYER_ROOT = fileURLToPath(new URL('../apps/player/dist', import.meta.url));

for (const root of [WEB_ROOT, PLAYER_ROOT]) {
  if (!existsSync(path.join(root, 'index.html'))) {
    console.error(
      `${root} has no index.html: run npm run build, or npm run bench:lighthouse, which builds first.`,
    );
    process.exit(1);
  }
}

const FORM_FACTORS: { name: string; config: Config | undefined }[] = [
  // Lighthouse's default configuration is its mobile preset.
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  scriptBytes: number;
  scriptFiles: number;
  /** The audits of the three categories that did not pass, by title. */
  failed: string[];
}

interface ResourceSummaryItem {
  resourceType: string;
  transferSize: number;
  requestCount: number;
}

function readRun(lhr: Result): Run {
  const scripts = (
    lhr.audits['resource-summary']?.details as { items: ResourceSummaryItem[] } | undefined
  )?.items.find((item) => item.resourceType === 'script');
  const failed = CATEGORIES.flatMap((category) =>
    lhr.categories[category]!.auditRefs.map((ref) => lhr.audits[ref.id]!).filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        (audit.scoreDisplayMode === 'binary' || category !== 'performance'),
    ),
  ).map((audit) => `${audit.id} (${audit.title})`);
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [category, Math.round(lhr.categories[category]!.score! * 100)]),
    ) as Run['scores'],
    firstContentfulPaint: lhr.audits['first-contentful-paint']!.numericValue!,
    largestContentfulPaint: lhr.audits['largest-contentful-paint']!.numericValue!,
    scriptBytes: scripts?.transferSize ?? 0,
    scriptFiles: scripts?.requestCount ?? 0,
    failed: [...new Set(failed)],
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * One Lighthouse run. A run whose trace came out unusable (Lighthouse's NO_NAVSTART and the like,
 * which a loaded machine brings about) is run again, once.
 */
async function audit(
  url: string,
  port: number,
  { name, config }: (typeof FORM_FACTORS)[number],
): Promise<Result> {
  let result: RunnerResult | undefined;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    result = await lighthouse(
      url,
      { port, logLevel: 'error', onlyCategories: [...CATEGORIES] },
      config,
    );
    if (result && !result.lhr.runtimeError) return result.lhr;
    console.log(
      `  (a ${name} run of ${url} failed: ${result?.lhr.runtimeError?.code ?? 'no result'}; again)`,
    );
  }
  throw new Error(`Lighthouse failed on ${url}: ${result?.lhr.runtimeError?.message}`);
}

const server = await startBenchServer({
  name: 'lighthouse',
  webRoot: WEB_ROOT,
  playerRoot: PLAYER_ROOT,
});
const chromeFlags = [...CHROMIUM_ARGS, '--headless=new'];
const chrome = await launch({ chromePath: CHROMIUM_EXECUTABLE, chromeFlags }).catch(
  async (error: unknown) => {
    await server.close();
    throw error;
  },
);
try {
  const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
    Browser: string;
  };
  console.log(`${version.Browser} (${chromeFlags.join(' ')}); ${machineLine()}`);
  const transcoded = await publishForkStory(server, await signIn(server.baseUrl, server.user), {
    title: 'The lighthouse story',
    slug: SLUG,
    clip: { width: 1280, height: 720, seconds: 4 },
  });
  console.log(
    `Story published at /watch/${SLUG} (four 1280×720 items of 4 s, uploaded and transcoded in ` +
      `${transcoded.toFixed(1)} s)`,
  );

  for (const pathname of ['/login', `/watch/${SLUG}`]) {
    for (const formFactor of FORM_FACTORS) {
      const runs: Run[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        runs.push(readRun(await audit(server.baseUrl + pathname, chrome.port, formFactor)));
      }
      const median = (pick: (run: Run) => number) => percentile(runs.map(pick), 50);
      console.log(
        `\n${pathname}, ${formFactor.name}, median of ${runs.length} runs; ${machineLine()}\n` +
          `  scores: performance ${median((run) => run.scores.performance)}, accessibility ` +
          `${median((run) => run.scores.accessibility)}, best practices ` +
          `${median((run) => run.scores['best-practices'])} (each run: ` +
          `${runs.map((run) => CATEGORIES.map((category) => run.scores[category]).join('/')).join(', ')})\n` +
          `  first contentful paint ${seconds(median((run) => run.firstContentfulPaint))}, largest ` +
          `contentful paint ${seconds(median((run) => run.largestContentfulPaint))}\n` +
          `  JavaScript on the wire ${kilobytes(median((run) => run.scriptBytes))} in ` +
          `${median((run) => run.scriptFiles)} files`,
      );
      const failed = [...new Set(runs.flatMap((run) => run.failed))];
      if (failed.length > 0) console.log(`  not passed: ${failed.join('; ')}`);
    }
  }
  console.log(`\ndone; ${machineLine()}`);
} finally {
  chrome.kill();
  await server.close();
}
