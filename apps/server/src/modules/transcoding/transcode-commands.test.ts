import { describe, expect, it } from 'vitest';
import { videoInput } from '../../adapters/ffmpeg/media-input.ts';
import { buildHlsLadderArgs, buildPosterArgs } from './transcode-commands.ts';
import type { LadderPlan } from './ladder.ts';

const PLAN: LadderPlan = {
  durationSeconds: 10,
  videoSeconds: 10,
  frameRate: 30,
  preset: 'veryfast',
  segmentSeconds: 4,
  rungs: [
    {
      name: '720p',
      width: 1280,
      height: 720,
      scaleFilter: 'scale=1280:720,setsar=1',
      videoBitrateKbps: 2800,
      audioBitrateKbps: 128,
    },
    {
      name: '360p',
      width: 640,
      height: 360,
      scaleFilter: 'scale=640:360,setsar=1',
      videoBitrateKbps: 800,
      audioBitrateKbps: 96,
    },
  ],
  audio: { from: 'source', channels: 2, sampleRate: 48000 },
  poster: { atSeconds: 1, width: 1280, height: 720 },
};

/** The value following `option`, or undefined when the option is absent. */
const valueOf = (args: string[], option: string) => {
  const index = args.indexOf(option);
  return index < 0 ? undefined : args[index + 1];
};

describe('the one-run HLS ladder command', () => {
  const args = buildHlsLadderArgs(PLAN, '/in/source.mov', '/out/hls.partial');

  it('decodes once and splits the picture into one scaler per rung', () => {
    expect(valueOf(args, '-filter_complex')?.split(';').slice(0, 3)).toEqual([
      '[0:v]fps=30,format=yuv420p,split=2[split0][split1]',
      '[split0]scale=1280:720,setsar=1[video0]',
      '[split1]scale=640:360,setsar=1[video1]',
    ]);
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
  });

  it("opens the source as a user's video: from the disk only, as a video container only", () => {
    expect(args.slice(0, videoInput('').length)).toEqual(videoInput('/in/source.mov'));
  });

  it("gives every rung the source's sound at 48 kHz stereo, to the AAC frame after the picture", () => {
    // 10 s is 468.75 frames of 1024 samples: 469, the last quarter its own last samples mirrored.
    expect(valueOf(args, '-filter_complex')?.split(';').slice(3)).toEqual([
      '[0:a:0]aresample=48000:async=1:first_pts=0,aformat=channel_layouts=stereo,apad,' +
        'atrim=end_sample=480000,asplit=2[sound][soundtail]',
      '[soundtail]atrim=start_sample=478976,areverse[mirror]',
      '[sound][mirror]concat=n=2:v=0:a=1,atrim=end_sample=480256,asplit=2[audio0][audio1]',
    ]);
    expect(args.join(' ')).toContain('-map [video0] -map [audio0] -map [video1] -map [audio1]');
    expect(valueOf(args, '-c:a')).toBe('aac');
  });

  it('addresses every per-rendition option by stream type, never by output index', () => {
    expect(valueOf(args, '-preset:v:0')).toBe('veryfast');
    expect(valueOf(args, '-preset:v:1')).toBe('veryfast');
    expect(valueOf(args, '-b:v:1')).toBe('800k');
    expect(valueOf(args, '-b:a:1')).toBe('96k');
    expect(args.some((arg) => /^-\w+:\d+$/.test(arg))).toBe(false);
  });

  it('forces keyframes on the segment grid and segments every rung into its folder', () => {
    expect(valueOf(args, '-force_key_frames:v')).toBe('expr:gte(t,n_forced*4)');
    expect(valueOf(args, '-hls_time')).toBe('4');
    expect(valueOf(args, '-hls_playlist_type')).toBe('vod');
    expect(valueOf(args, '-hls_segment_filename')).toBe('/out/hls.partial/%v/segment-%04d.ts');
    // Variants are named by index (the 2018 ffmpeg refuses `name:`); the transcoder renames them.
    expect(valueOf(args, '-var_stream_map')).toBe('v:0,a:0 v:1,a:1');
    expect(args.at(-1)).toBe('/out/hls.partial/%v/index.m3u8');
    expect(args).not.toContain('-master_pl_name');
  });

  it('makes up silence, to the AAC frame after the picture, for a silent source', () => {
    const silent = buildHlsLadderArgs(
      { ...PLAN, audio: { ...PLAN.audio, from: 'silence' } },
      '/in/a.mp4',
      '/out',
    );
    expect(valueOf(silent, '-filter_complex')?.split(';')[3]).toBe(
      'anullsrc=channel_layout=stereo:sample_rate=48000,atrim=end_sample=480256,' +
        'asplit=2[audio0][audio1]',
    );
    expect(silent.join(' ')).not.toContain('0:a');
    expect(valueOf(silent, '-var_stream_map')).toBe('v:0,a:0 v:1,a:1');
  });

  it("drops each audio stream's first packet, the AAC priming, only when asked", () => {
    expect(args).not.toContain('-bsf:a');
    const trimmed = buildHlsLadderArgs(PLAN, '/in/a.mp4', '/out', { trimAudioPriming: true });
    expect(valueOf(trimmed, '-bsf:a')).toBe('noise=drop=not(n)');
  });
});

describe('the poster command', () => {
  it('seeks before decoding and writes one JPEG frame at the planned size', () => {
    expect(buildPosterArgs(PLAN, '/in/a.mp4', '/out/poster.jpg')).toEqual([
      ...['-ss', '1.000', ...videoInput('/in/a.mp4')],
      ...['-frames:v', '1', '-vf', 'scale=1280:720,setsar=1'],
      ...['-q:v', '3', '-an', '-f', 'image2', '/out/poster.jpg'],
    ]);
  });
});
