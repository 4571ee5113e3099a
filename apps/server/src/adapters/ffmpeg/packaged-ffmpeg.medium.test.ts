import { chmod, copyFile, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureExecutable, packagedPath, preparePackaged } from './packaged-ffmpeg.ts';
import { resolveFfmpeg, type FfmpegBinaries } from './resolve-ffmpeg.ts';
import { ProcessFailedError, runProcess } from './run-process.ts';
import { testClip } from '../../test/media-fixtures.ts';

let folder: string;
const file = (...parts: string[]) => path.join(folder, ...parts);
let packaged: FfmpegBinaries;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'plotline-packaged-'));
  packaged = await resolveFfmpeg({ sources: ['packaged'], workDir: file('work') });
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A copy of the packaged ffprobe as npm leaves it when it skips the install script: rw-r--r--. */
async function ffprobeWithoutExecBit(name: string): Promise<string> {
  const target = file(name);
  await copyFile(await packagedPath('ffprobe'), target);
  await chmod(target, 0o644);
  return target;
}

const answersVersion = async (command: string) =>
  (await runProcess(command, ['-version'], { timeoutMs: 10_000 })).stdout.split('\n')[0];

describe('the packages', () => {
  it('export the paths of their binaries', async () => {
    expect(await packagedPath('ffmpeg')).toMatch(/@ffmpeg-installer\/[\w-]+\/ffmpeg$/);
    expect(await packagedPath('ffprobe')).toMatch(/@ffprobe-installer\/[\w-]+\/ffprobe$/);
  });
});

describe('a packaged binary without the exec bit', () => {
  it('cannot be run as it is', async () => {
    const plain = await ffprobeWithoutExecBit('plain-ffprobe');
    await expect(answersVersion(plain)).rejects.toMatchObject({ code: 'EACCES' });
  });

  it('is made executable in place, as its install script would have', async () => {
    const plain = await ffprobeWithoutExecBit('ffprobe');
    expect(await ensureExecutable(plain, file('copies'))).toBe(plain);
    expect((await stat(plain)).mode & 0o777).toBe(0o744);
    expect(await answersVersion(plain)).toMatch(/^ffprobe version /);
  });

  it('is copied and the copy run when its mode cannot be changed', async () => {
    const readOnly = await ffprobeWithoutExecBit('read-only-ffprobe');
    const refuse = async () => {
      throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
    };
    const copy = await ensureExecutable(readOnly, file('copies'), { chmodInPlace: refuse });
    expect(path.dirname(copy)).toBe(file('copies'));
    expect((await stat(copy)).mode & 0o777).toBe(0o755);
    expect((await stat(readOnly)).mode & 0o777).toBe(0o644);
    expect(await answersVersion(copy)).toMatch(/^ffprobe version /);

    // A second start finds the copy made by the first.
    const { mtimeMs } = await stat(copy);
    expect(await ensureExecutable(readOnly, file('copies'), { chmodInPlace: refuse })).toBe(copy);
    expect((await stat(copy)).mtimeMs).toBe(mtimeMs);
    expect((await readdir(file('copies'))).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });
});

describe('the work directory', () => {
  it('is refused when others may write to it, since GCONV_PATH and the copies come from it', async () => {
    await mkdir(file('shared-work'));
    await chmod(file('shared-work'), 0o777);
    await expect(preparePackaged('ffprobe', { workDir: file('shared-work') })).rejects.toThrow(
      `${file('shared-work')} must be a directory that only this user can write to`,
    );
  });

  it('is made private, with an empty folder for GCONV_PATH', async () => {
    const { env } = await preparePackaged('ffmpeg', { workDir: file('new-work') });
    expect(env).toEqual({ GCONV_PATH: file('new-work', 'empty-gconv') });
    expect((await stat(file('new-work'))).mode & 0o777).toBe(0o700);
    expect(await readdir(file('new-work', 'empty-gconv'))).toEqual([]);
  });
});

describe('the packaged ffprobe on MPEG-TS', () => {
  let segment: string;

  beforeAll(async () => {
    segment = await testClip(
      {
        width: 320,
        height: 180,
        seconds: 1,
        outputArgs: [
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-pix_fmt',
          'yuv420p',
          '-f',
          'mpegts',
        ],
        extension: 'ts',
      },
      { binaries: packaged },
    );
  });

  const probe = (env?: Record<string, string>) =>
    runProcess(packaged.ffprobe, ['-v', 'error', '-of', 'json', '-show_format', segment], {
      timeoutMs: 30_000,
      env,
    });

  // Measured on Debian 12: 20 crashes in 20 runs without it, none with it.
  it('crashes without GCONV_PATH (the defect worked around)', async () => {
    const error = await probe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessFailedError);
    expect(error).toMatchObject({ exitCode: null, killedBy: 'SIGSEGV' });
  });

  it('reads it with the environment the fallback gives it', async () => {
    const { env } = await preparePackaged('ffprobe', { workDir: file('work') });
    expect(env).toEqual(packaged.ffprobeEnv);
    const { format } = JSON.parse((await probe(env)).stdout);
    expect(format).toMatchObject({ format_name: 'mpegts', nb_streams: 2 });
  });
});
