// What the benches share: a company administrator to upload as, signing in through HTTP, the real
// server with Debian's Chromium for the browser benches, and the machine's state to print beside
// the figures.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ACCESS_TOKEN_HEADER } from '@plotline/core';
import { request, type Browser } from '@playwright/test';
import { createLocalBlobStore } from '../apps/server/src/adapters/blob-store.ts';
import { createFfmpeg } from '../apps/server/src/adapters/ffmpeg/ffmpeg.ts';
import {
  resolveFfmpeg,
  type FfmpegBinaries,
} from '../apps/server/src/adapters/ffmpeg/resolve-ffmpeg.ts';
import { createOutboxMailer } from '../apps/server/src/adapters/mailer.ts';
import { argon2Hasher } from '../apps/server/src/adapters/password-hasher.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { createCompaniesRepository } from '../apps/server/src/modules/companies/companies.repository.ts';
import { createUsersRepository } from '../apps/server/src/modules/users/users.repository.ts';
import { copyTestClip, testClip } from '../apps/server/src/test/media-fixtures.ts';
import type { TestClipSpec } from '../apps/server/src/test/test-media.ts';
import { CHROMIUM_ARGS, launchChromium } from '../e2e/support/chromium.ts';
import { createProjectInfo } from '../e2e/support/project-api.ts';
import { addCaptionedItems } from '../e2e/support/story-project.ts';

export interface BenchUser {
  email: string;
  password: string;
}

/**
 * A company with an active administrator, who may upload (uploads need a company: the root user
 * has none). Written through the repositories, as the API tests' makeUser does.
 */
export async function addCompanyAdministrator(db: Database): Promise<BenchUser> {
  const email = 'bench-admin@plotline.local';
  const password = randomBytes(12).toString('base64url');
  const companyId = await createCompaniesRepository(db).insertCompany({
    name: 'Bench company',
    type: 'company',
  });
  await createUsersRepository(db).insertUser({
    email,
    role: 'administrator',
    companyId,
    name: 'Bench administrator',
    passwordHash: await argon2Hasher.hash(password),
    status: 'active',
  });
  return { email, password };
}

/** Signs in through the API and answers the headers of an authenticated call. */
export async function signIn(baseUrl: string, user: BenchUser): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/api/v1.6/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.email, password: user.password, remember: false }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (response.status !== 200 || !body.data?.token) {
    throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return { [ACCESS_TOKEN_HEADER]: body.data.token };
}

/** Cores and load: a loaded machine stretches wall times, so the figures say what they ran on. */
export function machineLine(): string {
  const cores = execFileSync('nproc').toString().trim();
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `${cores} cores, load average ${load}`;
}

/** File sizes and rates in decimal megabytes, as the upload limit is written. */
export const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
/** Memory in MiB, as the kernel counts it. */
export const mebibytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

export interface BenchServer {
  baseUrl: string;
  /** The company administrator to sign in as. */
  user: BenchUser;
  /** The ffmpeg the server transcodes with, for making the bench's clips. */
  binaries: FfmpegBinaries;
  /** The run's temporary folder, for the bench's own files too. */
  folder: string;
  close: () => Promise<void>;
}

/**
 * The real server in this process, as the browser benches use it: buildApp on an in-memory PGlite
 * with a company administrator, a local blob store and one transcode worker (FFMPEG_PATH and
 * FFPROBE_PATH choose ffmpeg), serving the built studio and player, listening on a free port of
 * 127.0.0.1. Its files live in a temporary folder removed however the bench ends.
 */
export async function startBenchServer(options: {
  name: string;
  webRoot: string;
  playerRoot?: string;
}): Promise<BenchServer> {
  const folder = await mkdtemp(path.join(tmpdir(), `plotline-${options.name}-bench-`));
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  const binaries = await resolveFfmpeg({
    ffmpegPath: process.env.FFMPEG_PATH,
    ffprobePath: process.env.FFPROBE_PATH,
  });
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  const user = await addCompanyAdministrator(database.db);
  const { app } = await buildApp({
    database,
    jwtSecret: randomBytes(48).toString('base64url'),
    webRoot: options.webRoot,
    playerRoot: options.playerRoot,
    publicUrl: 'http://127.0.0.1',
    mailer: createOutboxMailer(path.join(folder, 'outbox'), 'Plotline <bench@plotline.local>', {
      info: () => {},
    }),
    blobs: createLocalBlobStore(path.join(folder, 'blobs')),
    ffmpeg: createFfmpeg(binaries),
    workDir: path.join(folder, 'work'),
    transcodeWorkers: 1,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    user,
    binaries,
    folder,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface BrowserBench extends BenchServer {
  browser: Browser;
  /** The Chromium, its version and its flags, to print beside the figures. */
  browserLine: string;
  /** The session header of the company administrator, for set-up through the API. */
  headers: Record<string, string>;
  /** A copy of the clip of `spec`, made once (media-fixtures.ts), named `name` in the run's folder. */
  makeClip: (name: string, spec: TestClipSpec) => Promise<string>;
}

/**
 * The browser benches' start: the server of `startBenchServer`, Debian's Chromium launched as the
 * journeys launch it (`extraArgs` after the shared flags), and the administrator signed in through
 * the API. `close` ends both; a failed start ends what had started.
 */
export async function startBrowserBench(options: {
  name: string;
  webRoot: string;
  playerRoot?: string;
  extraArgs?: readonly string[];
}): Promise<BrowserBench> {
  const extraArgs = options.extraArgs ?? [];
  const server = await startBenchServer(options);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium(extraArgs);
    const launched = browser;
    return {
      ...server,
      browser,
      browserLine: `Chromium ${browser.version()} headless (${[...CHROMIUM_ARGS, ...extraArgs].join(' ')})`,
      headers: await signIn(server.baseUrl, server.user),
      makeClip: (name, spec) =>
        copyTestClip(spec, path.join(server.folder, name), { binaries: server.binaries }),
      close: async () => {
        await launched.close();
        await server.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    throw error;
  }
}

/**
 * The fork story of the browser benches, made through the API as the studio makes it: a project
 * with its step 1 done, four items (an opening clip, a bridge, two options) of one clip of `clip`
 * made with ffmpeg, uploaded, captioned and transcoded, their storyline, the address `slug`, and
 * published, as the user of `headers`. Answers the seconds that uploading and transcoding took.
 */
export async function publishForkStory(
  server: BenchServer,
  headers: Record<string, string>,
  { title, slug, clip }: { title: string; slug: string; clip: TestClipSpec },
): Promise<number> {
  const api = await request.newContext({ baseURL: server.baseUrl });
  try {
    const movieId = await createProjectInfo(api, headers, title);
    const file = await testClip(clip, { binaries: server.binaries });
    const started = performance.now();
    const ids = await addCaptionedItems(api, headers, movieId, await readFile(file));
    const transcoded = (performance.now() - started) / 1000;
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
      ['/api/movie', { movieId, slug }],
      [`/api/movie/${movieId}/publish`, {}],
    ] as const) {
      const response = await api.post(call, { headers, data });
      if (!response.ok()) {
        throw new Error(`${call} refused: ${response.status()} ${await response.text()}`);
      }
    }
    return transcoded;
  } finally {
    await api.dispose();
  }
}
