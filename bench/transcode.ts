// Prints what the media pipeline costs for a 60 s 1080p30 source with sound: time to playable (quick
// pass), time and CPU of the full ladder in one ffmpeg run against one run per rendition, and the
// quality of the 720p rendition per x264 preset. Asserts nothing. Run: npx tsx bench/transcode.ts
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFfmpeg } from '../apps/server/src/adapters/ffmpeg/ffmpeg.ts';
import { resolveFfmpeg } from '../apps/server/src/adapters/ffmpeg/resolve-ffmpeg.ts';
import { runProcess } from '../apps/server/src/adapters/ffmpeg/run-process.ts';
import { makeTestClip } from '../apps/server/src/test/test-media.ts';
import { transcodeToHls } from '../apps/server/src/modules/transcoding/hls-transcoder.ts';
import {
  planLadder,
  planQuickRendition,
  type LadderPlan,
  type X264Preset,
} from '../apps/server/src/modules/transcoding/ladder.ts';
import { buildHlsLadderArgs } from '../apps/server/src/modules/transcoding/transcode-commands.ts';

const SOURCE_SECONDS = 60;
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

function report(
  label: string,
  { wallSeconds, cpuSeconds }: { wallSeconds: number; cpuSeconds: number },
) {
  console.log(
    `${label.padEnd(56)} wall ${wallSeconds.toFixed(1).padStart(6)} s   CPU ${cpuSeconds
      .toFixed(1)
      .padStart(6)} s   (${(cpuSeconds / SOURCE_SECONDS).toFixed(2)} CPU-s per video-s)`,
  );
}

const binaries = await resolveFfmpeg({
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
});
const ffmpeg = createFfmpeg(binaries);
const folder = await mkdtemp(path.join(tmpdir(), 'plotline-bench-'));
const source = path.join(folder, 'source.mp4');
const output = (name: string) => path.join(folder, name);

console.log(`${binaries.ffmpegVersion}; ${execFileSync('nproc').toString().trim()} cores`);
console.log(`making a ${SOURCE_SECONDS} s 1080p30 source with sound…`);
// Encoded as a phone records (High profile, CABAC, B-frames, ~16 Mbit/s): decoding such a file is
// what one run saves over per-rendition runs, and an ultrafast source would make it look free.
await makeTestClip(binaries, source, {
  width: 1920,
  height: 1080,
  seconds: SOURCE_SECONDS,
  outputArgs: [
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
    ...['-b:v', '16M', '-maxrate', '16M', '-bufsize', '32M'],
  ],
});
const decoding = await measure(() =>
  ffmpeg.run(['-i', source, '-f', 'null', '-'], { timeoutMs: 600_000 }),
);
const sourceMbps = ((await stat(source)).size * 8) / SOURCE_SECONDS / 1e6;
report(`(source) ${sourceMbps.toFixed(1)} Mbit/s H.264; decoding it alone`, decoding);

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
let oneRunCpu = 0;
for (const preset of ['veryfast', 'superfast'] as const) {
  const ladder = await measure(() =>
    transcodeToHls(ffmpeg, {
      input: source,
      plan: { ...plan, preset },
      outputDir: output(`ladder-${preset}`),
    }),
  );
  ladders.set(preset, ladder.value);
  if (preset === 'veryfast') oneRunCpu = ladder.cpuSeconds;
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
report('(c) same ladder, one ffmpeg run per rendition, veryfast', perRendition);
console.log(
  `    per-rendition runs use ${(perRendition.cpuSeconds / oneRunCpu).toFixed(2)}x the CPU of the one run ` +
    '(whose figure includes its poster and probes)',
);

// (d) Quality of the 720p rendition against the source: the rendition is scaled back up to
// 1080p (as a player would show it) and compared frame by frame; timestamps are restarted because
// MPEG-TS segments do not start at zero.
async function quality(preset: X264Preset) {
  const ladder = ladders.get(preset)!;
  const rendition = ladder.renditions.find((candidate) => candidate.name === '720p')!;
  const { stderrTail } = await runProcess(
    binaries.ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-v', 'info'],
      ...['-i', path.join(ladder.outputDir, rendition.playlist), '-i', source],
      '-lavfi',
      '[0:v]setpts=PTS-STARTPTS,scale=1920:1080:flags=bicubic,split[d1][d2];' +
        '[1:v]setpts=PTS-STARTPTS,split[r1][r2];[d1][r1]ssim;[d2][r2]psnr',
      ...['-f', 'null', '-'],
    ],
    { timeoutMs: 1_800_000 },
  );
  const ssim = /SSIM .*All:([\d.]+)/.exec(stderrTail)?.[1];
  const psnr = /PSNR .*average:([\d.]+)/.exec(stderrTail)?.[1];
  console.log(
    `(d) 720p rendition, ${preset.padEnd(9)}  SSIM ${ssim}   PSNR ${psnr} dB   ` +
      `average ${(rendition.averageBandwidth / 1000).toFixed(0)} kbit/s, peak ${(rendition.bandwidth / 1000).toFixed(0)} kbit/s`,
  );
}
for (const preset of ladders.keys()) await quality(preset);

await rm(folder, { recursive: true, force: true });
