import { mkdir, mkdtemp, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureExecutable, packagedPath } from './packaged-ffmpeg.ts';
import { resolveFfmpeg } from './resolve-ffmpeg.ts';

let folder: string;
/** A folder holding `ffmpeg` and `ffprobe`, standing for a system install whatever this machine has. */
let systemBin: string;
/** A folder with neither. */
let emptyBin: string;
let packagedFfmpeg: string;
let packagedFfprobe: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'plotline-resolve-'));
  const copies = path.join(folder, 'copies');
  packagedFfmpeg = await ensureExecutable(await packagedPath('ffmpeg'), copies);
  packagedFfprobe = await ensureExecutable(await packagedPath('ffprobe'), copies);
  systemBin = path.join(folder, 'system-bin');
  emptyBin = path.join(folder, 'empty-bin');
  await mkdir(systemBin);
  await mkdir(emptyBin);
  await symlink(packagedFfmpeg, path.join(systemBin, 'ffmpeg'));
  await symlink(packagedFfprobe, path.join(systemBin, 'ffprobe'));
});

afterEach(() => {
  vi.unstubAllEnvs();
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const workDir = () => path.join(folder, 'work');

describe('finding ffmpeg', () => {
  it('takes ffmpeg and ffprobe from PATH when no path is configured', async () => {
    vi.stubEnv('PATH', systemBin);
    const binaries = await resolveFfmpeg({ workDir: workDir() });
    expect(binaries).toEqual({
      ffmpeg: 'ffmpeg',
      ffprobe: 'ffprobe',
      ffmpegEnv: {},
      ffprobeEnv: {},
      ffmpegSource: 'system',
      ffprobeSource: 'system',
      ffmpegVersion: expect.stringMatching(/^ffmpeg version /),
      ffprobeVersion: expect.stringMatching(/^ffprobe version /),
    });
  });

  it('prefers the configured paths to PATH', async () => {
    vi.stubEnv('PATH', systemBin);
    const binaries = await resolveFfmpeg({
      ffmpegPath: packagedFfmpeg,
      ffprobePath: packagedFfprobe,
    });
    expect(binaries).toMatchObject({
      ffmpeg: packagedFfmpeg,
      ffprobe: packagedFfprobe,
      ffmpegSource: 'explicit',
      ffprobeSource: 'explicit',
      ffmpegEnv: {},
    });
  });

  it('fails on a wrong configured path, naming the setting, though PATH has an ffmpeg', async () => {
    vi.stubEnv('PATH', systemBin);
    await expect(resolveFfmpeg({ ffmpegPath: '/nonexistent/ffmpeg' })).rejects.toThrow(
      'No working ffmpeg: FFMPEG_PATH (/nonexistent/ffmpeg): not found. ' +
        "Correct FFMPEG_PATH, or unset it to use the system's ffmpeg.",
    );
  });

  it('refuses a configured path that is some other program', async () => {
    await expect(resolveFfmpeg({ ffprobePath: packagedFfmpeg })).rejects.toThrow(
      `FFPROBE_PATH (${packagedFfmpeg}) is not ffprobe: it printed "ffmpeg version`,
    );
  });

  it('falls back to the packaged binaries when PATH has none', async () => {
    vi.stubEnv('PATH', emptyBin);
    const binaries = await resolveFfmpeg({ workDir: workDir() });
    const gconv = path.join(workDir(), 'empty-gconv');
    expect(binaries).toMatchObject({
      ffmpeg: packagedFfmpeg,
      ffprobe: packagedFfprobe,
      ffmpegSource: 'packaged',
      ffprobeSource: 'packaged',
      ffmpegEnv: { GCONV_PATH: gconv },
      ffprobeEnv: { GCONV_PATH: gconv },
    });
    expect((await stat(gconv)).isDirectory()).toBe(true);
  });

  it('takes each tool from where it is found', async () => {
    vi.stubEnv('PATH', emptyBin);
    const binaries = await resolveFfmpeg({ ffmpegPath: packagedFfmpeg, workDir: workDir() });
    expect(binaries).toMatchObject({ ffmpegSource: 'explicit', ffprobeSource: 'packaged' });
  });

  it('uses the packaged binaries though PATH has others when told to', async () => {
    vi.stubEnv('PATH', systemBin);
    const binaries = await resolveFfmpeg({ sources: ['packaged'], workDir: workDir() });
    expect(binaries).toMatchObject({ ffmpegSource: 'packaged', ffprobeSource: 'packaged' });
  });

  it('says what it tried and how to install ffmpeg when nothing works', async () => {
    vi.stubEnv('PATH', emptyBin);
    await expect(resolveFfmpeg({ sources: ['system'] })).rejects.toThrow(
      'No working ffmpeg: PATH (ffmpeg): not found. ' +
        'Install ffmpeg (on Debian: apt-get install ffmpeg) or set FFMPEG_PATH to its executable.',
    );
  });
});
