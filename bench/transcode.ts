// Prints what the media pipeline costs for a 60 s 1080p30 source with sound. First through the real
// server (buildApp on an in-memory PGlite, a local blob store, one transcode worker, listening on a
// free port): the source is uploaded as the studio does it, then the status call is polled until the
// item is playable and then ready, and the CPU of the server's ffmpeg runs is counted. Then the
// engine alone: time and CPU of the quick pass, of the full ladder in one ffmpeg run per x264 preset
// and of one run per rendition, and the quality of every rendition per preset (SSIM and PSNR with
// ffmpeg's own filters). Asserts nothing. Run: npx tsx bench/transcode.ts
// (FFMPEG_PATH and FFPROBE_PATH choose the binaries, as they do for the server.)
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openAsBlob, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { MovieContentStatus, MovieContentUploadResult } from '@plotline/core';
import { createLocalBlobStore } from '../apps/server/src/adapters/blob-store.ts';
import { createFfmpeg } from '../apps/server/src/adapters/ffmpeg/ffmpeg.ts';
import { resolveFfmpeg } from '../apps/server/src/adapters/ffmpeg/resolve-ffmpeg.ts';
import { createOutboxMailer } from '../apps/server/src/adapters/mailer.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { testClip } from '../apps/server/src/test/media-fixtures.ts';
import { transcodeToHls } from '../apps/server/src/modules/transcoding/hls-transcoder.ts';
import {
  planLadder,
  planQuickRendition,
  type LadderPlan,
  type X264Preset,
} from '../apps/server/src/modules/transcoding/ladder.ts';
import { buildHlsLadderArgs } from '../apps/server/src/modules/transcoding/transcode-commands.ts';
import { addCompanyAdministrator, machineLine, megabytes, signIn } from './support.ts';

const SOURCE_SECONDS = 60;
/** The presets whose ladders are timed and compared; the pipeline's own is measured first. */
const PRESETS: readonly X264Preset[] = ['veryfast', 'superfast', 'ultrafast'];
/** The issue's targets, printed beside the figures. */
const TARGET_PLAYABLE_SECONDS = 15;
const TARGET_READY_SECONDS = 60;
const TARGET_CPU_RATIO = 1.4;
const STATUS_POLL_MS = 100;
const execFileAsync = promisify(execFile);
const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/**
 * CPU seconds (user + system) of every child this process has waited for, from Linux's
 * /proc/self/stat cutime and cstime: what getrusage(RUSAGE_CHILDREN) reports, which Node does not
 * expose (process.resourceUsage() and process.cpuUsage() count this process only). ffmpeg's
 * threads are in its own figures. Read before and after a step, with no other child running.
 */
function childrenCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // The command name is in parentheses and may hold spaces; counting starts after it at field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / CLOCK_TICKS_PER_SECOND;
}

/** CPU seconds of this process itself: the app, PGlite and the bench's own polling. */
function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

async function measure<T>(step: () => Promise<T>) {
  const cpuBefore = childrenCpuSeconds();
  const start = performance.now();
  const value = await step();
  return {
    value,
    wallSeconds: (performance.now() - start) / 1000,
    cpuSeconds: childrenCpuSeconds() - cpuBefore,
  };
}

const perVideoSecond = (cpuSeconds: number) =>
  `(${(cpuSeconds / SOURCE_SECONDS).toFixed(2)} CPU-s per video-s)`;

function report(
  label: string,
  { wallSeconds, cpuSeconds }: { wallSeconds: number; cpuSeconds: number },
) {
  console.log(
    `${label.padEnd(56)} wall ${wallSeconds.toFixed(1).padStart(6)} s   CPU ${cpuSeconds
      .toFixed(1)
      .padStart(6)} s   ${perVideoSecond(cpuSeconds)}`,
  );
}

const binaries = await resolveFfmpeg({
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
});
const ffmpeg = createFfmpeg(binaries);
const folder = await mkdtemp(path.join(tmpdir(), 'plotline-bench-'));
// Removed however the bench ends, a failure included.
process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
const output = (name: string) => path.join(folder, name);

