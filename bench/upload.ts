// Prints how fast a video just under the 1 GB limit uploads over loopback, through the multipart
// call and through tus (in the studio's 8 MiB chunks), and how much the server's memory grows
// meanwhile: the server runs in a process of its own, as `npm start` runs it, and its resident
// memory is read from /proc every 50 ms (and its kernel-kept peak, VmHWM, reset before each
// upload). A ~100 MB upload of each kind goes first, so growth can be compared across sizes.
// Transcoding is off (TRANSCODE_WORKERS=0) so only the upload is measured. Asserts nothing.
// Run: npx tsx bench/upload.ts   (FFMPEG_PATH and FFPROBE_PATH are passed on to the server.)
import { createReadStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { TUS_UPLOAD_PATH, UPLOAD_LIMIT_BYTES, type MovieContentUploadResult } from '@plotline/core';
import { Upload } from 'tus-js-client';
import { resolveFfmpeg } from '../apps/server/src/adapters/ffmpeg/resolve-ffmpeg.ts';
import { runProcess } from '../apps/server/src/adapters/ffmpeg/run-process.ts';
import { openDatabase, pgliteDirectory } from '../apps/server/src/db/database.ts';
import { procBytes, resetPeak, sampleMemory, startServerProcess } from './server-process.ts';
import { addCompanyAdministrator, machineLine, mebibytes, megabytes, signIn } from './support.ts';

/** One 1080p frame of 8-bit 4:2:0, uncompressed. */
const FRAME_BYTES = 1920 * 1080 * 1.5;
/** As many frames as stay under the limit with room for the container's own bytes. */
const LARGE_FRAMES = Math.floor((UPLOAD_LIMIT_BYTES - 1_000_000) / FRAME_BYTES);
const SMALL_FRAMES = 32;
/** What the studio sends per PATCH (apps/web/src/lib/upload-resumable.ts). */
const TUS_CHUNK_BYTES = 8 * 1024 * 1024;
const TARGET_GROWTH_BYTES = 64 * 1024 * 1024;

const binaries = await resolveFfmpeg({
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
});
const folder = await mkdtemp(path.join(tmpdir(), 'plotline-upload-bench-'));
const dataDir = path.join(folder, 'data');
let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;

/** A real video ffprobe accepts: `frames` uncompressed 1080p frames of testsrc2 in NUT. */
async function makeRawVideo(file: string, frames: number): Promise<number> {
  await runProcess(
    binaries.ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30'],
      ...['-frames:v', String(frames), '-c:v', 'rawvideo', '-pix_fmt', 'yuv420p', '-f', 'nut'],
      file,
    ],
    { timeoutMs: 600_000, env: binaries.ffmpegEnv },
  );
  return (await stat(file)).size;
}

type Outcome = { status: number; message: string };

function describeReply(status: number, body: string): Outcome {
  try {
    const parsed = JSON.parse(body) as { data?: MovieContentUploadResult; message?: string };
    const file = parsed.data?.files[0];
    if (status === 200 && file) {
      return { status, message: `accepted: movie ${parsed.data!.movieId}, ${file.status}` };
    }
    return { status, message: `REFUSED: ${parsed.message ?? body}` };
  } catch {
    return { status, message: `REFUSED: ${body.slice(0, 200)}` };
  }
}

/** The studio's multipart call, the file streamed from disk (a file-backed Blob, never read whole). */
async function uploadMultipart(
  baseUrl: string,
  headers: Record<string, string>,
  file: string,
): Promise<Outcome> {
  const form = new FormData();
  form.append('type', '1');
  form.append('view_mode', 'horizontal');
  form.append('uploads', await openAsBlob(file), path.basename(file));
  const response = await fetch(`${baseUrl}/api/v1.5/upload/movie-content`, {
    method: 'POST',
    headers,
    body: form,
    // Node's fetch otherwise tees the body to replay it on a redirect, and the unread branch keeps
    // every chunk: the whole file would end up in this process's memory (nodejs/undici#4058).
    redirect: 'error',
  });
  return describeReply(response.status, await response.text());
}

