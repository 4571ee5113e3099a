// Plotline scaled out on one machine, for the scale test (scripts/scale.test.ts) and bench:scale:
// the built server run as API processes (TRANSCODE_WORKERS=0) and transcode workers
// (apps/server/dist/worker.js, what `npm run worker` runs), all on one PostgreSQL database of the
// run's own and one bucket of a local S3-protocol server, each with a DATA_DIR of its own (no disk
// shared), behind a round-robin HTTP proxy as a load balancer would put them. Also the creator's calls the two make through the proxy: tus uploads as the studio sends
// them, the transcode status, and a storyline published.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  CONTENT_TYPE,
  TUS_UPLOAD_PATH,
  type ContentType,
  type MovieContentStatus,
  type MovieContentUploadResult,
} from '@plotline/core';
import { request } from '@playwright/test';
import pg from 'pg';
import { Upload } from 'tus-js-client';
import { runProcess } from '../apps/server/src/adapters/ffmpeg/run-process.ts';
import type { S3Settings } from '../apps/server/src/adapters/s3-blob-store.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { listObjectKeys, startTestS3, type TestS3 } from '../apps/server/src/test/test-s3.ts';
import { createProjectInfo } from '../e2e/support/project-api.ts';
import { addCompanyAdministrator, type BenchUser } from './support.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const WORKER_ENTRY = path.join(ROOT, 'apps/server/dist/worker.js');
/** What worker.ts prints once it takes jobs. */
const WORKER_READY = 'Transcode worker ready';
/** Generous: a start on a loaded two-core machine has taken 45 s. */
const UP_TIMEOUT_MS = 120_000;
/** Lines of a process's output kept to explain its failure. */
const OUTPUT_LINES = 200;

