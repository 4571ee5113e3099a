import { open, stat } from 'node:fs/promises';
import { inputRefusal, videoInput } from './media-input.ts';
import { readProbeJson, type MediaProbe } from './media-probe.ts';
import { createProgressTracker } from './progress.ts';
import type { FfmpegBinaries } from './resolve-ffmpeg.ts';
import { ProcessFailedError, runProcess } from './run-process.ts';
import { UnsupportedMediaError } from './unsupported-media-error.ts';

export interface ProbeOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface FfmpegRunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** With `durationSeconds`, receives whole percents as they grow, 100 when ffmpeg reports its end. */
  onProgress?: (percent: number) => void;
  /** The probed length of the input, which `-progress` time is measured against. */
  durationSeconds?: number;
}

/** ffmpeg and ffprobe as the pipeline uses them; tests of rules can pass a fake. */
export interface Ffmpeg {
  /**
   * Refuses with UnsupportedMediaError what cannot become a video; opens `file` as videoInput
   * does, so a playlist, a concat script or another format off the list is refused unread.
   */
  probe(file: string, options?: ProbeOptions): Promise<MediaProbe>;
  /**
   * Runs ffmpeg with `args` (input and output options, no global ones) and waits for its end. A
   * user's file goes in through videoInput or imageInput (media-input.ts), never a bare `-i`.
   */
  run(args: readonly string[], options: FfmpegRunOptions): Promise<void>;
  /**
   * Whether this ffmpeg drops chosen packets (`-bsf noise=drop=<expression>`, ffmpeg 5 and later;
   * not the 2018 build of the npm fallback). Asked once; absent (a fake) counts as no.
   */
  canDropPackets?(): Promise<boolean>;
}

const PROBE_TIMEOUT_MS = 30_000;

/** Enough of a file's start to tell a text playlist (see inputRefusal). */
const HEAD_BYTES = 64;

async function headOf(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

export function createFfmpeg(binaries: FfmpegBinaries): Ffmpeg {
  let dropsPackets: Promise<boolean> | undefined;
  return {
    async probe(file, { timeoutMs = PROBE_TIMEOUT_MS, signal } = {}) {
      // A missing file is the caller's bug and keeps its ENOENT; an empty one is the uploader's.
      if ((await stat(file)).size === 0) {
        throw new UnsupportedMediaError('empty-file', 'This file is empty.');
      }
      let stdout: string;
      try {
        ({ stdout } = await runProcess(
          binaries.ffprobe,
          [
            ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'],
            ...videoInput(file),
          ],
          { timeoutMs, signal, env: binaries.ffprobeEnv },
        ));
      } catch (error) {
        if (!(error instanceof ProcessFailedError) || error.exitCode === null) throw error;
        throw (
          inputRefusal(error.stderrTail, await headOf(file)) ??
          new UnsupportedMediaError(
            'not-media',
            'This file is not a video that can be read; it may be damaged or incomplete.',
            error.stderrTail,
          )
        );
      }
      return readProbeJson(JSON.parse(stdout));
    },

    async run(args, { timeoutMs, signal, onProgress, durationSeconds = 0 }) {
      const progressArgs = onProgress ? ['-progress', 'pipe:1', '-nostats'] : [];
      await runProcess(
        binaries.ffmpeg,
        ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...progressArgs, ...args],
        {
          timeoutMs,
          signal,
          env: binaries.ffmpegEnv,
          dieWithParent: true,
          onStdoutLine: onProgress && createProgressTracker(durationSeconds, onProgress),
        },
      );
    },

    canDropPackets() {
      dropsPackets ??= runProcess(binaries.ffmpeg, ['-hide_banner', '-h', 'bsf=noise'], {
        timeoutMs: PROBE_TIMEOUT_MS,
        env: binaries.ffmpegEnv,
      }).then(
        ({ stdout }) => /^\s*-drop\s/m.test(stdout),
        () => false,
      );
      return dropsPackets;
    },
  };
}
