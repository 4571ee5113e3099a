import { runProcess } from './run-process.ts';

export interface FfmpegBinaries {
  /** What to spawn: an explicit path, or the bare name found on PATH. */
  ffmpeg: string;
  ffprobe: string;
  /** First line of `ffmpeg -version`, worth logging at start-up. */
  ffmpegVersion: string;
}

export interface FfmpegLocations {
  /** FFMPEG_PATH from the configuration. */
  ffmpegPath?: string | undefined;
  /** FFPROBE_PATH from the configuration. */
  ffprobePath?: string | undefined;
}

interface Candidate {
  command: string;
  /** How the candidate was found, for the error message. */
  origin: string;
}

/**
 * The first candidate that answers `-version`, tried in order. A packaged fallback binary would be
 * one more candidate at the end of the list.
 */
async function firstWorking(
  tool: 'ffmpeg' | 'ffprobe',
  candidates: Candidate[],
): Promise<{ command: string; version: string }> {
  const failures: string[] = [];
  for (const { command, origin } of candidates) {
    try {
      const { stdout } = await runProcess(command, ['-version'], { timeoutMs: 10_000 });
      const version = stdout.split('\n')[0] ?? '';
      if (version.startsWith(`${tool} version`)) return { command, version };
      failures.push(`${origin} (${command}) is not ${tool}: it printed "${version}"`);
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : (error as Error).message;
      failures.push(`${origin} (${command}): ${reason}`);
    }
  }
  const variable = tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH';
  throw new Error(
    `No working ${tool}: ${failures.join('; ')}. Install ffmpeg (on Debian: apt-get install ffmpeg) ` +
      `or set ${variable} to its executable.`,
  );
}

/**
 * Finds ffmpeg and ffprobe: the explicit paths when given (a wrong explicit path is an error, never
 * silently replaced), else the names on PATH.
 */
export async function resolveFfmpeg(locations: FfmpegLocations = {}): Promise<FfmpegBinaries> {
  const candidatesFor = (tool: 'ffmpeg' | 'ffprobe', explicit: string | undefined): Candidate[] =>
    explicit
      ? [{ command: explicit, origin: tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH' }]
      : [{ command: tool, origin: 'PATH' }];
  const [ffmpeg, ffprobe] = await Promise.all([
    firstWorking('ffmpeg', candidatesFor('ffmpeg', locations.ffmpegPath)),
    firstWorking('ffprobe', candidatesFor('ffprobe', locations.ffprobePath)),
  ]);
  return { ffmpeg: ffmpeg.command, ffprobe: ffprobe.command, ffmpegVersion: ffmpeg.version };
}