/** tus as the studio uses it: 8 MiB PATCHes, no retries (a failure should show). */
function uploadTus(baseUrl: string, headers: Record<string, string>, file: string) {
  return new Promise<Outcome>((resolve, reject) => {
    const upload = new Upload(createReadStream(file), {
      endpoint: `${baseUrl}${TUS_UPLOAD_PATH}`,
      headers,
      metadata: { filename: path.basename(file), type: '1', view_mode: 'horizontal' },
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: null,
      storeFingerprintForResuming: false,
      onSuccess: ({ lastResponse }) =>
        resolve(describeReply(lastResponse.getStatus(), lastResponse.getBody() ?? '')),
      onError: (error) => {
        const response = 'originalResponse' in error ? error.originalResponse : null;
        if (response) resolve(describeReply(response.getStatus(), response.getBody() ?? ''));
        else reject(error);
      },
    });
    upload.start();
  });
}

try {
  console.log(`${binaries.ffmpegVersion} (${binaries.ffmpegSource}); ${machineLine()}`);
  console.log('making uncompressed 1080p videos (rawvideo in NUT)…');
  const files = {
    small: path.join(folder, 'small.nut'),
    large: path.join(folder, 'large.nut'),
  };
  const sizes = {
    small: await makeRawVideo(files.small, SMALL_FRAMES),
    large: await makeRawVideo(files.large, LARGE_FRAMES),
  };
  console.log(
    `  ${SMALL_FRAMES} frames: ${sizes.small.toLocaleString('en')} bytes; ` +
      `${LARGE_FRAMES} frames: ${sizes.large.toLocaleString('en')} bytes ` +
      `(the limit: under ${UPLOAD_LIMIT_BYTES.toLocaleString('en')})`,
  );

  // The server's database, prepared before it starts: a company administrator to upload as.
  const setup = await openDatabase({ dataDir: pgliteDirectory(dataDir) });
  await setup.migrate();
  const user = await addCompanyAdministrator(setup.db);
  await setup.close();

  server = await startServerProcess(dataDir, { TRANSCODE_WORKERS: '0' });
  const { baseUrl, pid, exited } = server;
  const headers = await signIn(baseUrl, user);
  await sleep(1000);
  const baseline = procBytes(pid, 'VmRSS');
  console.log(
    `server: node ${process.version} (pid ${pid}), resident ${mebibytes(baseline)} MiB after start and sign-in\n`,
  );

  const methods = { multipart: uploadMultipart, tus: uploadTus };
  let overallPeak = baseline;
  for (const [method, upload] of Object.entries(methods)) {
    for (const size of ['small', 'large'] as const) {
      const memory = sampleMemory(pid);
      resetPeak(process.pid);
      const clientBefore = procBytes(process.pid, 'VmRSS');
      const start = performance.now();
      let outcome: Outcome;
      let peak: number;
      try {
        outcome = await Promise.race([upload(baseUrl, headers, files[size]), exited]);
      } finally {
        peak = memory.stop();
      }
      const seconds = (performance.now() - start) / 1000;
      overallPeak = Math.max(overallPeak, peak);
      const growth = peak - memory.before;
      console.log(
        `${method.padEnd(9)} ${megabytes(sizes[size]).padStart(6)} MB ${seconds.toFixed(1).padStart(5)} s ` +
          `${(sizes[size] / 1e6 / seconds).toFixed(0).padStart(4)} MB/s | server resident ` +
          `${mebibytes(memory.before)} → peak ${mebibytes(peak)} MiB, growth ` +
          `${mebibytes(growth).padStart(5)} MiB (target < ${mebibytes(TARGET_GROWTH_BYTES)}) | bench ` +
          `${mebibytes(clientBefore)} → peak ${mebibytes(procBytes(process.pid, 'VmHWM'))} MiB | ${outcome.status} ${outcome.message}`,
      );
      await sleep(1000);
    }
  }
  console.log(
    `\nserver resident: ${mebibytes(baseline)} MiB after start, ${mebibytes(overallPeak)} MiB at the ` +
      `highest (${mebibytes(overallPeak - baseline)} MiB over the start), ` +
      `${mebibytes(procBytes(pid, 'VmRSS'))} MiB at the end; ${machineLine()}`,
  );
} finally {
  await server?.stop();
  await rm(folder, { recursive: true, force: true });
}