console.log(`${binaries.ffmpegVersion} (${binaries.ffmpegSource}); ${machineLine()}`);
console.log(`making a ${SOURCE_SECONDS} s 1080p30 source with sound…`);
// Encoded as a phone records (High profile, CABAC, B-frames, ~16 Mbit/s): decoding such a file is
// what one run saves over per-rendition runs, and an ultrafast source would make it look free.
const source = await testClip(
  {
    width: 1920,
    height: 1080,
    seconds: SOURCE_SECONDS,
    outputArgs: [
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
      ...['-b:v', '16M', '-maxrate', '16M', '-bufsize', '32M'],
    ],
  },
  { binaries },
);
const sourceBytes = (await stat(source)).size;
const decoding = await measure(() =>
  ffmpeg.run(['-i', source, '-f', 'null', '-'], { timeoutMs: 600_000 }),
);
report(
  `(source) ${((sourceBytes * 8) / SOURCE_SECONDS / 1e6).toFixed(1)} Mbit/s H.264; decoding it alone`,
  decoding,
);

// ---------------------------------------------------------------------------------------------
// Through the server: upload complete → playable → ready, as the studio sees it.
// ---------------------------------------------------------------------------------------------

interface PipelineRun {
  uploadSeconds: number;
  /** Seconds from the upload's reply to the first poll that saw each status. */
  firstSeen: Map<MovieContentStatus['status'], number>;
  /** ffmpeg and ffprobe run by the server from the upload (its probe included) to ready. */
  childCpuSeconds: number;
  /** The server's own process (here, this one) over the same time. */
  ownCpuSeconds: number;
}

