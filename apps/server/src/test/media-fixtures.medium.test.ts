import { createHash } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFfmpeg } from '../adapters/ffmpeg/ffmpeg.ts';
import type { FfmpegBinaries } from '../adapters/ffmpeg/resolve-ffmpeg.ts';
import { copyTestClip, testClip, testPicture, type FixtureOptions } from './media-fixtures.ts';
import { testFfmpegBinaries } from './test-media-pipeline.ts';

const CLIP = { width: 160, height: 90, seconds: 0.5 };

let scratch: string;
let system: FfmpegBinaries;
/** The machine's ffmpeg behind a script that counts its runs in `runsFile`. */
let counted: FfmpegBinaries;
let runsFile: string;
let options: FixtureOptions;

const sha256Of = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
const runs = async () => (await readFile(runsFile, 'utf8').catch(() => '')).length;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'plotline-media-fixtures-'));
  system = await testFfmpegBinaries();
  runsFile = path.join(scratch, 'runs');
  const script = path.join(scratch, 'counting-ffmpeg');
  await writeFile(script, `#!/bin/sh\nprintf x >> '${runsFile}'\nexec '${system.ffmpeg}' "$@"\n`);
  await chmod(script, 0o755);
  counted = { ...system, ffmpeg: script };
});

beforeEach(async () => {
  await rm(runsFile, { force: true });
  options = { binaries: counted, folder: await mkdtemp(path.join(scratch, 'cache-')) };
});

afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('media fixtures', () => {
  it('makes a clip once for the same arguments, however many ask at once or after', async () => {
    const [first, second] = await Promise.all([testClip(CLIP, options), testClip(CLIP, options)]);
    const third = await testClip(CLIP, options);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(await runs()).toBe(1);
    expect((await createFfmpeg(system).probe(first)).video).toMatchObject({
      width: 160,
      height: 90,
    });
    // Only the file and its hash: nothing half-written is left.
    expect((await readdir(options.folder!)).sort()).toEqual(
      [path.basename(first), `${path.basename(first)}.sha256`].sort(),
    );
  });

  it('makes a file again when it no longer matches its hash, or its hash is gone', async () => {
    const file = await testClip(CLIP, options);
    const made = await readFile(file);
    await writeFile(file, made.subarray(0, made.length / 2));
    expect(await testClip(CLIP, options)).toBe(file);
    expect(await runs()).toBe(2);
    expect(await sha256Of(file)).toBe(await readFile(`${file}.sha256`, 'utf8'));
    expect((await createFfmpeg(system).probe(file)).durationSeconds).toBeCloseTo(0.5, 1);

    await rm(`${file}.sha256`);
    expect(await testClip(CLIP, options)).toBe(file);
    expect(await runs()).toBe(3);
    expect(await readFile(`${file}.sha256`, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('makes another file for other arguments, another container or another ffmpeg', async () => {
    const file = await testClip(CLIP, options);
    const others = [
      await testClip({ ...CLIP, audio: false }, options),
      await testClip({ ...CLIP, extension: 'mov' }, options),
      await testPicture({ width: 160, height: 90 }, 'png', options),
      await testClip(CLIP, {
        ...options,
        binaries: { ...counted, ffmpegVersion: `${counted.ffmpegVersion} (another build)` },
      }),
    ];
    expect(new Set([file, ...others]).size).toBe(5);
    expect(await runs()).toBe(5);
    expect((await createFfmpeg(system).probe(others[0]!)).audio).toBeNull();
    expect((await createFfmpeg(system).probe(others[1]!)).formatName).toContain('mov');
  });

  it('hands out copies that may be changed without touching the shared file', async () => {
    const copy = path.join(scratch, 'mine.mp4');
    expect(await copyTestClip(CLIP, copy, options)).toBe(copy);
    await writeFile(copy, 'changed');
    const shared = await testClip(CLIP, options);
    expect((await stat(shared)).size).toBeGreaterThan('changed'.length);
    expect(await runs()).toBe(1);
  });
});
