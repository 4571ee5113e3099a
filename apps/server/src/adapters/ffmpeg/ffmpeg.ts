import { stat } from 'node:fs/promises';
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
  /** Refuses with UnsupportedMediaError what cannot become a video. */
  probe(file: string, options?: ProbeOptions): Promise<MediaProbe>;
  /** Runs ffmpeg with `args` (input and output options, no global ones) and waits for its end. */
  run(args: readonly string[], options: FfmpegRunOptions): Promise<void>;
  /**
   * Whether this ffmpeg drops chosen packets (`-bsf noise=drop=<expression>`, ffmpeg 5 and later;
   * not the 2018 build of the npm fallback). Asked once; absent (a fake) counts as no.
   */
  canDropPackets?(): Promise<boolean>;
}

const PROBE_TIMEOUT_MS = 30_000;

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
          ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
          { timeoutMs, signal, env: binaries.ffprobeEnv },
        ));
      } catch (error) {
        if (!(error instanceof ProcessFailedError) || error.exitCode === null) throw error;
        throw new UnsupportedMediaError(
          'not-media',
          'This file is not a video that can be read; it may be damaged or incomplete.',
          error.stderrTail,
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
