// Plotline scaled out: the built server as two API processes (TRANSCODE_WORKERS=0) and two
// transcode workers on one PostgreSQL database of the test's own and one media store, behind a
// round-robin proxy (bench/cluster.ts). Through the proxy a creator uploads six clips with tus and
// publishes them as a story, while one worker is killed mid-job (SIGKILL: its job must be taken up
// by the other worker and done once) and one API process is killed mid-upload and started again
// (the upload must resume through the other process). Then nothing may be lost or done twice: six
// items, six jobs each completed once, one rendition folder each, no scratch left, and the
// published story's player data lists them all and their files are served.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:scale
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { TUS_UPLOAD_PATH, type WatchData } from '@plotline/core';
import { resolveFfmpeg } from '../apps/server/src/adapters/ffmpeg/resolve-ffmpeg.ts';
import { testClip } from '../apps/server/src/test/media-fixtures.ts';
import {
  buildServer,
  childProcesses,
  createProject,
  isRunning,
  publishSixItemStory,
  SIX_ITEMS,
  startCluster,
  uploadItem,
  waitUntilReady,
  type Cluster,
  type ClusterProcess,
  type ProxyRecord,
  type StoryItem,
} from '../bench/cluster.ts';
import { signIn } from '../bench/support.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
/** Small enough that each clip's upload takes several requests, so one can be cut mid-upload. */
const CHUNK_BYTES = 64 * 1024;
/** The upload during which an API process is killed (the worker is killed before, mid-job). */
const API_KILL_UPLOAD = 3;
/**
 * How soon the other worker takes a killed worker's job: its heartbeat goes stale (at most 10 s
 * after the kill, the lowest pg-boss allows), the queue's check notices it (every 5 s, half the
 * heartbeat), and the first retry waits 1 to 2 s (pg-boss's backoff). The defaults, 30 s each,
 * would make that 75 to 105 s.
 */
const JOB_RECOVERY = { heartbeatSeconds: 10, retryDelaySeconds: 1 };
/**
 * At most 17 s of that (all six were ready 14 s after the kill on this 2-core machine), the
 * clips the surviving worker transcodes meanwhile and after, and room for a loaded machine.
 */
const READY_TIMEOUT_MS = 90_000;
const SLUG = 'scale-out-story';

let cluster: Cluster | undefined;
let items: StoryItem[];

/**
 * The files in a process's scratch space (DATA_DIR/work), but for the packaged ffmpeg's copy,
 * which stays.
 */
