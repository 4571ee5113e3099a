import { describe, expect, it } from 'vitest';
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
      scaleFilter: 'scale=-2:720',
      videoBitrateKbps: 2800,
      audioBitrateKbps: 128,
    },
    {
      name: '360p',
      width: 640,
      height: 360,
      scaleFilter: 'scale=-2:360',
      videoBitrateKbps: 800,
      audioBitrateKbps: 96,
    },
  ],
  audio: { channels: 2 },
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
    expect(valueOf(args, '-filter_complex')).toBe(
      '[0:v]fps=30,format=yuv420p,split=2[split0][split1];' +
        '[split0]scale=-2:720[video0];[split1]scale=-2:360[video1]',
    );
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
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

  it('maps no audio for a silent source', () => {
    const silent = buildHlsLadderArgs({ ...PLAN, audio: null }, '/in/a.mp4', '/out');
    expect(silent).not.toContain('0:a:0');
    expect(silent).not.toContain('-c:a');
    expect(valueOf(silent, '-var_stream_map')).toBe('v:0 v:1');
  });
});

describe('the poster command', () => {
  it('seeks before decoding and writes one JPEG frame at the planned size', () => {
    expect(buildPosterArgs(PLAN, '/in/a.mp4', '/out/poster.jpg')).toEqual([
      ...['-ss', '1.000', '-i', '/in/a.mp4', '-frames:v', '1', '-vf', 'scale=1280:720'],
      ...['-q:v', '3', '-an', '-f', 'image2', '/out/poster.jpg'],
    ]);
  });
});
