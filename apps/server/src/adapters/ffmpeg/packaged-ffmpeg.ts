import {
  access,
  chmod,
  constants,
  copyFile,
  lstat,
  mkdir,
  rename,
  rm,
  stat,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The fallback when a machine has no ffmpeg of its own: the static builds that
 * `@ffmpeg-installer/ffmpeg` (a 2018 ffmpeg) and `@ffprobe-installer/ffprobe` (a 2023 ffprobe) ship
 * in node_modules. Their defects, and what is done about them here:
 * - the files may lack the exec bit when npm skipped the packages' install scripts (the root
 *   package.json does not approve them): made executable in place, or copied where they can be;
 * - ffprobe segfaults on every MPEG-TS file, our HLS segments included, unless GCONV_PATH names an
 *   empty directory (the static glibc then loads none of the system's iconv modules): both tools
 *   run with it;
 * - ffmpeg crashes when writing its own master playlist and refuses `name:` in -var_stream_map:
 *   the transcoder uses neither (see transcode-commands.ts).
 */

export type FfmpegTool = 'ffmpeg' | 'ffprobe';

export const PACKAGES: Record<FfmpegTool, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

/** Where the fallback writes by default: runnable copies of the binaries, the empty gconv folder. */
export const DEFAULT_WORK_DIR = path.join(tmpdir(), 'plotline-ffmpeg');

export interface PackagedBinary {
  /** What to spawn: the packaged file, or a runnable copy of it in the work directory. */
  command: string;
  /** Variables it must run with, on top of the server's environment. */
  env: Record<string, string>;
}

export interface PackagedOptions {
  /** A writable directory; default DEFAULT_WORK_DIR. */
  workDir?: string;
}

/**
 * The binary's path as its package exports it. The package is loaded only now: where npm installed
 * no build for the platform (it is an optional dependency), loading it throws, and the fallback is
 * merely missing.
 */
export async function packagedPath(tool: FfmpegTool): Promise<string> {
  try {
    const loaded =
      tool === 'ffmpeg'
        ? await import('@ffmpeg-installer/ffmpeg')
        : await import('@ffprobe-installer/ffprobe');
    return loaded.default.path;
  } catch (thrown) {
    // @ffmpeg-installer/ffmpeg throws bare strings ("Unsupported platform/architecture: …").
    const reason = thrown instanceof Error ? thrown.message : String(thrown);
    throw new Error(`${PACKAGES[tool]} has no binary for this machine: ${reason}`, {
      cause: thrown,
    });
  }
}

const isExecutable = (file: string) =>
  access(file, constants.X_OK).then(
    () => true,
    () => false,
  );

export interface ExecutableOptions {
  /**
   * Changes the mode of the packaged file itself; tests stand in one that fails, as it does when
   * node_modules is read-only or belongs to another user.
   */
  chmodInPlace?: (file: string, mode: number) => Promise<void>;
}

/**
 * `file` if it can be run; else `file` after `chmod u+x` (what the package's skipped install
 * script does); else, when that is refused (read-only node_modules, another owner) or does not help
 * (a noexec mount), a copy with mode 0755 in `copyDir`, named by the original's size and time so
 * that an upgraded package is copied again. Concurrent callers may copy at once: each writes its own
 * temporary file and renames it into place.
 */
export async function ensureExecutable(
  file: string,
  copyDir: string,
  { chmodInPlace = chmod }: ExecutableOptions = {},
): Promise<string> {
  if (await isExecutable(file)) return file;
  const { mode, size, mtimeMs } = await stat(file);
  try {
    await chmodInPlace(file, (mode & 0o7777) | 0o100);
    if (await isExecutable(file)) return file;
  } catch {
    // Not ours to change: a copy will do.
  }
  const copy = path.join(copyDir, `${path.basename(file)}-${size}-${Math.trunc(mtimeMs)}`);
  if ((await isExecutable(copy)) && (await stat(copy)).size === size) return copy;
  await mkdir(copyDir, { recursive: true });
  const partial = `${copy}.${process.pid}.partial`;
  try {
    await copyFile(file, partial);
    await chmod(partial, 0o755);
    await rename(partial, copy);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  if (!(await isExecutable(copy))) {
    throw new Error(`${copy} cannot be run either (is ${copyDir} on a noexec mount?)`);
  }
  return copy;
}

/**
 * Makes `dir` if missing and checks that only this user can write to it: what it holds is run (the
 * copies) or loaded as code (whatever sits in GCONV_PATH), and the default lives in the shared
 * temporary directory, where another user could have made it first.
 */
async function privateDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  const ownUid = process.getuid?.();
  const shared = ownUid !== undefined && (info.uid !== ownUid || (info.mode & 0o022) !== 0);
  if (!info.isDirectory() || shared) {
    throw new Error(`${dir} must be a directory that only this user can write to`);
  }
  return dir;
}

/** The packaged `tool`, made runnable, with the environment it must run with. */
export async function preparePackaged(
  tool: FfmpegTool,
  { workDir = DEFAULT_WORK_DIR }: PackagedOptions = {},
): Promise<PackagedBinary> {
  const file = await packagedPath(tool);
  await privateDir(workDir);
  const command = await ensureExecutable(file, await privateDir(path.join(workDir, 'bin')));
  // Empty: the static glibc then loads no iconv module, neither the system's nor anyone's.
  const gconvDir = await privateDir(path.join(workDir, 'empty-gconv'));
  return { command, env: { GCONV_PATH: gconvDir } };
}
