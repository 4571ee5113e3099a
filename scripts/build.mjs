// Builds the studio (apps/web), the player (apps/player) and the server bundle (apps/server), each
// only when its inputs changed, so that a restart takes seconds, and so that builds and starts
// launched at once from one checkout (the studio and workers beside it) never break each other.
//
//   node scripts/build.mjs [web] [player] [server]      (none named: all three)
//
// Each app's `dist` is a symlink to `dist.<hash>`, a finished build named after the hash of its
// inputs. A build is current when `dist` already points at the hash of the inputs as they are now.
// Otherwise, under the app's lock (`dist.lock`), the build goes to `dist.<hash>.partial`, is renamed
// to `dist.<hash>` when finished, and `dist` is swapped to it by renaming a new symlink over the
// old one (atomic), so a process that opens `dist` finds a whole build, the old or the new, never
// a half-written or removed one. A process that finds the lock taken waits for the build and then
// uses it. The last few builds are kept, for the processes still running from them and for going
// back to earlier inputs (another branch) without building again.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  lstat,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import lockfile from 'proper-lockfile';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Inputs of every build besides its app's folder: the shared core (TypeScript source, compiled by
 * each build), what is installed (the lockfile, and npm's record of the installed tree, which
 * differs from it after a partial or manual install), the shared compiler settings, and this script.
 */
const SHARED_INPUTS = [
  'packages/core',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'tsconfig.base.json',
  'scripts/build.mjs',
];

/** Vite puts `VITE_*` variables into the bundle, and NODE_ENV picks React's development build. */
const VITE_ENV = (name) => name.startsWith('VITE_') || name === 'NODE_ENV';

/** Vite's command line, resolved from the app, so each app builds with the Vite it declares. */
function viteBuild(dir) {
  return (outDir) => {
    const require = createRequire(path.join(ROOT, dir, 'package.json'));
    const vite = path.dirname(require.resolve('vite/package.json'));
    return [path.join(vite, 'bin', 'vite.js'), 'build', '--outDir', outDir];
  };
}

/**
 * Each app: its folder, the environment variables its bundler reads, its build command, and whether
 * its text files get compressed copies (the files the server sends to browsers).
 */
const APPS = {
  web: { dir: 'apps/web', env: VITE_ENV, command: viteBuild('apps/web'), precompress: true },
  player: {
    dir: 'apps/player',
    env: VITE_ENV,
    command: viteBuild('apps/player'),
    precompress: true,
  },
  server: {
    dir: 'apps/server',
    env: () => false,
    command: (outDir) => ['scripts/build.mjs', outDir],
  },
};

/** The built files sent compressed: text, worth it from 1 KB (the server's threshold too). */
const COMPRESSIBLE_FILE = /\.(?:html|js|mjs|css|json|svg|txt|xml|webmanifest)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli at its best, 11) and `name.gz` (gzip -9) beside each compressible file of
 * a finished build, the copies the server's static files send to clients that accept them: done
 * once here, where dynamic compression must settle for less to spare the CPU. A copy no smaller
 * than its file is not written.
 */
async function precompress(dir) {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < COMPRESS_MIN_BYTES) return;
      const copies = {
        br: await brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gz: await gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
      };
      for (const [extension, copy] of Object.entries(copies)) {
        if (copy.length < content.length) await writeFile(`${file}.${extension}`, copy);
      }
    }),
  );
}

/** Builds kept beside the current one. */
const KEPT_BUILDS = 2;
/**
 * A lock whose holder stopped refreshing it for this long is taken over: its builder was killed.
 * Generous, as the holder refreshes it from an event loop that a loaded machine may delay.
 */
const LOCK_STALE_MS = 30_000;

const BUILD_NAME = /^dist\.[0-9a-f]{16}$/;
const PARTIAL_NAME = /^dist\.[0-9a-f]{16}\.partial$/;
/** Tests never reach a bundle, so editing one does not make a build stale. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

function log(message) {
  console.log(`build: ${message}`);
}

/**
 * The files under `dir` (relative to ROOT), but not installed packages, nor (`top`) the builds and
 * lock beside an app's sources.
 */
