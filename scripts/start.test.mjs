// `npm start` and two `npm run worker` launched together from one checkout (the second worker a
// little later on each run), five times, each time after an input of the server's build changed:
// all must come up (the API answers /api/health, the workers say they are ready), the server must
// be built once between them (the others wait for that build and use it), and the studio and
// player, unchanged, must not be built again. Runs on a copy of the checkout, whose node_modules
// links to this one's, so the copy's sources can change; they all share a PostgreSQL database of
// the test's own, as in the README's scale-out.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:start
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, cp, mkdir, mkdtemp, readdir, readlink, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 5;
/** A cold start builds the studio, the player and the server on a machine shared with others. */
const UP_TIMEOUT_MS = 5 * 60_000;
const WORKER_READY = 'Transcode worker ready';
/**
 * The second worker starts this much later on each run than on the one before (0 ms on the first),
 * so the runs try different overlaps of one process's build with another's start: before builds
 * were kept apart, a worker 0.9 s behind another removed the folder the first was loading.
 */
const SECOND_WORKER_DELAY_MS = 300;

const adminUrl = process.env.TEST_DATABASE_URL;
const pg = createRequire(path.join(ROOT, 'apps/server/package.json'))('pg');

let copy;
let database;
const running = new Set();

/** Copies what the builds and the server read: sources and configs, not installs nor builds. */
async function copyCheckout(to) {
  for (const entry of ['package.json', 'package-lock.json', 'tsconfig.base.json']) {
    await cp(path.join(ROOT, entry), path.join(to, entry));
  }
  for (const folder of ['scripts', 'packages', 'apps']) {
    await cp(path.join(ROOT, folder), path.join(to, folder), {
      recursive: true,
      filter: (source) => {
        const name = path.basename(source);
        const appLevel = path.dirname(path.dirname(source)) === path.join(ROOT, 'apps');
        return name !== 'node_modules' && !(appLevel && /^dist(\.|$)/.test(name));
      },
    });
  }
}

/**
 * Gives the copy this checkout's installed packages by links, except the workspace links (npm's
 * relative symlinks, under `@plotline/`), which are made again so they point into the copy.
 */
async function linkNodeModules(from, to) {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isSymbolicLink()) await symlink(await readlink(source), target);
    else if (entry.name.startsWith('@')) await linkNodeModules(source, target);
    else await symlink(source, target);
  }
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Starts an npm script in the copy in a process group of its own, so stopping it stops all. */
function launch(script, env) {
  const child = spawn('npm', ['run', script], {
    cwd: copy,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { script, child, output: '', exit: null };
  run.exited = new Promise((resolve) =>
    child.on('close', (code, signal) => {
      run.exit = signal ?? code;
      running.delete(run);
      resolve();
    }),
  );
  child.stdout.on('data', (chunk) => (run.output += chunk));
  child.stderr.on('data', (chunk) => (run.output += chunk));
  running.add(run);
  return run;
}

async function stop(run) {
  try {
    process.kill(-run.child.pid, 'SIGTERM');
  } catch (error) {
    // Already gone, with all of its group.
    if (error.code !== 'ESRCH') throw error;
  }
  await run.exited;
}

async function healthy(port) {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** Waits until the API answers and every worker is ready; fails as soon as one of them stops. */
async function allUp(runs, port) {
  const deadline = Date.now() + UP_TIMEOUT_MS;
  const outputs = () => runs.map((run) => `--- npm run ${run.script}\n${run.output}`).join('\n');
  for (;;) {
    for (const run of runs) {
      assert.equal(run.exit, null, `npm run ${run.script} stopped (${run.exit}):\n${outputs()}`);
    }
    const workers = runs.filter((run) => run.script === 'worker');
    if (workers.every((run) => run.output.includes(WORKER_READY)) && (await healthy(port))) return;
    assert.ok(Date.now() < deadline, `not up in time:\n${outputs()}`);
    await setTimeout(200);
  }
}

function count(text, fragment) {
  return text.split(fragment).length - 1;
}

before(async () => {
  assert.ok(
    adminUrl,
    'TEST_DATABASE_URL must name a PostgreSQL server the test can create a database on',
  );
  copy = await mkdtemp(path.join(os.tmpdir(), 'plotline-start-'));
  await copyCheckout(copy);
  await linkNodeModules(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  for (const app of await readdir(path.join(ROOT, 'apps'))) {
    const installed = path.join(ROOT, 'apps', app, 'node_modules');
    if (existsSync(installed))
      await symlink(installed, path.join(copy, 'apps', app, 'node_modules'));
  }
  database = `plotline_start_${process.pid}_${Date.now()}`;
  await admin(`CREATE DATABASE ${database}`);
});

after(async () => {
  await Promise.all([...running].map(stop));
  if (database) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  if (copy) await rm(copy, { recursive: true, force: true });
});

test(
  `npm start and two workers launched together ${RUNS} times, an input changed each time`,
  { timeout: RUNS * UP_TIMEOUT_MS },
  async (t) => {
    const port = await freePort();
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${database}`;
    const env = {
      DATABASE_URL: databaseUrl.href,
      DATA_DIR: path.join(copy, 'data'),
      LOG_LEVEL: 'warn',
    };
    const serverBuild = () => readlink(path.join(copy, 'apps/server/dist')).catch(() => null);

    for (let runNumber = 1; runNumber <= RUNS; runNumber += 1) {
      const previous = await serverBuild();
      if (runNumber > 1) {
        await appendFile(path.join(copy, 'apps/server/src/worker.ts'), `// run ${runNumber}\n`);
      }
      const started = Date.now();
      const server = launch('start', {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        TRANSCODE_WORKERS: '0',
      });
      const workers = [launch('worker', env)];
      await setTimeout(SECOND_WORKER_DELAY_MS * (runNumber - 1));
      workers.push(launch('worker', env));
      const runs = [server, ...workers];
      try {
        await allUp(runs, port);
      } finally {
        await Promise.all(runs.map(stop));
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      t.diagnostic(`run ${runNumber}: all up in ${seconds} s`);

      const all = runs.map((run) => run.output).join('\n');
      assert.doesNotMatch(all, /Cannot find module|ERR_MODULE_NOT_FOUND/);
      assert.equal(count(all, 'build: server: building'), 1, all);
      assert.notEqual(await serverBuild(), previous, 'the server was built again');
      // The studio and the player are the start's alone: built on the first run, current after.
      for (const app of ['web', 'player']) {
        const expected = runNumber === 1 ? `build: ${app}: building` : `build: ${app}: up to date`;
        assert.equal(count(server.output, expected), 1, server.output);
        for (const worker of workers) assert.equal(count(worker.output, `build: ${app}:`), 0);
      }
    }
  },
);
