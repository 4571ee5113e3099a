// Prints how long a story with 1 GB of media takes to export as a story archive and to import
// again, and how much the server's memory grows meanwhile (target: under 64 MiB, whatever the
// media's size: the archive is streamed both ways). The server runs in a process of its own, as
// `npm start` runs it, its resident memory read from /proc every 50 ms; transcoding is off
// (TRANSCODE_WORKERS=0), so the import measured is the archive's checks and storage alone. The
// media is four copies of an uncompressed 1080p video (cheap to make, ffprobe reads it), uploaded
// as a clip, a bridge and two clips of a storyline with a choice. Asserts nothing.
// Run: npm run bench:export   (FFMPEG_PATH and FFPROBE_PATH are passed on to the server.)
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { MovieContentUploadResult } from '@plotline/core';
import { resolveFfmpeg } from '../apps/server/src/adapters/ffmpeg/resolve-ffmpeg.ts';
import { runProcess } from '../apps/server/src/adapters/ffmpeg/run-process.ts';
import { openDatabase, pgliteDirectory } from '../apps/server/src/db/database.ts';
import { procBytes, sampleMemory, startServerProcess } from './server-process.ts';
import { addCompanyAdministrator, machineLine, mebibytes, megabytes, signIn } from './support.ts';

/** One 1080p frame of 8-bit 4:2:0, uncompressed. */
const FRAME_BYTES = 1920 * 1080 * 1.5;
const COPIES = 4;
const MEDIA_BYTES = 1_000_000_000;
const FRAMES = Math.ceil(MEDIA_BYTES / COPIES / FRAME_BYTES);
const TARGET_GROWTH_BYTES = 64 * 1024 * 1024;

const binaries = await resolveFfmpeg({
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
});
const folder = await mkdtemp(path.join(tmpdir(), 'plotline-export-bench-'));
const dataDir = path.join(folder, 'data');
let stopServer: (() => Promise<void>) | undefined;

async function call<T>(
  baseUrl: string,
  headers: Record<string, string>,
  pathname: string,
  body: unknown,
) {
  const response = await fetch(baseUrl + pathname, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${pathname}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** A multipart upload streamed from disk (a file-backed Blob, never read whole). */
async function postFile<T>(
  baseUrl: string,
  headers: Record<string, string>,
  pathname: string,
  file: string,
  fields: Record<string, string>,
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('uploads', await openAsBlob(file), path.basename(file));
  const response = await fetch(baseUrl + pathname, {
    method: 'POST',
    headers,
    body: form,
    // Node's fetch otherwise tees the body to replay it on a redirect, keeping every chunk
    // (nodejs/undici#4058).
    redirect: 'error',
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${pathname}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Runs `work` while sampling the server's memory; prints its time and the memory's growth. */
async function measured<T>(
  label: string,
  pid: number,
  bytes: () => Promise<number>,
  work: () => Promise<T>,
) {
  const memory = sampleMemory(pid);
  const start = performance.now();
  let peak: number;
  let result: T;
  try {
    result = await work();
  } finally {
    peak = memory.stop();
  }
  const seconds = (performance.now() - start) / 1000;
  const size = await bytes();
  console.log(
    `${label.padEnd(7)} ${megabytes(size).padStart(7)} MB ${seconds.toFixed(1).padStart(6)} s ` +
      `${(size / 1e6 / seconds).toFixed(0).padStart(4)} MB/s | server resident ` +
      `${mebibytes(memory.before)} → peak ${mebibytes(peak)} MiB, growth ` +
      `${mebibytes(peak - memory.before).padStart(5)} MiB (target < ${mebibytes(TARGET_GROWTH_BYTES)})`,
  );
  return { result, growth: peak - memory.before };
}

try {
  console.log(`${binaries.ffmpegVersion} (${binaries.ffmpegSource}); ${machineLine()}`);
  const video = path.join(folder, 'scene.nut');
  await runProcess(
    binaries.ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30'],
      ...['-frames:v', String(FRAMES), '-c:v', 'rawvideo', '-pix_fmt', 'yuv420p', '-f', 'nut'],
      video,
    ],
    { timeoutMs: 600_000, env: binaries.ffmpegEnv },
  );
  const videoBytes = (await stat(video)).size;
  console.log(
    `media: ${COPIES} × ${megabytes(videoBytes)} MB (${FRAMES} uncompressed 1080p frames) = ` +
      `${megabytes(COPIES * videoBytes)} MB`,
  );

  const setup = await openDatabase({ dataDir: pgliteDirectory(dataDir) });
  await setup.migrate();
  const user = await addCompanyAdministrator(setup.db);
  await setup.close();

  const server = await startServerProcess(dataDir, { TRANSCODE_WORKERS: '0' });
  stopServer = server.stop;
  const { baseUrl, pid } = server;
  const headers = await signIn(baseUrl, user);

  const { movieId } = await call<{ movieId: number }>(baseUrl, headers, '/api/movie', {
    type: 1,
    title: 'A gigabyte of story',
    view_mode: 'horizontal',
  });
  const items: number[] = [];
  for (const type of ['1', '2', '1', '1']) {
    const uploaded = await postFile<MovieContentUploadResult>(
      baseUrl,
      headers,
      '/api/v1.5/upload/movie-content',
      video,
      { movieId: String(movieId), type, view_mode: 'horizontal' },
    );
    items.push(uploaded.files[0]!.movie_content_id);
  }
  await call(baseUrl, headers, '/api/movie-plot', {
    movie_id: movieId,
    version: 0,
    plots: [
      { movie_plot_id: -1, parent_id: null, movie_content_id: items[0], locked: '0' },
      { movie_plot_id: -2, parent_id: -1, movie_content_id: items[1], locked: '0' },
      { movie_plot_id: -3, parent_id: -2, movie_content_id: items[2], locked: '0' },
      { movie_plot_id: -4, parent_id: -2, movie_content_id: items[3], locked: '0' },
    ],
  });
  const baseline = procBytes(pid, 'VmRSS');
  console.log(`server: pid ${pid}, resident ${mebibytes(baseline)} MiB with the story stored\n`);

  const archive = path.join(folder, 'story.zip');
  const exported = await measured(
    'export',
    pid,
    async () => (await stat(archive)).size,
    async () => {
      const response = await fetch(`${baseUrl}/api/movie/${movieId}/export`, { headers });
      if (response.status !== 200 || !response.body) {
        throw new Error(`export: ${response.status} ${await response.text()}`);
      }
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        createWriteStream(archive),
      );
    },
  );
  const imported = await measured(
    'import',
    pid,
    async () => (await stat(archive)).size,
    () => postFile<{ movieId: number }>(baseUrl, headers, '/api/movie/import', archive, {}),
  );
  console.log(
    `\nimported as project ${imported.result.movieId}; growth: export ${mebibytes(exported.growth)} MiB, ` +
      `import ${mebibytes(imported.growth)} MiB (target < ${mebibytes(TARGET_GROWTH_BYTES)}); ` +
      `server resident ${mebibytes(procBytes(pid, 'VmRSS'))} MiB at the end; ${machineLine()}`,
  );
} finally {
  await stopServer?.();
  await rm(folder, { recursive: true, force: true });
}