async function runThroughServer(): Promise<PipelineRun> {
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  const user = await addCompanyAdministrator(database.db);
  const { app } = await buildApp({
    database,
    jwtSecret: randomBytes(48).toString('base64url'),
    webRoot: null,
    publicUrl: 'http://127.0.0.1',
    mailer: createOutboxMailer(output('outbox'), 'Plotline <bench@plotline.local>', {
      info: () => {},
    }),
    blobs: createLocalBlobStore(output('server-blobs')),
    ffmpeg,
    workDir: output('server-work'),
    transcodeWorkers: 1,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const headers = await signIn(baseUrl, user);

    // As the studio sends it: multipart, the file in `uploads`, streamed from disk.
    const form = new FormData();
    form.append('type', '1');
    form.append('view_mode', 'horizontal');
    form.append('uploads', await openAsBlob(source), 'source.mp4');
    const cpuAtUpload = { children: childrenCpuSeconds(), own: ownCpuSeconds() };
    const uploadStart = performance.now();
    const response = await fetch(`${baseUrl}/api/v1.5/upload/movie-content`, {
      method: 'POST',
      headers,
      body: form,
      // Else Node's fetch keeps a copy of the whole body to replay it on a redirect.
      redirect: 'error',
    });
    const reply = (await response.json()) as { data?: MovieContentUploadResult; message?: string };
    const uploaded = performance.now();
    if (response.status !== 200 || !reply.data) {
      throw new Error(`upload refused: ${response.status} ${reply.message}`);
    }
    const { movieId } = reply.data;

    const firstSeen = new Map<MovieContentStatus['status'], number>();
    const deadline = uploaded + 30 * 60_000;
    for (;;) {
      const poll = await fetch(`${baseUrl}/api/transcoder/movie-status/${movieId}`, { headers });
      const { data } = (await poll.json()) as { data: MovieContentStatus[] };
      const entry = data[0]!;
      if (!firstSeen.has(entry.status)) {
        firstSeen.set(entry.status, (performance.now() - uploaded) / 1000);
      }
      if (entry.status === 'failed') throw new Error(`transcode failed: ${entry.transcoder_log}`);
      if (entry.status === 'ready') break;
      if (performance.now() > deadline) throw new Error(`still ${entry.status} after 30 minutes`);
      await sleep(STATUS_POLL_MS);
    }
    return {
      uploadSeconds: (uploaded - uploadStart) / 1000,
      firstSeen,
      childCpuSeconds: childrenCpuSeconds() - cpuAtUpload.children,
      ownCpuSeconds: ownCpuSeconds() - cpuAtUpload.own,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

console.log(
  '\nThrough the server (buildApp, PGlite in memory, local blob store, 1 transcode worker, ' +
    `status polled every ${STATUS_POLL_MS} ms; times from the upload's reply; ${machineLine()}):`,
);
const pipeline = await runThroughServer();
const seen = (status: MovieContentStatus['status']) => {
  const seconds = pipeline.firstSeen.get(status);
  return seconds === undefined ? '   (not seen)' : `${seconds.toFixed(1).padStart(6)} s`;
};
const defaultPreset = planLadder(await ffmpeg.probe(source)).preset;
console.log(
  `${`upload call: ${megabytes(sourceBytes)} MB multipart over loopback, probed, stored, queued`.padEnd(86)} ${pipeline.uploadSeconds.toFixed(1).padStart(6)} s`,
);
console.log(
  `${'(a) upload complete → processing (the queue picked the job up)'.padEnd(86)} ${seen('processing')}`,
);
console.log(
  `${'(a) upload complete → playable (quick 360p ultrafast pass)'.padEnd(86)} ${seen('playable')}   target ≤ ${TARGET_PLAYABLE_SECONDS} s`,
);
console.log(
  `${`(b) upload complete → ready (full ladder, one run, ${defaultPreset}, poster)`.padEnd(86)} ${seen('ready')}   target ≤ ${TARGET_READY_SECONDS} s`,
);
console.log(
  `    CPU, upload → ready: the server's ffmpeg/ffprobe runs ${pipeline.childCpuSeconds.toFixed(1)} s ` +
    `${perVideoSecond(pipeline.childCpuSeconds)}; its own process (API, PGlite, queue, polling) ` +
    `${pipeline.ownCpuSeconds.toFixed(1)} s`,
);

// ---------------------------------------------------------------------------------------------
// The engine alone: the same commands, one after another, with nothing else of ours running.
// ---------------------------------------------------------------------------------------------

console.log(`\nThe engine alone, step by step (${machineLine()}):`);
// (a) Upload complete → playable: probe, plan, quick pass (lowest rung at ultrafast, poster, master).
const playable = await measure(async () => {
  const plan = planLadder(await ffmpeg.probe(source));
  await transcodeToHls(ffmpeg, {
    input: source,
    plan: planQuickRendition(plan),
    outputDir: output('quick'),
  });
  return plan;
});
const plan = playable.value;
report('(a) playable: probe + quick 360p ultrafast pass', playable);

// (b) The full ladder in one run, as the pipeline makes it (poster, probes and master included).
const ladders = new Map<X264Preset, Awaited<ReturnType<typeof transcodeToHls>>>();
const ladderCpu = new Map<X264Preset, number>();
for (const preset of [plan.preset, ...PRESETS.filter((other) => other !== plan.preset)]) {
  const ladder = await measure(() =>
    transcodeToHls(ffmpeg, {
      input: source,
      plan: { ...plan, preset },
      outputDir: output(`ladder-${preset}`),
    }),
  );
  ladders.set(preset, ladder.value);
  ladderCpu.set(preset, ladder.cpuSeconds);
  const rungs = ladder.value.renditions.map((rendition) => rendition.name).join('/');
  report(`(b) full ${rungs} ladder, one run, ${preset}`, ladder);
}

// (c) The same ladder made PeerTube's way: one ffmpeg run per rendition, each decoding the source.
const perRendition = await measure(async () => {
  for (const rung of plan.rungs) {
    const single: LadderPlan = { ...plan, rungs: [rung] };
    await ffmpeg.run(buildHlsLadderArgs(single, source, output(`single-${rung.name}`)), {
      timeoutMs: 1_800_000,
    });
  }
});
report(`(c) same ladder, one ffmpeg run per rendition, ${plan.preset}`, perRendition);
const oneRunCpu = ladderCpu.get(plan.preset)!;
const side = (label: string, cpuSeconds: number) =>
  console.log(
    `    ${label.padEnd(70)} ${cpuSeconds.toFixed(1).padStart(6)} CPU-s   per-rendition runs use ` +
      `${(perRendition.cpuSeconds / cpuSeconds).toFixed(2)}x   (target ≥ ${TARGET_CPU_RATIO}x)`,
  );
console.log(
  `(c) side by side, against ${perRendition.cpuSeconds.toFixed(1)} CPU-s of per-rendition runs:`,
);
side(
  `the server's runs, upload → ready (quick pass, ladder, probes, poster)`,
  pipeline.childCpuSeconds,
);
side(`the ladder alone, one run (its poster and probes included)`, oneRunCpu);

// (d) Quality of every rendition against the source, frame by frame, with ffmpeg's ssim and psnr
// filters (this ffmpeg may lack libvmaf: Debian's does). Twice: scaled back up to the source's size,
// as a player shows it, which mostly measures the lost resolution; and at the rendition's own size
// against the source scaled down the same way, which measures what the encoder and its preset
// lost. One ffmpeg run per preset decodes the source once. Timestamps are restarted because
// MPEG-TS segments do not start at zero, and put in one time base so the filters pair frames.
const SOURCE_SIZE = { width: 1920, height: 1080 };

async function quality(preset: X264Preset) {
  const ladder = ladders.get(preset)!;
  const { renditions } = ladder;
  const reference = renditions.length;
  const restart = 'setpts=PTS-STARTPTS,settb=AVTB';
  const compare = (label: string, a: string, b: string, tag: string) =>
    `${a}split[${tag}a1][${tag}a2];${b}split[${tag}b1][${tag}b2];` +
    `[${tag}a1][${tag}b1]ssim@${label};[${tag}a2][${tag}b2]psnr@${label}`;
  const graph = [
    `[${reference}:v]${restart},split=${renditions.length * 2}` +
      renditions.map((_, index) => `[ref${index}up][ref${index}own]`).join(''),
    ...renditions.map(({ name, width, height }, index) =>
      [
        `[${index}:v]${restart},split[out${index}up][out${index}own]`,
        compare(
          `up${name}`,
          `[out${index}up]scale=${SOURCE_SIZE.width}:${SOURCE_SIZE.height}:flags=bicubic,`,
          `[ref${index}up]`,
          `u${index}`,
        ),
        compare(
          `own${name}`,
          `[out${index}own]`,
          `[ref${index}own]scale=${width}:${height}:flags=bicubic,`,
          `o${index}`,
        ),
      ].join(';'),
    ),
  ].join(';');
  // Run directly rather than through runProcess, which keeps only the end of stderr: the HLS
  // demuxer's lines about every segment it opens would push the scores out of it.
  const { stderr } = await execFileAsync(
    binaries.ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-nostats', '-v', 'info'],
      ...renditions.flatMap(({ playlist }) => ['-i', path.join(ladder.outputDir, playlist)]),
      ...['-i', source],
      ...['-lavfi', graph, '-an', '-f', 'null', '-'],
    ],
    { env: { ...process.env, ...binaries.ffmpegEnv }, maxBuffer: 64 * 1024 * 1024 },
  );
  // The summary each filter prints as it closes, e.g. `[ssim@up720p @ 0x…] SSIM Y:… All:0.98 (…)`.
  const score = (filter: string, label: string) =>
    stderr
      .split('\n')
      .filter((line) => line.startsWith(`[${filter}@${label} `))
      .map((line) =>
        filter === 'ssim'
          ? / SSIM .*All:([\d.]+)/.exec(line)?.[1]
          : / PSNR .*average:([\d.]+)/.exec(line)?.[1],
      )
      .find((value) => value !== undefined)
      ?.slice(0, filter === 'ssim' ? 6 : 5) ?? '(none)';
  for (const rendition of renditions) {
    const { name } = rendition;
    console.log(
      `(d) ${name.padEnd(5)} ${preset.padEnd(9)}  shown at ${SOURCE_SIZE.height}p: SSIM ${score('ssim', `up${name}`)} ` +
        `PSNR ${score('psnr', `up${name}`)} dB   at its own size: SSIM ${score('ssim', `own${name}`)} ` +
        `PSNR ${score('psnr', `own${name}`)} dB   average ${(rendition.averageBandwidth / 1000).toFixed(0)} kbit/s, ` +
        `peak ${(rendition.bandwidth / 1000).toFixed(0)} kbit/s`,
    );
  }
}
for (const preset of ladders.keys()) await quality(preset);

console.log(`\ndone; ${machineLine()}`);
