import { PACKAGES, preparePackaged, type FfmpegTool } from './packaged-ffmpeg.ts';
import { runProcess } from './run-process.ts';

/** Where a binary was found: the configured path, the system's PATH, or the npm fallback. */
export type FfmpegSource = 'explicit' | 'system' | 'packaged';

export interface FfmpegBinaries {
  /** What to spawn: an explicit path, the bare name found on PATH, or the packaged file's path. */
  ffmpeg: string;
  ffprobe: string;
  /**
   * Variables each must run with, on top of the server's environment: none for the system's
   * binaries, GCONV_PATH for the packaged ones (see packaged-ffmpeg.ts). Pass them to runProcess.
   */
  ffmpegEnv: Readonly<Record<string, string>>;
  ffprobeEnv: Readonly<Record<string, string>>;
  /** Where each was found, worth logging at start-up. */
  ffmpegSource: FfmpegSource;
  ffprobeSource: FfmpegSource;
  /** First lines of `ffmpeg -version` and `ffprobe -version`, worth logging at start-up. */
  ffmpegVersion: string;
  ffprobeVersion: string;
}

export interface FfmpegLocations {
  /** FFMPEG_PATH from the configuration. */
  ffmpegPath?: string | undefined;
  /** FFPROBE_PATH from the configuration. */
  ffprobePath?: string | undefined;
  /**
   * Where to look, in order, for a tool without an explicit path. Default: the system's, then the
   * packaged fallback; tests pass `['packaged']` to run the fallback on any machine.
   */
  sources?: readonly Exclude<FfmpegSource, 'explicit'>[];
  /**
   * A writable directory for the packaged fallback (its empty GCONV_PATH folder, and runnable
   * copies of binaries installed without the exec bit in a read-only node_modules). Default:
   * `<os.tmpdir()>/plotline-ffmpeg`.
   */
  workDir?: string | undefined;
}

interface Candidate {
  source: FfmpegSource;
  /** How the candidate is named in the error message. */
  origin: string;
  /** What to spawn and with which variables; may throw why there is nothing to spawn. */
  prepare: () => Promise<{ command: string; env: Record<string, string> }>;
}

interface Found {
  command: string;
  env: Record<string, string>;
  source: FfmpegSource;
  version: string;
}

const VARIABLES: Record<FfmpegTool, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };

/** The first candidate that answers `-version` as `tool`, tried in order. */
async function firstWorking(tool: FfmpegTool, candidates: Candidate[]): Promise<Found> {
  const failures: string[] = [];
  for (const { source, origin, prepare } of candidates) {
    let command: string | undefined;
    try {
      const prepared = await prepare();
      command = prepared.command;
      const { stdout } = await runProcess(command, ['-version'], {
        timeoutMs: 10_000,
        env: prepared.env,
      });
      const version = stdout.split('\n')[0] ?? '';
      if (version.startsWith(`${tool} version`)) {
        return { command, env: prepared.env, source, version };
      }
      failures.push(`${origin} (${command}) is not ${tool}: it printed "${version}"`);
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : (error as Error).message;
      failures.push(`${origin}${command ? ` (${command})` : ''}: ${reason}`);
    }
  }
  const variable = VARIABLES[tool];
  const advice =
    candidates[0]?.source === 'explicit'
      ? `Correct ${variable}, or unset it to use the system's ${tool}.`
      : `Install ffmpeg (on Debian: apt-get install ffmpeg) or set ${variable} to its executable.`;
  throw new Error(`No working ${tool}: ${failures.join('; ')}. ${advice}`);
}

/**
 * Finds ffmpeg and ffprobe, each on its own: the explicit path when given (a wrong explicit path
 * is an error, never silently replaced), else the name on PATH (the system's ffmpeg, Debian's in
 * CI, is the supported one), else the static build its npm package ships. The packaged build is
 * made runnable and given the environment it needs only when it is reached.
 */
export async function resolveFfmpeg({
  ffmpegPath,
  ffprobePath,
  sources = ['system', 'packaged'],
  workDir,
}: FfmpegLocations = {}): Promise<FfmpegBinaries> {
  const candidatesFor = (tool: FfmpegTool, explicit: string | undefined): Candidate[] => {
    if (explicit) {
      return [
        {
          source: 'explicit',
          origin: VARIABLES[tool],
          prepare: async () => ({ command: explicit, env: {} }),
        },
      ];
    }
    return sources.map((source): Candidate =>
      source === 'system'
        ? { source, origin: 'PATH', prepare: async () => ({ command: tool, env: {} }) }
        : {
            source,
            origin: `the npm package ${PACKAGES[tool]}`,
            prepare: () => preparePackaged(tool, { workDir }),
          },
    );
  };
  const [ffmpeg, ffprobe] = await Promise.all([
    firstWorking('ffmpeg', candidatesFor('ffmpeg', ffmpegPath)),
    firstWorking('ffprobe', candidatesFor('ffprobe', ffprobePath)),
  ]);
  return {
    ffmpeg: ffmpeg.command,
    ffprobe: ffprobe.command,
    ffmpegEnv: ffmpeg.env,
    ffprobeEnv: ffprobe.env,
    ffmpegSource: ffmpeg.source,
    ffprobeSource: ffprobe.source,
    ffmpegVersion: ffmpeg.version,
    ffprobeVersion: ffprobe.version,
  };
}