async function scratchFiles(owner: ClusterProcess): Promise<string[]> {
  const work = path.join(owner.dataDir, 'work');
  const entries = await readdir(work, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(work, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`ffmpeg${path.sep}`));
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

before(async () => {
  assert.ok(
    adminUrl,
    'TEST_DATABASE_URL must name a PostgreSQL server the test can create a database on',
  );
  const binaries = await resolveFfmpeg({
    ffmpegPath: process.env.FFMPEG_PATH,
    ffprobePath: process.env.FFPROBE_PATH,
  });
  // 2 to 4 s each, so the jobs differ in length; shared media fixtures, only read.
  const [clips] = await Promise.all([
    Promise.all(
      SIX_ITEMS.map((_, index) =>
        testClip({ width: 320, height: 180, seconds: 2 + (index % 3) }, { binaries }),
      ),
    ),
    buildServer(),
  ]);
  items = SIX_ITEMS.map((item, index) => ({ ...item, file: clips[index]! }));
});

after(async () => {
  await cluster?.close();
});

/** What a worker killed mid-job was doing, and the items' states at that moment. */
interface WorkerKill {
  worker: ClusterProcess;
  ffmpegPid: number;
  statuses: Map<number, string>;
  /** When, on performance.now()'s clock. */
  at: number;
}

/** Transcodes start a second or so after their upload: one is under way well within this. */
const WORKER_KILL_WITHIN_MS = 60_000;

/**
 * Waits until a worker runs ffmpeg (a transcode under way), then kills that worker with SIGKILL
 * and notes what every item's state was.
 */
async function killWorkerMidJob(target: Cluster): Promise<WorkerKill> {
  const deadline = performance.now() + WORKER_KILL_WITHIN_MS;
  while (performance.now() < deadline) {
    for (const worker of target.workers) {
      const ffmpeg = childProcesses(worker.child.pid!).find(({ command }) => command === 'ffmpeg');
      if (!ffmpeg) continue;
      await target.kill(worker);
      const at = performance.now();
      const rows = await target.query<{ id: number; status: string }>(
        'select id, status from movie_contents',
      );
      return {
        worker,
        ffmpegPid: ffmpeg.pid,
        statuses: new Map(rows.map((row) => [row.id, row.status])),
        at,
      };
    }
    await sleep(20);
  }
  throw new Error(
    `no worker ran ffmpeg within ${WORKER_KILL_WITHIN_MS / 1000} s of the uploads' start`,
  );
}

test(
  'two API processes and two workers behind a proxy: a worker and an API process killed mid-way, nothing lost or done twice',
  { timeout: 5 * 60_000 },
  async (t) => {
    const started = performance.now();
    const live = await startCluster({
      name: 'scale',
      adminUrl: adminUrl!,
      apis: 2,
      workers: 2,
      jobRecovery: JOB_RECOVERY,
    });
    cluster = live;
    const [apiA, apiB] = live.apis as [ClusterProcess, ClusterProcess];
    t.diagnostic(`2 API processes and 2 workers up behind the proxy in ${seconds(started)}`);

    const headers = await signIn(live.baseUrl, live.user);
    const movieId = await createProject(live.baseUrl, headers, 'Scaled out');

    const workerKill = killWorkerMidJob(live);
    // Awaited after the uploads; until then a failure must not go unhandled.
    workerKill.catch(() => {});

    // The API process is killed as the proxy hands it a PATCH of an upload under way: that
    // request dies with it, and the upload must go on through the other process.
    let cut: ProxyRecord | undefined;
    let restarting: Promise<void> | undefined;
    const ids = new Map<string, number>();
    const uploadsStarted = performance.now();
    for (const [index, item] of items.entries()) {
      if (index === API_KILL_UPLOAD) {
        live.proxy.onForward = (record) => {
          if (record.method !== 'PATCH' || !record.uploadOffset || record.port !== apiA.port) {
            return;
          }
          live.proxy.onForward = null;
          cut = record;
          restarting = live.kill(apiA).then(() => live.restart(apiA));
        };
      }
      ids.set(item.name, await uploadItem(live.baseUrl, headers, movieId, item, CHUNK_BYTES));
    }
    t.diagnostic(`6 clips uploaded with tus in ${seconds(uploadsStarted)}`);

    assert.ok(cut, `no PATCH of upload ${API_KILL_UPLOAD + 1} went to ${apiA.name}`);
    await restarting;
    const resumed = live.proxy.log
      .slice(live.proxy.log.indexOf(cut) + 1)
      .filter((record) => record.url === cut!.url);
    assert.equal(cut.status, 'failed', 'the PATCH the kill cut should have failed');
    assert.ok(
      resumed.some((record) => record.method === 'HEAD' && record.status === 200),
      `the client should have asked for the offset again: ${JSON.stringify(resumed)}`,
    );
    // Those the proxy could not deliver to the killed process went to the other, logged apart.
    const patches = resumed.filter(
      (record) => record.method === 'PATCH' && record.status !== 'refused',
    );
    assert.ok(patches.length > 0 && patches.every((record) => record.status !== 'failed'));
    assert.ok(patches[0]!.uploadOffset! >= cut.uploadOffset!, 'the upload began again');
    assert.equal(patches.at(-1)!.status, 200, 'the resumed upload should have finished');
    const creations = live.proxy.log.filter(
      (record) =>
        record.method === 'POST' && record.url === TUS_UPLOAD_PATH && record.status !== 'refused',
    );
    assert.equal(creations.length, items.length, 'an upload was begun more than once');
    t.diagnostic(
      `${apiA.name} killed as it got the PATCH at byte ${cut.uploadOffset} of ${items[API_KILL_UPLOAD]!.name}; ` +
        `resumed at byte ${patches[0]!.uploadOffset} through ${patches[0]!.port === apiB.port ? apiB.name : `${apiA.name} restarted`} ` +
        `and finished; ${apiA.name} up again`,
    );

    const kill = await workerKill;
    await sleep(1000);
    assert.equal(isRunning(kill.ffmpegPid), false, "the killed worker's ffmpeg should die with it");
    const [survivor] = live.workers.filter((worker) => worker !== kill.worker);
    t.diagnostic(`${kill.worker.name} killed with its ffmpeg mid-job; ${survivor!.name} goes on`);

    const ready = await waitUntilReady(live.baseUrl, headers, movieId, {
      count: items.length,
      timeoutMs: READY_TIMEOUT_MS,
    });
    t.diagnostic(`all 6 ready ${seconds(kill.at)} after the worker's kill`);

    // Each item stored once and transcoded by one completed job, in its first attempt.
    const contents = await live.query<{
      id: number;
      status: string;
      attempt: number;
      hls_key: string;
      thumbnail_key: string;
      source_key: string;
    }>(
      'select id, status, attempt, hls_key, thumbnail_key, source_key from movie_contents order by id',
    );
    assert.deepEqual(
      contents.map((row) => row.id),
      [...ids.values()].sort((a, b) => a - b),
    );
    assert.deepEqual(
      ready.map((item) => item.movie_content_id).sort((a, b) => a - b),
      contents.map((row) => row.id),
    );
    for (const row of contents) {
      assert.equal(row.status, 'ready');
      assert.equal(row.attempt, 1);
    }
    const jobs = await live.query<{ content: number; state: string; retry_count: number }>(
      `select (data->>'movieContentId')::int as content, state, retry_count
         from pgboss.job where name = 'media' order by content`,
    );
    assert.deepEqual(
      jobs.map((job) => [job.content, job.state]),
      contents.map((row) => [row.id, 'completed']),
      'one job per item, each completed',
    );
    const retried = jobs.filter((job) => job.retry_count > 0);
    assert.equal(
      retried.length,
      1,
      `one job should have been taken up again: ${JSON.stringify(jobs)}`,
    );
    assert.equal(retried[0]!.retry_count, 1);
    assert.notEqual(
      kill.statuses.get(retried[0]!.content),
      'ready',
      "the job taken up again should have been the killed worker's, unfinished",
    );

    // In the bucket: one rendition folder per item (a killed run leaves none behind), the six
    // sources, no upload left unfinished.
    const renditionFolders = new Set(
      (await live.mediaKeys('hls/')).map((key) => key.split('/')[1]),
    );
    assert.deepEqual(
      [...renditionFolders].sort(),
      contents.map((row) => row.hls_key.split('/')[1]).sort(),
      'rendition folders other than the items',
    );
    for (const row of contents) {
      assert.equal(path.dirname(row.thumbnail_key), path.dirname(row.hls_key));
    }
    assert.deepEqual(
      await live.mediaKeys('sources/'),
      contents.map((row) => row.source_key).sort(),
    );
    assert.deepEqual(await live.mediaKeys('tus/'), [], 'unfinished uploads left');

    // Scratch space: none left by the processes that ran, and what the killed worker left is
    // removed when it starts again.
    for (const running of [...live.apis, ...live.workers]) {
      if (running.exit !== null) continue;
      assert.deepEqual(await scratchFiles(running), [], `${running.name} left scratch files`);
    }
    const leftByKill = await scratchFiles(kill.worker);
    assert.ok(leftByKill.length > 0, 'the killed worker left no scratch: was it mid-job?');
    await live.restart(kill.worker);
    assert.deepEqual(await scratchFiles(kill.worker), [], 'the restarted worker kept them');
    t.diagnostic(
      `bucket: ${renditionFolders.size} rendition folders, 6 sources, no upload left; ` +
        `${kill.worker.name} restarted, what its kill left in its scratch removed (${leftByKill.join(', ')})`,
    );

    await publishSixItemStory(live.baseUrl, headers, movieId, ids, SLUG);
    const watch = await fetch(`${live.baseUrl}/api/watch/${SLUG}`);
    assert.equal(watch.status, 200, await watch.clone().text());
    const { data } = (await watch.json()) as { data: WatchData };
    assert.deepEqual(
      data.items.map((item) => item.movie_content_id).sort((a, b) => a - b),
      contents.map((row) => row.id),
    );
    assert.equal(data.plot.length, items.length);
    let files = 0;
    const served = async (url: string) => {
      const response = await fetch(new URL(url, live.baseUrl));
      assert.equal(response.status, 200, `${url}: ${response.status}`);
      files += 1;
      return response;
    };
    for (const item of data.items) {
      assert.ok(item.poster);
      await served(item.poster);
      const master = await (await served(item.hls_url)).text();
      for (const variant of master.split('\n').filter((line) => line && !line.startsWith('#'))) {
        const variantUrl = new URL(variant, new URL(item.hls_url, live.baseUrl)).href;
        const playlist = await (await served(variantUrl)).text();
        const segment = playlist.split('\n').find((line) => line && !line.startsWith('#'));
        assert.ok(segment, `${variantUrl} lists no segment`);
        assert.ok(
          (await (await served(new URL(segment, variantUrl).href)).arrayBuffer()).byteLength,
        );
      }
    }
    t.diagnostic(`published; /api/watch/${SLUG} lists the 6 items, ${files} of their files served`);

    // Both API processes served after the restart, through the proxy.
    const afterRestart = live.proxy.log.slice(live.proxy.log.indexOf(cut) + 1);
    for (const api of live.apis) {
      assert.ok(
        afterRestart.some((record) => record.port === api.port && record.status === 200),
        `${api.name} served nothing after the restart`,
      );
    }
    const refused = live.proxy.log.filter((record) => record.status === 'refused').length;
    t.diagnostic(
      `${live.proxy.log.length} requests through the proxy, ${refused} sent on to the other process while ${apiA.name} was down; all in ${seconds(started)}`,
    );
  },
);
