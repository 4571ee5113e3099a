import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeDisguisedFiles,
  secretClip,
  startDecoyServer,
  type DecoyServer,
  type DisguisedFile,
} from '../../test/disguised-media.ts';
import { copyTestPicture, testClip } from '../../test/media-fixtures.ts';
import { createFfmpeg, type Ffmpeg } from './ffmpeg.ts';
import { formatRefusal, inputRefusal, videoInput, type VIDEO_CONTAINERS } from './media-input.ts';
import { resolveFfmpeg, type FfmpegBinaries } from './resolve-ffmpeg.ts';
import { ProcessFailedError, runProcess } from './run-process.ts';
import { UnsupportedMediaError } from './unsupported-media-error.ts';

let folder: string;
let system: FfmpegBinaries;
let decoy: DecoyServer;
let disguised: DisguisedFile[];
/** A clip in each accepted container, by demuxer name. */
const containers: { format: keyof typeof VIDEO_CONTAINERS; file: string }[] = [];

/** Small clips in each container, with the codecs usually found in it. */
const CONTAINER_CLIPS: Record<
  keyof typeof VIDEO_CONTAINERS,
  { extension: string; args: string[] }
> = {
  mov: { extension: 'mov', args: ['-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mov'] },
  matroska: { extension: 'webm', args: ['-c:v', 'libvpx', '-f', 'webm'] },
  avi: { extension: 'avi', args: ['-c:v', 'mpeg4', '-f', 'avi'] },
  mpegts: { extension: 'mts', args: ['-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mpegts'] },
  mpeg: { extension: 'mpg', args: ['-c:v', 'mpeg2video', '-f', 'vob'] },
  flv: { extension: 'flv', args: ['-c:v', 'flv', '-f', 'flv'] },
  ogg: { extension: 'ogv', args: ['-c:v', 'libtheora', '-f', 'ogg'] },
  asf: { extension: 'wmv', args: ['-c:v', 'wmv2', '-f', 'asf'] },
  mxf: { extension: 'mxf', args: ['-c:v', 'mpeg2video', '-f', 'mxf'] },
  nut: { extension: 'nut', args: ['-c:v', 'rawvideo', '-pix_fmt', 'yuv420p', '-f', 'nut'] },
};

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'plotline-media-input-'));
  system = await resolveFfmpeg();
  const secret = await secretClip(system);
  decoy = await startDecoyServer(secret);
  disguised = await makeDisguisedFiles(system, folder, { secret, url: decoy.url });
  // Named as an image sequence pattern (frame-%03d.png) would read them.
  for (const frame of ['frame-001.png', 'frame-002.png']) {
    await copyTestPicture({ width: 64, height: 48 }, path.join(folder, frame), {
      binaries: system,
    });
  }
  for (const [format, { extension, args }] of Object.entries(CONTAINER_CLIPS)) {
    const file = await testClip(
      {
        width: 64,
        height: 48,
        seconds: 0.5,
        // MXF takes broadcast rates only.
        frameRate: 25,
        audio: false,
        outputArgs: args,
        extension,
      },
      { binaries: system },
    );
    containers.push({ format: format as keyof typeof VIDEO_CONTAINERS, file });
  }
}, 120_000);

afterAll(async () => {
  await decoy?.close();
  await rm(folder, { recursive: true, force: true });
});

async function refusalOf(ffmpeg: Ffmpeg, file: string): Promise<UnsupportedMediaError> {
  const error = await ffmpeg.probe(file).catch((e: unknown) => e);
  expect(error, file).toBeInstanceOf(UnsupportedMediaError);
  return error as UnsupportedMediaError;
}

