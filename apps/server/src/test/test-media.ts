import type { FfmpegBinaries } from '../adapters/ffmpeg/resolve-ffmpeg.ts';
import { runProcess } from '../adapters/ffmpeg/run-process.ts';

/** Synthetic sources for tests and the bench, made with ffmpeg's own generators. */
export interface TestClipSpec {
  width: number;
  height: number;
  seconds: number;
  frameRate?: number;
  /** A 440 Hz tone; false makes a silent clip with no audio track at all. */
  audio?: boolean;
  /** Encoder and container options; H.264 yuv420p by default. */
  outputArgs?: readonly string[];
}

export async function makeTestClip(
  binaries: FfmpegBinaries,
  file: string,
  { width, height, seconds, frameRate = 30, audio = true, outputArgs }: TestClipSpec,
): Promise<void> {
  const audioInput = audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : [];
  await runProcess(
    binaries.ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${frameRate}`],
      ...audioInput,
      ...['-t', String(seconds)],
      ...(outputArgs ?? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']),
      ...(audio ? ['-c:a', 'aac', '-b:a', '96k'] : []),
      file,
    ],
    { timeoutMs: 300_000, env: binaries.ffmpegEnv },
  );
}

/** Whether this ffmpeg build has an encoder, e.g. libx265 (distributions may leave it out). */
export async function hasEncoder(binaries: FfmpegBinaries, encoder: string): Promise<boolean> {
  const { stdout } = await runProcess(binaries.ffmpeg, ['-hide_banner', '-encoders'], {
    timeoutMs: 10_000,
    env: binaries.ffmpegEnv,
  });
  return stdout.split('\n').some((line) => line.trim().split(/\s+/)[1] === encoder);
}

/**
 * A 10-bit .mov as phones make them: HEVC when this ffmpeg has libx265, else 10-bit H.264, which
 * takes the same 10-bit conversion path. Returns the codec it used.
 */
export async function makeTenBitMov(
  binaries: FfmpegBinaries,
  file: string,
  spec: Omit<TestClipSpec, 'outputArgs'>,
): Promise<'hevc' | 'h264'> {
  const hevc = await hasEncoder(binaries, 'libx265');
  const encoder = hevc
    ? [
        '-c:v',
        'libx265',
        '-preset',
        'ultrafast',
        '-x265-params',
        'log-level=error',
        '-tag:v',
        'hvc1',
      ]
    : ['-c:v', 'libx264', '-preset', 'ultrafast'];
  await makeTestClip(binaries, file, {
    ...spec,
    outputArgs: [...encoder, '-pix_fmt', 'yuv420p10le', '-f', 'mov'],
  });
  return hevc ? 'hevc' : 'h264';
}

/** A still picture of ffmpeg's test pattern, in the format the file's extension names. */
export async function makeTestPicture(
  binaries: FfmpegBinaries,
  file: string,
  { width, height }: { width: number; height: number },
): Promise<void> {
  await runProcess(
    binaries.ffmpeg,
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}`],
      ...['-frames:v', '1', '-y', file],
    ],
    { timeoutMs: 30_000, env: binaries.ffmpegEnv },
  );
}