/** Builds the server bundle once (scripts/build.mjs; nothing to do when it is current). */
export async function buildServer(): Promise<void> {
  await runProcess(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), 'server'], {
    timeoutMs: 300_000,
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The pids and command names of a process's children, from Linux's /proc. */
export function childProcesses(pid: number): { pid: number; command: string }[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((task) => {
    let children: string;
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      return [];
    }
    return children
      .split(' ')
      .filter(Boolean)
      .flatMap((child) => {
        try {
          const command = readFileSync(`/proc/${child}/comm`, 'utf8').trim();
          return [{ pid: Number(child), command }];
        } catch {
          return [];
        }
      });
  });
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface ClusterProcess {
  /** `api 1`, `worker 2`: how the output names it. */
  readonly name: string;
  readonly role: 'api' | 'worker';
  /** From 0, among the processes of its role. */
  readonly index: number;
  /** Its own DATA_DIR: scratch space only, the media being in the bucket. */
  readonly dataDir: string;
  /** An API process's own port (the proxy's targets). */
  readonly port: number | null;
  child: ChildProcess;
  /** The exit code or signal once it has exited, else null. */
  exit: string | null;
  exited: Promise<void>;
  output: string[];
}

/** One request as the proxy passed it on: to which API process, and how it ended. */
export interface ProxyRecord {
  method: string;
  url: string;
  port: number;
  /** The tus PATCH's Upload-Offset header. */
  uploadOffset: number | null;
  /** The answer's status; `refused` when the process could not be reached (the next was tried). */
  status: number | 'refused' | 'failed' | null;
}

export interface RoundRobinProxy {
  url: string;
  /** The API ports requests go to in turn; may be changed while it runs. */
  targets: number[];
  log: ProxyRecord[];
  /** Called once a request's connection to its process is open, before its body is sent on. */
  onForward: ((record: ProxyRecord) => void) | null;
  close: () => Promise<void>;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A load balancer in a few lines: each request goes to the next API process in turn, its body and
 * answer streamed. A request is sent to the next process when its own could not be reached, and a
 * bodiless GET or HEAD also when its process failed before answering (as nginx's
 * proxy_next_upstream does); a failed upload request is answered 502, for the client to resume.
 */
export async function startProxy(targets: number[]): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true });
  let turn = 0;
  const proxy: RoundRobinProxy = {
    url: '',
    targets,
    log: [],
    onForward: null,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
  const server = http.createServer((incoming, outgoing) => {
    const first = turn++;
    const forward = (attempt: number) => {
      const port = proxy.targets[(first + attempt) % proxy.targets.length]!;
      const offset = incoming.headers['upload-offset'];
      const record: ProxyRecord = {
        method: incoming.method!,
        url: incoming.url!,
        port,
        uploadOffset: typeof offset === 'string' ? Number(offset) : null,
        status: null,
      };
      proxy.log.push(record);
      let connected = false;
      const upstream = http.request({
        host: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        agent,
      });
      const send = () => {
        connected = true;
        proxy.onForward?.(record);
        incoming.pipe(upstream);
      };
      upstream.once('socket', (socket) => {
        if (socket.connecting) socket.once('connect', send);
        else send();
      });
      upstream.once('response', (answer) => {
        record.status = answer.statusCode!;
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
      });
      upstream.once('error', (error) => {
        const again =
          attempt + 1 < proxy.targets.length &&
          record.status === null &&
          (!connected || IDEMPOTENT.has(incoming.method!));
        record.status = connected ? 'failed' : 'refused';
        if (again) {
          incoming.unpipe(upstream);
          forward(attempt + 1);
        } else if (!outgoing.headersSent) {
          outgoing.writeHead(502, { 'content-type': 'application/json' });
          outgoing.end(JSON.stringify({ message: `The proxy lost the API: ${error.message}` }));
        } else {
          outgoing.destroy();
        }
      });
      outgoing.once('close', () => {
        if (!outgoing.writableFinished) upstream.destroy();
      });
    };
    forward(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

export interface Cluster {
  /** The proxy's address: where every call goes. */
  baseUrl: string;
  proxy: RoundRobinProxy;
  apis: ClusterProcess[];
  workers: ClusterProcess[];
  /** A company administrator, who may upload. */
  user: BenchUser;
  /** The bucket all processes keep the media in. */
  bucket: S3Settings;
  /** Every key of the bucket under `prefix`, sorted. */
  mediaKeys: (prefix: string) => Promise<string[]>;
  /** A query on the cluster's database. */
  query: <Row>(text: string, values?: unknown[]) => Promise<Row[]>;
  /** SIGKILL, as an out-of-memory kill or a lost machine does: no clean-up runs. */
  kill: (process: ClusterProcess) => Promise<void>;
  /** Starts an exited process again (an API process on its port); answers once it is up. */
  restart: (process: ClusterProcess) => Promise<void>;
  /** Stops every process, the proxy, and removes the database and the files. */
  close: () => Promise<void>;
}

async function admin(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Starts `apis` API processes and `workers` workers of the built server (build it first with
 * buildServer) on a database made for the run on the PostgreSQL server of `adminUrl` (one the run
 * may create databases on) and a bucket of a local S3 server, behind a round-robin proxy. A failed
 * start stops what had started.
 */
export async function startCluster(options: {
  name: string;
  adminUrl: string;
  apis: number;
  workers: number;
  /**
   * JOB_HEARTBEAT_SECONDS and JOB_RETRY_DELAY_SECONDS of every process: how soon a killed
   * worker's job is taken up again. Unset, what this run's environment says (by default 30 s each).
   */
  jobRecovery?: { heartbeatSeconds: number; retryDelaySeconds: number };
}): Promise<Cluster> {
  const databaseName = `plotline_${options.name}_${process.pid}_${Date.now()}`;
  const databaseUrl = new URL(options.adminUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const dataDirs = await mkdtemp(path.join(tmpdir(), `plotline-${options.name}-`));
  const processes: ClusterProcess[] = [];
  let s3: TestS3 | undefined;
  let proxy: RoundRobinProxy | undefined;
  let pool: pg.Pool | undefined;

  await admin(options.adminUrl, `CREATE DATABASE ${databaseName}`);
  const close = async () => {
    await Promise.all(processes.map(stop));
    await proxy?.close();
    await pool?.end();
    await admin(options.adminUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await s3?.close();
    await rm(dataDirs, { recursive: true, force: true });
  };

  let common: Record<string, string | undefined> = {};
  const launch = (role: 'api' | 'worker', index: number, port: number | null) => {
    const entry = role === 'api' ? SERVER_ENTRY : WORKER_ENTRY;
    const dataDir = path.join(dataDirs, `${role}-${index + 1}`);
    const env =
      role === 'api'
        ? {
            ...common,
            DATA_DIR: dataDir,
            PORT: String(port),
            HOST: '127.0.0.1',
            TRANSCODE_WORKERS: '0',
            ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
          }
        : { ...common, DATA_DIR: dataDir };
    const child = spawn(process.execPath, [entry], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const launched: ClusterProcess = {
      name: `${role} ${index + 1}`,
      role,
      index,
      dataDir,
      port,
      child,
      exit: null,
      exited: new Promise((resolve) =>
        child.once('close', (code, signal) => {
          launched.exit = signal ?? String(code);
          resolve();
        }),
      ),
      output: [],
    };
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (text: string) => {
        launched.output.push(...text.trimEnd().split('\n'));
        launched.output.splice(0, Math.max(0, launched.output.length - OUTPUT_LINES));
      });
    }
    return launched;
  };

  const up = async (launched: ClusterProcess) => {
    const deadline = performance.now() + UP_TIMEOUT_MS;
    for (;;) {
      if (launched.exit !== null) {
        throw new Error(
          `${launched.name} exited (${launched.exit}):\n${launched.output.join('\n')}`,
        );
      }
      if (launched.role === 'worker') {
        if (launched.output.some((line) => line.includes(WORKER_READY))) return;
      } else {
        const health = await fetch(`http://127.0.0.1:${launched.port}/api/health`).catch(
          () => null,
        );
        if (health?.ok) return;
      }
      if (performance.now() > deadline) {
        throw new Error(`${launched.name} not up in time:\n${launched.output.join('\n')}`);
      }
      await sleep(100);
    }
  };

  try {
    s3 = await startTestS3();
    const bucket = await s3.newBucket();
    common = {
      ...process.env,
      DATABASE_URL: databaseUrl.href,
      LOG_LEVEL: 'warn',
      S3_BUCKET: bucket.bucket,
      S3_ENDPOINT: bucket.endpoint,
      S3_REGION: bucket.region,
      S3_ACCESS_KEY_ID: bucket.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
      S3_FORCE_PATH_STYLE: String(bucket.forcePathStyle),
      // Every process, API ones too: each sets the queue's heartbeat and retry delay as it starts.
      ...(options.jobRecovery && {
        JOB_HEARTBEAT_SECONDS: String(options.jobRecovery.heartbeatSeconds),
        JOB_RETRY_DELAY_SECONDS: String(options.jobRecovery.retryDelaySeconds),
      }),
    };
    // Migrated once here, before the processes (which would wait for each other's migration).
    const setup = await openDatabase({ url: databaseUrl.href, dataDir: null });
    let user: BenchUser;
    try {
      await setup.migrate();
      user = await addCompanyAdministrator(setup.db);
    } finally {
      await setup.close();
    }
    const ports = await Promise.all(Array.from({ length: options.apis }, freePort));
    const apis = ports.map((port, index) => launch('api', index, port));
    const workers = Array.from({ length: options.workers }, (_, index) =>
      launch('worker', index, null),
    );
    processes.push(...apis, ...workers);
    await Promise.all(processes.map(up));
    proxy = await startProxy([...ports]);
    pool = new pg.Pool({ connectionString: databaseUrl.href, max: 2 });
    const queryPool = pool;
    return {
      baseUrl: proxy.url,
      proxy,
      apis,
      workers,
      user,
      bucket,
      mediaKeys: (prefix) => listObjectKeys(bucket, prefix),
      query: async <Row>(text: string, values?: unknown[]) =>
        (await queryPool.query(text, values)).rows as Row[],
      kill: async (target) => {
        target.child.kill('SIGKILL');
        await target.exited;
      },
      restart: async (target) => {
        if (target.exit === null) throw new Error(`${target.name} is still running`);
        const index = processes.indexOf(target);
        const again = launch(target.role, target.index, target.port);
        processes[index] = again;
        const list = target.role === 'api' ? apis : workers;
        list[list.indexOf(target)] = again;
        await up(again);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** SIGTERM, then SIGKILL if it has not stopped within 10 s. */
async function stop(target: ClusterProcess): Promise<void> {
  if (target.exit !== null) return;
  target.child.kill('SIGTERM');
  const timer = setTimeout(() => target.child.kill('SIGKILL'), 10_000);
  await target.exited;
  clearTimeout(timer);
}

export interface StoryItem {
  name: string;
  type: ContentType;
  file: string;
}

/**
 * Six items of a story that forks and goes on: an opening clip, a question with two answers, and
 * a second question after the left answer leading to an ending (clips and bridges alternate).
 */
export const SIX_ITEMS: readonly Omit<StoryItem, 'file'>[] = [
  { name: 'opening.mp4', type: CONTENT_TYPE.clip },
  { name: 'question.mp4', type: CONTENT_TYPE.bridge },
  { name: 'left.mp4', type: CONTENT_TYPE.clip },
  { name: 'right.mp4', type: CONTENT_TYPE.clip },
  { name: 'second-question.mp4', type: CONTENT_TYPE.bridge },
  { name: 'ending.mp4', type: CONTENT_TYPE.clip },
];
/** Each item's parent in the storyline, by name. */
const SIX_ITEM_PARENTS: Record<string, string | null> = {
  'opening.mp4': null,
  'question.mp4': 'opening.mp4',
  'left.mp4': 'question.mp4',
  'right.mp4': 'question.mp4',
  'second-question.mp4': 'left.mp4',
  'ending.mp4': 'second-question.mp4',
};

/** A project with its step 1 done (title, orientation, thumbnails), made through the API. */
export async function createProject(
  baseUrl: string,
  headers: Record<string, string>,
  title: string,
): Promise<number> {
  const api = await request.newContext({ baseURL: baseUrl });
  try {
    return await createProjectInfo(api, headers, title);
  } finally {
    await api.dispose();
  }
}

/**
 * Uploads `item` to project `movieId` with tus as the studio does (apps/web's upload-resumable.ts),
 * in chunks of `chunkSize` bytes, resuming after a failed request (tus-js-client's retries); answers
 * the new content's id.
 */
export async function uploadItem(
  baseUrl: string,
  headers: Record<string, string>,
  movieId: number,
  item: StoryItem,
  chunkSize: number,
): Promise<number> {
  const file = await readFile(item.file);
  return new Promise<number>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${baseUrl}${TUS_UPLOAD_PATH}`,
      headers,
      metadata: {
        filename: item.name,
        movieId: String(movieId),
        type: String(item.type),
        view_mode: 'horizontal',
      },
      chunkSize,
      retryDelays: [0, 250, 500, 1000, 2000],
      storeFingerprintForResuming: false,
      onSuccess: ({ lastResponse }) => {
        const body = JSON.parse(lastResponse.getBody() ?? '{}') as {
          data?: MovieContentUploadResult;
        };
        const id = body.data?.files[0]?.movie_content_id;
        if (id === undefined) reject(new Error(`${item.name}: ${lastResponse.getBody()}`));
        else resolve(id);
      },
      onError: reject,
    });
    upload.start();
  });
}

/** The transcode status of every item of a project, as the studio polls it. */
export async function movieStatus(
  baseUrl: string,
  headers: Record<string, string>,
  movieId: number,
): Promise<MovieContentStatus[]> {
  const response = await fetch(`${baseUrl}/api/transcoder/movie-status/${movieId}`, { headers });
  if (!response.ok) throw new Error(`movie status: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: MovieContentStatus[] }).data;
}

/**
 * Polls the project's status every `intervalMs` until all `count` items are ready (fails on a
 * failed one, or after `timeoutMs`); `onReady` hears each item the first time it is seen ready.
 */
export async function waitUntilReady(
  baseUrl: string,
  headers: Record<string, string>,
  movieId: number,
  {
    count,
    timeoutMs,
    intervalMs = 250,
    onReady,
  }: {
    count: number;
    timeoutMs: number;
    intervalMs?: number;
    onReady?: (id: number) => void;
  },
): Promise<MovieContentStatus[]> {
  const deadline = performance.now() + timeoutMs;
  const seen = new Set<number>();
  for (;;) {
    const items = await movieStatus(baseUrl, headers, movieId);
    const failed = items.find((item) => item.status === 'failed');
    if (failed) throw new Error(`${failed.file_name} failed: ${failed.transcoder_log}`);
    for (const item of items) {
      if (item.status === 'ready' && !seen.has(item.movie_content_id)) {
        seen.add(item.movie_content_id);
        onReady?.(item.movie_content_id);
      }
    }
    if (items.length === count && seen.size === count) return items;
    if (performance.now() > deadline) {
      throw new Error(
        `not ready in ${timeoutMs / 1000} s: ${items.map((item) => `${item.file_name} ${item.status}`).join(', ')}`,
      );
    }
    await sleep(intervalMs);
  }
}

async function post(baseUrl: string, headers: Record<string, string>, call: string, data: object) {
  const response = await fetch(`${baseUrl}${call}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(data),
  });
  if (!response.ok) throw new Error(`${call} refused: ${response.status} ${await response.text()}`);
}

/**
 * Saves the storyline of SIX_ITEMS (`ids` by item name), gives the project the address `slug`
 * (on the mobile app's channel too) and publishes it.
 */
export async function publishSixItemStory(
  baseUrl: string,
  headers: Record<string, string>,
  movieId: number,
  ids: ReadonlyMap<string, number>,
  slug: string,
): Promise<void> {
  const plotIds = new Map(SIX_ITEMS.map(({ name }, index) => [name, -(index + 1)]));
  await post(baseUrl, headers, '/api/movie-plot', {
    movie_id: movieId,
    version: 0,
    plots: SIX_ITEMS.map(({ name }) => {
      const parent = SIX_ITEM_PARENTS[name];
      return {
        movie_plot_id: plotIds.get(name),
        movie_content_id: ids.get(name),
        parent_id: parent ? plotIds.get(parent) : null,
        locked: '0',
      };
    }),
  });
  await post(baseUrl, headers, '/api/movie', { movieId, slug, app_channel_on: 1 });
  await post(baseUrl, headers, `/api/movie/${movieId}/publish`, {});
}