describe.each([
  { build: "the system's", sources: ['system'] as const },
  { build: "npm's fallback", sources: ['packaged'] as const },
])('ffprobe and ffmpeg ($build) open a user file only as a video container', ({ sources }) => {
  let ffmpeg: Ffmpeg;
  beforeAll(async () => {
    ffmpeg = createFfmpeg(await resolveFfmpeg({ sources, workDir: path.join(folder, 'work') }));
  });

  it('refuses each disguised file, naming what it is, without reading what it names', async () => {
    for (const { kind, file, reason, message } of disguised) {
      const error = await refusalOf(ffmpeg, file);
      expect([kind, error.reason, error.message]).toEqual([kind, reason, message]);
    }
    expect(decoy.requests).toEqual([]);
  });

  it('never opens what a playlist names', async () => {
    // Opening a FIFO for reading waits for a writer, which never comes: a probe that opened the
    // playlist's segment would hang until its timeout instead of refusing at once.
    const fifo = path.join(folder, `fifo-${sources[0]}.ts`);
    await runProcess('mkfifo', [fifo], { timeoutMs: 5_000 });
    const playlist = path.join(folder, `fifo-${sources[0]}.mp4`);
    await writeFile(
      playlist,
      `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${fifo}\n#EXT-X-ENDLIST\n`,
    );
    const error = await ffmpeg.probe(playlist, { timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'playlist' });
  });

  it('reads a clip in every accepted container', async () => {
    for (const { format, file } of containers) {
      const probe = await ffmpeg.probe(file);
      expect(probe.formatName.split(','), file).toContain(format);
      expect(probe.video).toMatchObject({ width: 64, height: 48 });
    }
  });

  it('refuses an image sequence pattern in an ffmpeg run, where it would read every frame', async () => {
    const output = path.join(folder, `sequence-${sources[0]}.mp4`);
    const error = await ffmpeg
      .run([...videoInput(path.join(folder, 'frame-%03d.png')), output], { timeoutMs: 30_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessFailedError);
    expect((error as ProcessFailedError).stderrTail).toMatch(/\[image2 @ .*not on whitelist/);
    await expect(stat(output)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a playlist in an ffmpeg run, as in the probe', async () => {
    const playlist = disguised.find((file) => file.kind === 'hls-file')!.file;
    const output = path.join(folder, `poster-${sources[0]}.jpg`);
    const error = await ffmpeg
      .run([...videoInput(playlist), '-frames:v', '1', output], { timeoutMs: 30_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessFailedError);
    await expect(stat(output)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('naming the refusal', () => {
  it('names a format off the list by what ffmpeg found it to be, in either build', () => {
    const reasonOf = (stderr: string) => inputRefusal(stderr, '')?.reason;
    expect(reasonOf("[hls @ 0x55d0c0] Format not on whitelist 'mov,matroska'")).toBe('playlist');
    expect(reasonOf("[hls,applehttp @ 0x20867c40] Format not on whitelist 'mov'")).toBe('playlist');
    expect(reasonOf("[concat @ 0x1] Format not on whitelist 'mov'")).toBe('playlist');
    expect(reasonOf("[tty @ 0x1] Format not on whitelist 'mov'")).toBe('subtitles');
    expect(reasonOf("[image2 @ 0x1] Format not on whitelist 'mov'")).toBe('image-sequence');
    expect(reasonOf("[png_pipe @ 0x1] Format not on whitelist 'mov'")).toBe('still-image');
    expect(reasonOf("[mp3 @ 0x1] Format not on whitelist 'mov'")).toBe('unsupported-format');
    expect(reasonOf('moov atom not found')).toBeUndefined();
  });

  it('takes a text playlist ffmpeg did not recognise for one', () => {
    expect(inputRefusal('Invalid data', '\uFEFF#EXTM3U\n/x.ts')?.reason).toBe('playlist');
    expect(inputRefusal('Invalid data', 'ffconcat version 1.0')?.reason).toBe('playlist');
    expect(inputRefusal('Invalid data', 'RIFF')).toBeNull();
  });

  it('says which format it found when it is none of the named kinds', () => {
    expect(formatRefusal('mp3').message).toMatch(/^This file \(mp3\) is not in a video format /);
    expect(formatRefusal(null).message).toMatch(/^This file is not in a video format /);
  });
});
