import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpeg, type Ffmpeg } from '../../adapters/ffmpeg/ffmpeg.ts';
import { resolveFfmpeg, type FfmpegBinaries } from '../../adapters/ffmpeg/resolve-ffmpeg.ts';
import { runProcess } from '../../adapters/ffmpeg/run-process.ts';
import { testClip, testTenBitMov, type TestClipFixture } from '../../test/media-fixtures.ts';
import { UnsupportedMediaError } from '../../adapters/ffmpeg/unsupported-media-error.ts';
import { parseMediaPlaylist } from './hls-playlists.ts';
import { transcodeToHls, type HlsTranscodeResult } from './hls-transcoder.ts';
import { planLadder, planQuickRendition, type LadderOptions } from './ladder.ts';

let binaries: FfmpegBinaries;
let ffmpeg: Ffmpeg;
let folder: string;
const file = (...parts: string[]) => path.join(folder, ...parts);

beforeAll(async () => {
  binaries = await resolveFfmpeg();
  ffmpeg = createFfmpeg(binaries);
  folder = await mkdtemp(path.join(tmpdir(), 'plotline-hls-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/**
 * Probes, plans and transcodes `input` into `<folder>/<name>`, collecting the progress; with the
 * binaries the file resolved unless `engine` is given.
 */
async function transcode(
  input: string,
  name: string,
  options: LadderOptions & { quick?: boolean; signal?: AbortSignal; engine?: Ffmpeg } = {},
) {
  const engine = options.engine ?? ffmpeg;
  const plan = planLadder(await engine.probe(input), options);
  const percents: number[] = [];
  const result = await transcodeToHls(engine, {
    input,
    plan: options.quick ? planQuickRendition(plan) : plan,
    outputDir: file(name),
    onProgress: (percent) => percents.push(percent),
    signal: options.signal,
  });
  return { result, percents };
}

/** A shared clip made by the binaries the file resolved: read only. */
const clip = (spec: TestClipFixture) => testClip(spec, { binaries });

/** The helpers below run the binaries the file resolved, unless given others as `tools`. */
async function ffprobeJson(args: string[], tools = binaries): Promise<Record<string, unknown[]>> {
  const { stdout } = await runProcess(tools.ffprobe, ['-v', 'error', '-of', 'json', ...args], {
    timeoutMs: 30_000,
    env: tools.ffprobeEnv,
  });
  return JSON.parse(stdout);
}

async function firstVideoFrame(segment: string, tools = binaries) {
  const { frames } = await ffprobeJson(
    [
      ...['-select_streams', 'v:0', '-read_intervals', '%+#1'],
      ...['-show_frames', '-show_entries', 'frame=key_frame,pict_type', segment],
    ],
    tools,
  );
  return frames![0] as { key_frame: number; pict_type: string };
}

async function streamsOf(media: string, tools = binaries) {
  const { streams } = await ffprobeJson(['-show_streams', media], tools);
  return streams as {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    sample_aspect_ratio?: string;
    pix_fmt?: string;
    profile?: string;
    sample_rate?: string;
    channels?: number;
    start_pts?: number;
  }[];
}

/** Where a segment's picture and sound start, on its 90 kHz clock. */
async function startsOf(segment: string, tools = binaries) {
  const streams = await streamsOf(segment, tools);
  const start = (type: string) => streams.find((stream) => stream.codec_type === type)?.start_pts;
  return { video: start('video'), audio: start('audio') };
}

/** A segment's sound decoded at 48 kHz, mixed to mono. */
async function decodedSound(segment: string, tools = binaries): Promise<Int16Array> {
  const raw = `${segment}.pcm`;
  await runProcess(
    tools.ffmpeg,
    [
      ...['-v', 'error', '-y', '-i', segment, '-map', '0:a', '-ac', '1', '-ar', '48000'],
      ...['-f', 's16le', raw],
    ],
    { timeoutMs: 30_000, env: tools.ffmpegEnv },
  );
  const bytes = await readFile(raw);
  return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
}

/** How many samples a sound starts and ends with below 1/50 of full scale. */
function silentEdges(samples: Int16Array): { leading: number; trailing: number } {
  const loud = (sample: number) => Math.abs(sample) > 32768 / 50;
  const first = samples.findIndex(loud);
  if (first < 0) return { leading: samples.length, trailing: samples.length };
  return { leading: first, trailing: samples.length - 1 - samples.findLastIndex(loud) };
}

/** Samples in one AAC frame, and its priming: 21.3 ms at 48 kHz. */
const AAC_FRAME = 1024;
const TS_TICKS_PER_AAC_FRAME = (AAC_FRAME * 90_000) / 48_000;

/** The options x264 wrote into the stream, which tell which preset encoded it. */
async function x264Options(segment: string, tools = binaries): Promise<string> {
  const { stdout } = await runProcess(
    tools.ffmpeg,
    ['-v', 'error', '-i', segment, '-map', '0:v', '-c', 'copy', '-f', 'h264', '-'],
    { timeoutMs: 30_000, env: tools.ffmpegEnv },
  );
  return /options: ([^\0]*)/.exec(stdout)?.[1] ?? '';
}

async function segmentsOf(result: HlsTranscodeResult, index: number) {
  const rendition = result.renditions[index]!;
  const playlistFile = path.join(result.outputDir, rendition.playlist);
  const { segments } = parseMediaPlaylist(await readFile(playlistFile, 'utf8'));
  return segments.map((segment) => ({
    ...segment,
    file: path.join(path.dirname(playlistFile), segment.uri),
  }));
}

async function expectNothingLeft(name: string) {
  await expect(stat(file(name))).rejects.toMatchObject({ code: 'ENOENT' });
  await expect(stat(file(`${name}.partial`))).rejects.toMatchObject({ code: 'ENOENT' });
}

describe('the full ladder of a 720p clip with sound', () => {
  let result: HlsTranscodeResult;
  let percents: number[];

  beforeAll(async () => {
    const source = await clip({ width: 1280, height: 720, seconds: 3 });
    // 1 s segments give a 3 s clip three segments to compare; production uses 4 s.
    ({ result, percents } = await transcode(source, 'ladder', { segmentSeconds: 1 }));
  });

  it('makes 720p, 480p and 360p and nothing above the source', () => {
    expect(result.renditions.map(({ name, width, height }) => [name, width, height])).toEqual([
      ['720p', 1280, 720],
      ['480p', 854, 480],
      ['360p', 640, 360],
    ]);
    expect(result.durationSeconds).toBeCloseTo(3, 1);
  });

  it('writes a master playlist of measured peak bitrates, sizes, codecs and frame rate', async () => {
    const master = await readFile(path.join(result.outputDir, result.master), 'utf8');
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)];
    expect(variants.map((variant) => variant[2])).toEqual([
      '720p/index.m3u8',
      '480p/index.m3u8',
      '360p/index.m3u8',
    ]);
    for (const [index, variant] of variants.entries()) {
      const segments = await segmentsOf(result, index);
      const peak = Math.max(
        ...(await Promise.all(
          segments.map(async (s) => ((await stat(s.file)).size * 8) / s.durationSeconds),
        )),
      );
      const attributes = variant[1]!;
      expect(attributes).toContain(`BANDWIDTH=${Math.ceil(peak)},`);
      expect(attributes).toMatch(/AVERAGE-BANDWIDTH=\d+,/);
      const { width, height } = result.renditions[index]!;
      expect(attributes).toContain(`RESOLUTION=${width}x${height}`);
      expect(attributes).toMatch(/CODECS="avc1\.6400[0-9a-f]{2},mp4a\.40\.2"/);
      expect(attributes).toContain('FRAME-RATE=30.000');
    }
    expect(master).toMatch(/^#EXTM3U\n/);
  });

  it('cuts every rendition into the same segments', async () => {
    const durations = await Promise.all(
      [0, 1, 2].map(async (index) =>
        (await segmentsOf(result, index)).map((s) => s.durationSeconds),
      ),
    );
    expect(durations[0]).toHaveLength(3);
    for (const other of durations.slice(1)) {
      other.forEach((duration, index) => expect(duration).toBeCloseTo(durations[0]![index]!, 1));
    }
    expect(result.renditions.every((rendition) => rendition.segmentCount === 3)).toBe(true);
  });

  it('starts every segment on a keyframe', async () => {
    for (const index of [0, 2]) {
      for (const segment of (await segmentsOf(result, index)).slice(0, 2)) {
        expect(await firstVideoFrame(segment.file)).toMatchObject({ key_frame: 1, pict_type: 'I' });
      }
    }
  });

  it('encodes every rendition with the veryfast preset, not only the first', async () => {
    for (const index of [0, 1, 2]) {
      const options = await x264Options((await segmentsOf(result, index))[0]!.file);
      // subme=2 and me=hex are what veryfast sets; the default (medium) has subme=7.
      expect(options).toMatch(/ me=hex subme=2 /);
    }
  });

  it('reports progress that grows to 100', () => {
    expect(percents.at(-1)).toBe(100);
    expect(percents.length).toBeGreaterThan(2);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('makes a JPEG poster at the top rendition size', async () => {
    const [poster] = await streamsOf(path.join(result.outputDir, result.thumbnail));
    expect(poster).toMatchObject({ codec_name: 'mjpeg', width: 1280, height: 720 });
    const { stdout } = await runProcess(
      binaries.ffmpeg,
      ['-v', 'error', '-i', path.join(result.outputDir, result.thumbnail), '-f', 'null', '-'],
      { timeoutMs: 30_000, env: binaries.ffmpegEnv },
    );
    expect(stdout).toBe('');
  });

  it('leaves no working folder behind', async () => {
    expect((await readdir(folder)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });
});

describe('transcoding other sources', () => {
  it('makes a quick first pass of the lowest rung alone, at ultrafast', async () => {
    const source = await clip({ width: 854, height: 480, seconds: 2 });
    const { result, percents } = await transcode(source, 'quick', { quick: true });
    expect(result.renditions.map((rendition) => rendition.name)).toEqual(['360p']);
    const master = await readFile(path.join(result.outputDir, result.master), 'utf8');
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toMatch(/CODECS="avc1\.42e0[0-9a-f]{2},mp4a\.40\.2"/);
    expect(await x264Options((await segmentsOf(result, 0))[0]!.file)).toMatch(/ subme=0 /);
    expect(percents.at(-1)).toBe(100);
  });

  it('gives a clip without sound a silent track as long as the picture, with 4 s segments by default', async () => {
    const source = await clip({ width: 320, height: 180, seconds: 9, audio: false });
    const { result } = await transcode(source, 'silent');
    expect(result.renditions.map(({ name, width, height }) => [name, width, height])).toEqual([
      ['180p', 320, 180],
    ]);
    const segments = await segmentsOf(result, 0);
    expect(segments.map((segment) => segment.durationSeconds)).toEqual([4, 4, 1]);
    for (const segment of segments) {
      const [video, audio] = await streamsOf(segment.file);
      expect(video).toMatchObject({ codec_type: 'video' });
      // The layout of every item with sound, so one stream plays silent and sounding items alike.
      expect(audio).toMatchObject({
        codec_type: 'audio',
        codec_name: 'aac',
        sample_rate: '48000',
        channels: 2,
      });
    }
    // The silence lasts as long as the picture, to the last frame.
    const last = await ffprobeJson([
      ...['-show_entries', 'packet=codec_type,pts,duration', segments.at(-1)!.file],
    ]);
    const ends = (type: string) =>
      Math.max(
        ...(last.packets as { codec_type: string; pts: number; duration: number }[])
          .filter((packet) => packet.codec_type === type)
          .map((packet) => packet.pts + packet.duration),
      );
    expect(Math.abs(ends('audio') - ends('video'))).toBeLessThanOrEqual(TS_TICKS_PER_AAC_FRAME);
    const master = await readFile(path.join(result.outputDir, result.master), 'utf8');
    expect(master).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
  });

  it('keeps a vertical clip vertical', async () => {
    const source = await clip({ width: 360, height: 640, seconds: 2 });
    const { result } = await transcode(source, 'vertical');
    expect(result.renditions.map(({ width, height }) => [width, height])).toEqual([[360, 640]]);
    const [video] = await streamsOf((await segmentsOf(result, 0))[0]!.file);
    expect(video).toMatchObject({ width: 360, height: 640 });
    const [poster] = await streamsOf(path.join(result.outputDir, result.thumbnail));
    expect(poster).toMatchObject({ width: 360, height: 640 });
  });

  it('turns a 10-bit .mov into 8-bit H.264', async () => {
    const { file: source, codec } = await testTenBitMov(
      { width: 640, height: 360, seconds: 2 },
      { binaries },
    );
    expect((await ffmpeg.probe(source)).video).toMatchObject({
      codec,
      pixelFormat: 'yuv420p10le',
    });
    const { result } = await transcode(source, 'ten-bit');
    const [video] = await streamsOf((await segmentsOf(result, 0))[0]!.file);
    expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', profile: 'High' });
  });

  it('evens out a variable-frame-rate clip on aligned segments', async () => {
    // Every frame for the first second, then every third: 30 fps, then 10 fps.
    const source = await clip({
      width: 854,
      height: 480,
      seconds: 3,
      outputArgs: [
        // -vsync, deprecated for -fps_mode in 5.1, is what the 2018 ffmpeg of the npm fallback knows.
        ...['-vf', 'select=lt(t\\,1)+not(mod(n\\,3))', '-vsync', 'vfr'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ],
    });
    const probe = await ffmpeg.probe(source);
    expect(probe.video.frameRate).toBeLessThan(29);
    const { result } = await transcode(source, 'variable', { segmentSeconds: 1 });
    expect(result.renditions.map((rendition) => rendition.segmentCount)).toEqual([3, 3]);
    expect(result.durationSeconds).toBeCloseTo(3, 0);
    for (const segment of (await segmentsOf(result, 1)).slice(0, 2)) {
      expect((await firstVideoFrame(segment.file)).key_frame).toBe(1);
    }
  });

  it('refuses an MP4 cut short after its index, and leaves nothing behind', async () => {
    const source = await clip({
      width: 320,
      height: 180,
      seconds: 3,
      outputArgs: ['-c:v', 'libx264', '-preset', 'ultrafast', '-movflags', '+faststart'],
    });
    const whole = await readFile(source);
    await writeFile(file('cut.mp4'), whole.subarray(0, Math.floor(whole.length / 2)));
    // The index at the front still promises 3 s; the decoder meets the end of the data early.
    const error = await transcode(file('cut.mp4'), 'cut').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedMediaError);
    expect(error).toMatchObject({ reason: 'truncated' });
    expect((error as Error).message).toMatch(/stops after 1\.\d s of 3\.0 s/);
    await expectNothingLeft('cut');
  });

  it('replaces the result of an earlier run', async () => {
    const source = await clip({ width: 320, height: 180, seconds: 2 });
    await mkdir(file('again'), { recursive: true });
    await writeFile(file('again', 'stale.txt'), 'from an earlier run');
    await mkdir(file('again.partial'), { recursive: true });
    const { result } = await transcode(source, 'again');
    expect((await readdir(result.outputDir)).sort()).toEqual(['180p', 'master.m3u8', 'poster.jpg']);
    await expect(stat(file('again.partial'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stops when aborted and leaves nothing behind', async () => {
    const source = await clip({ width: 640, height: 360, seconds: 20 });
    const controller = new AbortController();
    const running = transcode(source, 'aborted', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('job cancelled')), 300);
    await expect(running).rejects.toThrow('job cancelled');
    await expectNothingLeft('aborted');
  });
});

describe("square pixels in the source's display aspect", () => {
  /** Odd sizes; the landscape one stored anamorphic, 959x719 pixels 4:3 wide: 1278.7x719 shown. */
  const SOURCES = [
    {
      name: 'wide',
      width: 959,
      height: 719,
      sar: '4/3',
      audio: true,
      display: (959 * 4) / 3 / 719,
    },
    { name: 'tall', width: 719, height: 1279, sar: '1/1', audio: false, display: 719 / 1279 },
  ];
  const results = new Map<string, HlsTranscodeResult>();

  beforeAll(async () => {
    for (const { name, width, height, sar, audio } of SOURCES) {
      const source = await clip({
        width,
        height,
        seconds: 2,
        audio,
        // testsrc2 draws even sizes; 4:4:4 lets H.264 keep odd ones.
        outputArgs: [
          ...['-vf', `scale=${width}:${height},setsar=${sar}`],
          ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv444p'],
        ],
      });
      const [stored] = await streamsOf(source);
      expect(stored).toMatchObject({ width, height, sample_aspect_ratio: sar.replace('/', ':') });
      results.set(name, (await transcode(source, name)).result);
    }
  });

  it.each(SOURCES)(
    'makes every rung of the $name source 1:1, in its display aspect',
    async ({ name, display }) => {
      const result = results.get(name)!;
      expect(result.renditions.length).toBe(2);
      for (const [index, rendition] of result.renditions.entries()) {
        const [video] = await streamsOf((await segmentsOf(result, index))[0]!.file);
        expect(video).toMatchObject({
          width: rendition.width,
          height: rendition.height,
          sample_aspect_ratio: '1:1',
        });
        const { width, height } = video as { width: number; height: number };
        expect(width % 2 === 0 && height % 2 === 0).toBe(true);
        // Within the rounding of the long side to an even number of pixels.
        if (display > 1) expect(Math.abs(width - height * display)).toBeLessThanOrEqual(1);
        else expect(Math.abs(height - width / display)).toBeLessThanOrEqual(1);
      }
      expect(result.renditions.map(({ width, height }) => `${width}x${height}`)).toEqual(
        display > 1 ? ['854x480', '640x360'] : ['480x854', '360x640'],
      );
      const [poster] = await streamsOf(path.join(result.outputDir, result.thumbnail));
      expect(poster).toMatchObject({
        width: result.renditions[0]!.width,
        sample_aspect_ratio: '1:1',
      });
    },
  );

  it('starts the sound with the picture, the AAC priming dropped, and plays it to its last frame', async () => {
    expect(await ffmpeg.canDropPackets!()).toBe(true);
    for (const name of ['wide', 'tall']) {
      const result = results.get(name)!;
      for (const index of [0, 1]) {
        const first = (await segmentsOf(result, index))[0]!.file;
        const { video, audio } = await startsOf(first);
        expect(audio).toBe(video);
        if (name !== 'wide') continue;
        // The tone sounds within half an AAC frame (decoded without the frame before it), and
        // plays to the end of the last frame: no padding of the encoder's is left to hear.
        expect(silentEdges(await decodedSound(first)).leading).toBeLessThan(AAC_FRAME / 2);
        const last = (await segmentsOf(result, index)).at(-1)!.file;
        expect(silentEdges(await decodedSound(last)).trailing).toBeLessThan(128);
      }
    }
  });
});

describe('with the packaged ffmpeg fallback', () => {
  let packaged: FfmpegBinaries;
  let source: string;
  let result: HlsTranscodeResult;
  let percents: number[];

  beforeAll(async () => {
    // Chosen whatever this machine has on PATH: the 2018 ffmpeg and 2023 ffprobe from npm.
    packaged = await resolveFfmpeg({ sources: ['packaged'], workDir: file('packaged-work') });
    source = await testClip({ width: 854, height: 480, seconds: 3 }, { binaries: packaged });
    ({ result, percents } = await transcode(source, 'packaged', {
      segmentSeconds: 1,
      engine: createFfmpeg(packaged),
    }));
  });

  it('runs the npm builds', () => {
    expect(packaged).toMatchObject({ ffmpegSource: 'packaged', ffprobeSource: 'packaged' });
    expect(packaged.ffmpeg).toContain('@ffmpeg-installer');
    expect(packaged.ffprobeEnv.GCONV_PATH).toBe(file('packaged-work', 'empty-gconv'));
  });

  it('makes a ladder of complete, aligned renditions that start on keyframes', async () => {
    expect(result.renditions.map(({ name, width, height }) => [name, width, height])).toEqual([
      ['480p', 854, 480],
      ['360p', 640, 360],
    ]);
    expect((await readdir(result.outputDir)).sort()).toEqual([
      '360p',
      '480p',
      'master.m3u8',
      'poster.jpg',
    ]);
    for (const index of [0, 1]) {
      const segments = await segmentsOf(result, index);
      expect(segments.map((segment) => segment.durationSeconds)).toEqual([1, 1, 1]);
      for (const segment of segments) {
        expect(await firstVideoFrame(segment.file, packaged)).toMatchObject({ key_frame: 1 });
      }
      const [video, audio] = await streamsOf(segments[0]!.file, packaged);
      // 360p of 854x480 is 640.5 wide: rounded to 640 by the plan, not by squeezing the pixels.
      expect(video).toMatchObject({
        codec_name: 'h264',
        pix_fmt: 'yuv420p',
        sample_aspect_ratio: '1:1',
      });
      expect(audio).toMatchObject({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
      expect(await x264Options(segments[0]!.file, packaged)).toMatch(/ me=hex subme=2 /);
    }
    expect(percents.at(-1)).toBe(100);
  });

  it('keeps the AAC priming it cannot drop: the sound starts one frame before the picture', async () => {
    expect(await createFfmpeg(packaged).canDropPackets!()).toBe(false);
    const { video, audio } = await startsOf((await segmentsOf(result, 0))[0]!.file, packaged);
    expect(video! - audio!).toBe(TS_TICKS_PER_AAC_FRAME);
  });

  it('writes the master playlist itself, with the measured peak as BANDWIDTH', async () => {
    const master = await readFile(path.join(result.outputDir, result.master), 'utf8');
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)];
    expect(variants.map((variant) => variant[2])).toEqual(['480p/index.m3u8', '360p/index.m3u8']);
    for (const [index, variant] of variants.entries()) {
      const segments = await segmentsOf(result, index);
      const sizes = await Promise.all(segments.map(async (s) => (await stat(s.file)).size));
      const peak = Math.max(...sizes.map((bytes, i) => (bytes * 8) / segments[i]!.durationSeconds));
      expect(variant[1]).toContain(`BANDWIDTH=${Math.ceil(peak)},`);
      expect(variant[1]).toMatch(/CODECS="avc1\.64[0-9a-f]{4},mp4a\.40\.2"/);
      expect(variant[1]).toContain('FRAME-RATE=30.000');
    }
  });

  it('makes the poster', async () => {
    const [poster] = await streamsOf(path.join(result.outputDir, result.thumbnail), packaged);
    expect(poster).toMatchObject({ codec_name: 'mjpeg', width: 854, height: 480 });
  });

  it('makes the quick first pass', async () => {
    const { result: quick } = await transcode(source, 'packaged-quick', {
      quick: true,
      engine: createFfmpeg(packaged),
    });
    expect(quick.renditions.map((rendition) => rendition.name)).toEqual(['360p']);
    const segment = (await segmentsOf(quick, 0))[0]!.file;
    expect(await x264Options(segment, packaged)).toMatch(/ subme=0 /);
    const master = await readFile(path.join(quick.outputDir, quick.master), 'utf8');
    expect(master).toMatch(/BANDWIDTH=\d+,.*RESOLUTION=640x360/);
  });
});
