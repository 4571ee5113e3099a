// Prints what more processes buy on this machine, with the scale test's processes (bench/cluster.ts:
// the built server on a PostgreSQL database of the run's own and a bucket of a local S3 server,
// behind a round-robin proxy): (1) 50 viewers at once reading a published story's player data, the
//     mobile app's feed and a creator's project list, through 1 and 2 API processes in turn: p50
//     and p95 of each call and the calls answered per second; (2) 12 clips uploaded with tus and transcoded, with 1 and then 2
//     workers beside one API process: the wall time from the first upload to the last item ready,
//     and each clip's from its upload to ready. Asserts nothing.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale
// (a PostgreSQL server the run may create a database on; DATABASE_URL works too).
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { CONTENT_TYPE, VIEWER_TOKEN_HEADER } from '@plotline/core';
import { resolveFfmpeg } from '../apps/server/src/adapters/ffmpeg/resolve-ffmpeg.ts';
import { testClip } from '../apps/server/src/test/media-fixtures.ts';
import type { TestClipSpec } from '../apps/server/src/test/test-media.ts';
import {
  buildServer,
  createProject,
  publishSixItemStory,
  SIX_ITEMS,
  startCluster,
  uploadItem,
  waitUntilReady,
  type StoryItem,
} from './cluster.ts';
import { machineLine, signIn } from './support.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!adminUrl) {
  throw new Error(
    'bench:scale needs TEST_DATABASE_URL (or DATABASE_URL): a PostgreSQL server it may create a database on',
  );
}

const CLIPS = 12;
const CLIP: TestClipSpec = { width: 640, height: 360, seconds: 6 };
/** What the studio sends per PATCH (apps/web/src/lib/upload-resumable.ts): one PATCH a clip. */
const TUS_CHUNK_BYTES = 8 * 1024 * 1024;
const VIEWERS = 50;
const CALLS_PER_VIEWER = 10;
const ROUNDS = 3;
/** Drafts in the creator's company besides the published story, for the project list. */
const DRAFTS = 200;
const SLUG = 'scale-bench';

const binaries = await resolveFfmpeg({
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
});
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

console.log(`${binaries.ffmpegVersion} (${binaries.ffmpegSource}); ${machineLine()}`);
console.log(
  `building the server; making a ${CLIP.seconds} s ${CLIP.width}×${CLIP.height} clip with sound…`,
);
// One source uploaded as every clip: each transcode costs the same.
const [source] = await Promise.all([testClip(CLIP, { binaries }), buildServer()]);
const clips: StoryItem[] = Array.from({ length: CLIPS }, (_, index) => ({
  name: `clip-${index + 1}.mp4`,
  type: CONTENT_TYPE.clip,
  file: source,
}));

