import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Ffmpeg, FfmpegRunOptions } from '../../adapters/ffmpeg/ffmpeg.ts';
import type { MediaProbe } from '../../adapters/ffmpeg/media-probe.ts';

/** A 10 s 720p source with stereo sound: three rungs, so a transcode makes a quick pass first. */
export const FAKE_SOURCE: MediaProbe = {
  durationSeconds: 10,
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  video: {
    width: 1280,
    height: 720,
    displayWidth: 1280,
    displayHeight: 720,
    frameRate: 30,
    codec: 'h264',
    pixelFormat: 'yuv420p',
    profile: 'High',
    level: 40,
    durationSeconds: 10,
  },
  audio: { codec: 'aac', channels: 2 },
};

export interface FakeFfmpegRun {
  kind: 'ladder' | 'poster';
  /** The x264 preset of a ladder run ('ultrafast' for the quick pass). */
  preset: string | null;
  /** How many renditions a ladder run encodes. */
  rungs: number;
}

const valueOf = (args: readonly string[], option: string) => args[args.indexOf(option) + 1];

/**
 * ffmpeg without the encoding: a ladder run writes, for each variant of `-var_stream_map`, a
 * finished media playlist and its segments where the HLS muxer would, reporting progress on the
 * way; a poster run writes its file; probing a segment answers H.264 with the source's sound.
 * `control.beforeRun` runs first in every run: make it throw for a failing ffmpeg, or wait.
 */
export function createFakeFfmpeg(source: MediaProbe = FAKE_SOURCE) {
  const runs: FakeFfmpegRun[] = [];
  const control = {
    source,
    /** What a ladder run reports, in order, through `onProgress`. */
    progress: [50, 100],
    beforeRun: async (_run: FakeFfmpegRun, _options: FfmpegRunOptions): Promise<void> => {},
    beforeProgress: (_percent: number): void => {},
  };

  async function writeLadder(args: readonly string[], options: FfmpegRunOptions): Promise<void> {
    const variants = valueOf(args, '-var_stream_map')!.split(' ').length;
    const segmentSeconds = Number(valueOf(args, '-hls_time'));
    const seconds = control.source.video.durationSeconds ?? control.source.durationSeconds;
    const lengths = Array.from({ length: Math.ceil(seconds / segmentSeconds) }, (_, index) =>
      Math.min(segmentSeconds, seconds - index * segmentSeconds),
    );
    const segmentName = (index: number) =>
      path
        .basename(valueOf(args, '-hls_segment_filename')!)
        .replace('%04d', String(index).padStart(4, '0'));
    for (let variant = 0; variant < variants; variant += 1) {
      const playlist = args.at(-1)!.replace('%v', String(variant));
      await mkdir(path.dirname(playlist), { recursive: true });
      for (const index of lengths.keys()) {
        await writeFile(
          path.join(path.dirname(playlist), segmentName(index)),
          Buffer.alloc(1000 * (variants - variant)),
        );
      }
      await writeFile(
        playlist,
        [
          '#EXTM3U',
          `#EXT-X-TARGETDURATION:${segmentSeconds}`,
          ...lengths.flatMap((length, index) => [
            `#EXTINF:${length.toFixed(6)},`,
            segmentName(index),
          ]),
          '#EXT-X-ENDLIST',
          '',
        ].join('\n'),
      );
    }
    for (const percent of control.progress) {
      control.beforeProgress(percent);
      options.onProgress?.(percent);
    }
  }

  const ffmpeg: Ffmpeg = {
    async probe(file, { signal } = {}) {
      signal?.throwIfAborted();
      await stat(file);
      if (file.endsWith('.ts')) {
        return {
          ...structuredClone(control.source),
          video: { ...control.source.video, codec: 'h264', profile: 'High', level: 40 },
          audio: control.source.audio && { codec: 'aac', channels: control.source.audio.channels },
        };
      }
      return structuredClone(control.source);
    },

    async run(args, options) {
      options.signal?.throwIfAborted();
      const poster = args.includes('image2');
      const run: FakeFfmpegRun = {
        kind: poster ? 'poster' : 'ladder',
        preset: poster ? null : valueOf(args, '-preset:v:0')!,
        rungs: poster ? 0 : valueOf(args, '-var_stream_map')!.split(' ').length,
      };
      runs.push(run);
      await control.beforeRun(run, options);
      options.signal?.throwIfAborted();
      if (poster) await writeFile(args.at(-1)!, Buffer.from('fake jpeg'));
      else await writeLadder(args, options);
    },
  };

  return { ...ffmpeg, runs, control };
}

export type FakeFfmpeg = ReturnType<typeof createFakeFfmpeg>;
