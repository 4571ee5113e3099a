import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpeg, type Ffmpeg } from './ffmpeg.ts';
import { resolveFfmpeg, type FfmpegBinaries } from './resolve-ffmpeg.ts';
import { ProcessFailedError, runProcess } from './run-process.ts';
import { testClip, testMedia, testTenBitMov } from '../../test/media-fixtures.ts';
import { UnsupportedMediaError } from './unsupported-media-error.ts';

let binaries: FfmpegBinaries;
let ffmpeg: Ffmpeg;
let folder: string;
const file = (name: string) => path.join(folder, name);
/** A 2-second 320x180 clip with sound: a shared fixture, read only. */
let clip: string;

beforeAll(async () => {
  binaries = await resolveFfmpeg();
  ffmpeg = createFfmpeg(binaries);
  folder = await mkdtemp(path.join(tmpdir(), 'plotline-ffmpeg-'));
  clip = await testClip({ width: 320, height: 180, seconds: 2 }, { binaries });
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function refusal(media: string): Promise<UnsupportedMediaError> {
  const error = await ffmpeg.probe(media).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UnsupportedMediaError);
  return error as UnsupportedMediaError;
}

describe('probing real files', () => {
  it('describes a normal clip', async () => {
    const probe = await ffmpeg.probe(clip);
    expect(probe.durationSeconds).toBeCloseTo(2, 1);
    expect(probe.formatName).toContain('mp4');
    expect(probe.video).toMatchObject({
      width: 320,
      height: 180,
      displayWidth: 320,
      displayHeight: 180,
      frameRate: 30,
      codec: 'h264',
      pixelFormat: 'yuv420p',
    });
    expect(probe.audio).toEqual({ codec: 'aac', channels: 1 });
  });

  it('finds no audio in a silent clip', async () => {
    const silent = await testClip(
      { width: 320, height: 180, seconds: 1, audio: false },
      { binaries },
    );
    expect((await ffmpeg.probe(silent)).audio).toBeNull();
  });

  it('turns a clip stored sideways by its rotation metadata', async () => {
    await runProcess(
      binaries.ffmpeg,
      ['-v', 'error', '-i', clip, '-c', 'copy', '-metadata:s:v', 'rotate=90', file('sideways.mp4')],
      { timeoutMs: 30_000 },
    );
    expect((await ffmpeg.probe(file('sideways.mp4'))).video).toMatchObject({
      width: 320,
      height: 180,
      displayWidth: 180,
      displayHeight: 320,
    });
  });

  it('reads a 10-bit .mov', async () => {
    const { file: tenBit, codec } = await testTenBitMov(
      { width: 320, height: 180, seconds: 1 },
      { binaries },
    );
    const probe = await ffmpeg.probe(tenBit);
    expect(probe.video).toMatchObject({ codec, pixelFormat: 'yuv420p10le' });
    expect(probe.formatName).toContain('mov');
  });

  it('refuses an audio-only file as having no picture', async () => {
    const tone = await testMedia(
      ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1', '-c:a', 'aac'],
      'm4a',
      { binaries },
    );
    expect((await refusal(tone)).reason).toBe('no-video');
  });

  it('refuses a PNG renamed .mp4 as a still image', async () => {
    const picture = await testMedia(
      [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x64'],
        ...['-frames:v', '1', '-f', 'image2'],
      ],
      'mp4',
      { binaries },
    );
    const error = await refusal(picture);
    expect(error.reason).toBe('still-image');
    expect(error.message).toBe('This file is a still image, not a video.');
  });

  it('refuses a zero-byte file as empty', async () => {
    await writeFile(file('empty.mp4'), '');
    expect((await refusal(file('empty.mp4'))).reason).toBe('empty-file');
  });

  it('refuses an MP4 cut short before its index, keeping what ffprobe said for the logs', async () => {
    const whole = await readFile(clip);
    await writeFile(file('cut.mp4'), whole.subarray(0, Math.floor(whole.length / 2)));
    const error = await refusal(file('cut.mp4'));
    expect(error.reason).toBe('not-media');
    expect(error.message).toMatch(/damaged or incomplete/);
    expect(error.detail).toMatch(/moov atom not found/);
  });

  it('lets a missing file fail as a missing file, not as bad media', async () => {
    await expect(ffmpeg.probe(file('nowhere.mp4'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('the packaged fallback', () => {
  it('probes and runs with the environment each binary needs', async () => {
    // The packaged ffprobe crashes on MPEG-TS unless it runs with its GCONV_PATH.
    const packaged = await resolveFfmpeg({ sources: ['packaged'], workDir: file('work') });
    const engine = createFfmpeg(packaged);
    const percents: number[] = [];
    await engine.run(['-i', clip, '-c', 'copy', '-f', 'mpegts', file('clip.ts')], {
      timeoutMs: 30_000,
      durationSeconds: 2,
      onProgress: (percent) => percents.push(percent),
    });
    expect(percents.at(-1)).toBe(100);
    const probe = await engine.probe(file('clip.ts'));
    expect(probe.formatName).toBe('mpegts');
    expect(probe.video).toMatchObject({ width: 320, height: 180, codec: 'h264' });
    expect(probe.audio).toEqual({ codec: 'aac', channels: 1 });
  });
});

describe('running ffmpeg', () => {
  it('reports progress in growing percents up to 100', async () => {
    const percents: number[] = [];
    await ffmpeg.run(['-i', clip, '-f', 'null', '-'], {
      timeoutMs: 30_000,
      durationSeconds: 2,
      onProgress: (percent) => percents.push(percent),
    });
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('fails with what ffmpeg said when it cannot do the job', async () => {
    const error = await ffmpeg
      .run(['-i', clip, '-c:v', 'no-such-encoder', file('out.mp4')], {
        timeoutMs: 30_000,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessFailedError);
    expect((error as ProcessFailedError).stderrTail).toMatch(/no-such-encoder/);
    await expect(stat(file('out.mp4'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