// (1) Reads under 50 viewers at once, with 1 and 2 API processes.
const cluster = await startCluster({ name: 'scale_bench', adminUrl, apis: 2, workers: 2 });
const readRows: string[] = [];
try {
  const headers = await signIn(cluster.baseUrl, cluster.user);
  const movieId = await createProject(cluster.baseUrl, headers, 'Scale bench story');
  const ids = new Map<string, number>();
  for (const item of SIX_ITEMS) {
    ids.set(
      item.name,
      await uploadItem(
        cluster.baseUrl,
        headers,
        movieId,
        { ...item, file: source },
        TUS_CHUNK_BYTES,
      ),
    );
  }
  await waitUntilReady(cluster.baseUrl, headers, movieId, { count: 6, timeoutMs: 10 * 60_000 });
  await publishSixItemStory(cluster.baseUrl, headers, movieId, ids, SLUG);
  for (let index = 0; index < DRAFTS; index++) {
    const response = await fetch(`${cluster.baseUrl}/api/movie`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 1,
        title: `Draft ${index + 1}`,
        view_mode: 'horizontal',
        tags: [],
      }),
    });
    if (!response.ok) throw new Error(`draft: ${response.status} ${await response.text()}`);
  }
  // The mobile app's channel needs its operator, a platform company.
  await cluster.query(`insert into companies (name, type) values ('App operator', 'platform')`);
  const viewerTokens: string[] = [];
  for (let index = 0; index < VIEWERS; index++) {
    const response = await fetch(`${cluster.baseUrl}/api/app/v1/viewer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'android', language: 'en' }),
    });
    if (response.status !== 201)
      throw new Error(`viewer: ${response.status} ${await response.text()}`);
    viewerTokens.push(((await response.json()) as { data: { token: string } }).data.token);
  }

  const calls: [string, string, (viewer: number) => Record<string, string>][] = [
    [`GET /api/watch/{slug} (6 items)`, `/api/watch/${SLUG}`, () => ({})],
    [
      'GET /api/app/v1/feed',
      '/api/app/v1/feed',
      (viewer) => ({ [VIEWER_TOKEN_HEADER]: viewerTokens[viewer]! }),
    ],
    [`GET /api/movie (${DRAFTS + 1} projects)`, '/api/movie', () => headers],
  ];
  /** Every viewer makes `calls` calls one after another, all viewers at once. */
  const load = async (
    url: string,
    headersOf: (viewer: number) => Record<string, string>,
    calls: number,
  ) => {
    const times: number[] = [];
    const start = performance.now();
    await Promise.all(
      Array.from({ length: VIEWERS }, async (_, viewer) => {
        for (let call = 0; call < calls; call++) {
          const sent = performance.now();
          const response = await fetch(`${cluster.baseUrl}${url}`, {
            headers: headersOf(viewer),
          });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
          times.push(performance.now() - sent);
        }
      }),
    );
    return { times, elapsed: performance.now() - start };
  };
  const ports = cluster.apis.map((api) => api.port!);
  const configs = [1, 2];
  // The two set-ups take turns, round after round, so a change in the machine's load (other
  // work on it) weighs on both alike.
  const samples = calls.map(() => configs.map(() => ({ times: [] as number[], elapsed: 0 })));
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [callIndex, [, url, headersOf]] of calls.entries()) {
      for (const [configIndex, apis] of configs.entries()) {
        cluster.proxy.targets = ports.slice(0, apis);
        // Round 0 warms up: connections, caches, the JIT.
        const { times, elapsed } = await load(url, headersOf, round === 0 ? 2 : CALLS_PER_VIEWER);
        if (round === 0) continue;
        const sample = samples[callIndex]![configIndex]!;
        sample.times.push(...times);
        sample.elapsed += elapsed;
      }
    }
    if (round > 0) console.log(`  reads: round ${round} of ${ROUNDS} done`);
  }
  for (const [callIndex, [label]] of calls.entries()) {
    const cells = samples[callIndex]!.map(({ times, elapsed }) => {
      times.sort((a, b) => a - b);
      return `${quantile(times, 0.5).toFixed(1).padStart(6)} / ${quantile(times, 0.95).toFixed(1).padStart(6)} ms, ${(times.length / (elapsed / 1000)).toFixed(0).padStart(4)}/s`;
    });
    readRows.push(`${label.padEnd(34)}| ${cells.join(' | ')}`);
  }
} finally {
  await cluster.close();
}

// (2) Transcoding with 1 and 2 workers.
const transcodeRows: string[] = [];
for (const workers of [1, 2]) {
  const cluster = await startCluster({ name: 'scale_bench', adminUrl, apis: 1, workers });
  try {
    const headers = await signIn(cluster.baseUrl, cluster.user);
    const movieId = await createProject(cluster.baseUrl, headers, `${workers} workers`);
    const uploadedAt = new Map<number, number>();
    const readyAt = new Map<number, number>();
    const start = performance.now();
    for (const clip of clips) {
      const id = await uploadItem(cluster.baseUrl, headers, movieId, clip, TUS_CHUNK_BYTES);
      uploadedAt.set(id, performance.now());
    }
    const uploaded = performance.now() - start;
    await waitUntilReady(cluster.baseUrl, headers, movieId, {
      count: CLIPS,
      timeoutMs: 20 * 60_000,
      intervalMs: 100,
      onReady: (id) => readyAt.set(id, performance.now()),
    });
    const wall = performance.now() - start;
    const perClip = [...readyAt].map(([id, at]) => at - uploadedAt.get(id)!).sort((a, b) => a - b);
    transcodeRows.push(
      `${String(workers).padEnd(8)}| ${seconds(uploaded).padStart(8)} | ${seconds(wall).padStart(9)} | ` +
        `${seconds(wall / CLIPS).padStart(10)} | ${seconds(quantile(perClip, 0.5)).padStart(18)} | ${seconds(perClip.at(-1)!).padStart(8)}`,
    );
    console.log(`  ${workers} worker${workers > 1 ? 's' : ''}: done`);
  } finally {
    await cluster.close();
  }
}

console.log(
  `\n${VIEWERS} viewers at once, ${CALLS_PER_VIEWER} calls each one after another, ${ROUNDS} rounds, through the proxy (p50 / p95, calls answered per second):`,
);
console.log(`${'call'.padEnd(34)}| ${'1 API process'.padEnd(27)} | 2 API processes`);
for (const row of readRows) console.log(row);
console.log(
  `\n${CLIPS} clips (${CLIP.seconds} s, ${CLIP.width}×${CLIP.height}, with sound) uploaded with tus one after another through the proxy to 1 API process, then transcoded:`,
);
console.log('workers | uploaded | all ready | wall/clip  | upload→ready median | slowest');
for (const row of transcodeRows) console.log(row);
console.log(
  `\nThis machine has ${cpus().length} cores, shared by PostgreSQL, the API processes, the workers' ffmpeg, the proxy and this bench's clients; ${machineLine()}`,
);
