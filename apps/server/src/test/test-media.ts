import type { FfmpegBinaries } from '../adapters/ffmpeg/resolve-ffmpeg.ts';
import { runProcess } from '../adapters/ffmpeg/run-process.ts';

/**
 * Synthetic sources for tests and the bench, made with ffmpeg's own generators. Tests take them
 * from media-fixtures.ts, which makes each once; these make one every call.
 */
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

/** Runs ffmpeg with `args` and then the file it writes. */
export async function makeTestMedia(
  binaries: FfmpegBinaries,
  file: string,
  args: readonly string[],
): Promise<void> {
  await runProcess(binaries.ffmpeg, [...args, file], {
    timeoutMs: 300_000,
    env: binaries.ffmpegEnv,
  });
}

/** What `makeTestClip` runs ffmpeg with, but the file. */
export function testClipArguments({
  width,
  height,
  seconds,
  frameRate = 30,
  audio = true,
  outputArgs,
}: TestClipSpec): string[] {
  const audioInput = audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : [];
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${frameRate}`],
    ...audioInput,
    ...['-t', String(seconds)],
    ...(outputArgs ?? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']),
    ...(audio ? ['-c:a', 'aac', '-b:a', '96k'] : []),
  ];
}

export async function makeTestClip(
  binaries: FfmpegBinaries,
  file: string,
  spec: TestClipSpec,
): Promise<void> {
  await makeTestMedia(binaries, file, testClipArguments(spec));
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
 * takes the same 10-bit conversion path. Answers the clip's spec and the codec it uses.
 */
export async function tenBitMovSpec(
  binaries: FfmpegBinaries,
  spec: Omit<TestClipSpec, 'outputArgs'>,
): Promise<{ spec: TestClipSpec; codec: 'hevc' | 'h264' }> {
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
  return {
    spec: { ...spec, outputArgs: [...encoder, '-pix_fmt', 'yuv420p10le', '-f', 'mov'] },
    codec: hevc ? 'hevc' : 'h264',
  };
}

/** What `makeTestPicture` runs ffmpeg with, but the file, whose extension names the format. */
export function testPictureArguments({ width, height }: { width: number; height: number }) {
  return [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}`],
    ...['-frames:v', '1', '-y'],
  ];
}

/** A still picture of ffmpeg's test pattern, in the format the file's extension names. */
export async function makeTestPicture(
  binaries: FfmpegBinaries,
  file: string,
  size: { width: number; height: number },
): Promise<void> {
  await makeTestMedia(binaries, file, testPictureArguments(size));
}