async function listFiles(dir, top = false) {
  const files = [];
  for (const entry of await readdir(path.join(ROOT, dir), { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const skipped = entry.name === 'node_modules' || (top && /^dist(\.|$)/.test(entry.name));
      if (!skipped) files.push(...(await listFiles(file)));
    } else if (entry.isFile() && !TEST_FILE.test(entry.name)) {
      files.push(file);
    }
  }
  return files;
}

async function isDirectory(file) {
  return (await stat(file).catch(() => null))?.isDirectory() ?? false;
}

/**
 * The hash of everything the app's build reads: each input file's path and content, and the
 * environment variables its bundler reads. A missing input (no node_modules record yet) counts as
 * missing, so it appearing later makes the build stale.
 */
async function hashInputs(app) {
  const files = [];
  for (const input of [APPS[app].dir, ...SHARED_INPUTS]) {
    const folder = await isDirectory(path.join(ROOT, input));
    files.push(...(folder ? await listFiles(input, true) : [input]));
  }
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const content = await readFile(path.join(ROOT, file)).catch((error) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    const fileHash = content ? createHash('sha256').update(content).digest('hex') : 'missing';
    hash.update(`${file}\0${fileHash}\n`);
  }
  for (const name of Object.keys(process.env).filter(APPS[app].env).sort()) {
    hash.update(`env ${name}=${process.env[name]}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The finished build `dist` points at, or null (never built, or built before builds were kept apart). */
async function currentBuild(appDir) {
  const build = await readlink(path.join(appDir, 'dist')).catch(() => null);
  return build && (await isDirectory(path.join(appDir, build))) ? build : null;
}

function run(args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/** Waits for the app's lock, saying so when another process holds it. */
async function lock(app, appDir) {
  const options = {
    realpath: false,
    stale: LOCK_STALE_MS,
    onCompromised: (error) => {
      console.error(`build: lost the lock of ${app} (${error.message}); stopping`);
      process.exit(1);
    },
  };
  const target = path.join(appDir, 'dist');
  try {
    return await lockfile.lock(target, options);
  } catch (error) {
    if (error.code !== 'ELOCKED') throw error;
  }
  log(`${app}: another process is building it; waiting for it`);
  return lockfile.lock(target, {
    ...options,
    retries: { forever: true, minTimeout: 200, maxTimeout: 1000 },
  });
}

/**
 * Points `dist` at `build` by renaming a new symlink over it: a reader sees the old or the new.
 * The build's time is set to now: the builds kept are the ones current last.
 */
async function swapLink(appDir, build) {
  const link = path.join(appDir, 'dist');
  const next = path.join(appDir, 'dist.next');
  const now = new Date();
  await utimes(path.join(appDir, build), now, now);
  await rm(next, { force: true });
  await symlink(build, next);
  // A real folder from before builds were kept apart cannot be renamed over; it goes first.
  if ((await lstat(link).catch(() => null))?.isDirectory()) {
    await rm(link, { recursive: true, force: true });
  }
  await rename(next, link);
}

/** Removes what builders killed while building left. */
async function removePartials(appDir) {
  const partials = (await readdir(appDir)).filter((name) => PARTIAL_NAME.test(name));
  await Promise.all(partials.map((name) => rm(path.join(appDir, name), { recursive: true })));
}

/** Removes the builds beyond the current one and the KEPT_BUILDS that were current last. */
async function pruneBuilds(appDir, current) {
  const builds = await Promise.all(
    (await readdir(appDir))
      .filter((name) => BUILD_NAME.test(name) && name !== current)
      .map(async (name) => ({ name, time: (await stat(path.join(appDir, name))).mtimeMs })),
  );
  const old = builds.sort((a, b) => b.time - a.time).slice(KEPT_BUILDS);
  await Promise.all(old.map(({ name }) => rm(path.join(appDir, name), { recursive: true })));
}

async function ensureBuilt(app) {
  const appDir = path.join(ROOT, APPS[app].dir);
  if ((await currentBuild(appDir)) === `dist.${await hashInputs(app)}`) {
    log(`${app}: up to date`);
    return;
  }
  const release = await lock(app, appDir);
  try {
    // Hashed again under the lock: the inputs may have changed while waiting, and the build
    // waited for may be the one needed.
    const build = `dist.${await hashInputs(app)}`;
    if ((await currentBuild(appDir)) === build) {
      log(`${app}: up to date (built by another process)`);
      return;
    }
    if (await isDirectory(path.join(appDir, build))) {
      log(`${app}: using the kept build of these inputs`);
    } else {
      log(`${app}: building ${build}`);
      const started = Date.now();
      const partial = path.join(appDir, `${build}.partial`);
      await removePartials(appDir);
      await run(APPS[app].command(partial), appDir);
      if (APPS[app].precompress) await precompress(partial);
      await rename(partial, path.join(appDir, build));
      log(`${app}: built ${build} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await swapLink(appDir, build);
    await pruneBuilds(appDir, build);
  } finally {
    await release();
  }
}

const requested = process.argv.slice(2);
const unknown = requested.filter((app) => !(app in APPS));
if (unknown.length > 0) {
  console.error(`build: unknown app ${unknown.join(', ')}; known: ${Object.keys(APPS).join(', ')}`);
  process.exit(2);
}
try {
  for (const app of requested.length > 0 ? requested : Object.keys(APPS)) await ensureBuilt(app);
} catch (error) {
  console.error(`build: ${error.message}`);
  process.exit(1);
}
