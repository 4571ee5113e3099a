import { describe, expect, it } from 'vitest';
import { readProbeJson } from './media-probe.ts';
import { UnsupportedMediaError } from './unsupported-media-error.ts';

const video = {
  codec_type: 'video',
  codec_name: 'h264',
  profile: 'High',
  level: 40,
  width: 1920,
  height: 1080,
  pix_fmt: 'yuv420p',
  avg_frame_rate: '30000/1001',
  r_frame_rate: '30000/1001',
  duration: '9.976633',
};
const audio = { codec_type: 'audio', codec_name: 'aac', channels: 2, duration: '10.005333' };
const format = { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '10.005333' };

function reason(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof UnsupportedMediaError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('reading ffprobe output', () => {
  it('takes the length of the file and of the video track apart', () => {
    const probe = readProbeJson({ format, streams: [video, audio] });
    expect(probe).toEqual({
      durationSeconds: 10.005333,
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      video: {
        width: 1920,
        height: 1080,
        displayWidth: 1920,
        displayHeight: 1080,
        frameRate: 30000 / 1001,
        codec: 'h264',
        pixelFormat: 'yuv420p',
        profile: 'High',
        level: 40,
        durationSeconds: 9.976633,
      },
      audio: { codec: 'aac', channels: 2 },
    });
  });

  it('turns the display size by the display matrix or the old rotate tag', () => {
    const matrix = { side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] };
    expect(readProbeJson({ format, streams: [{ ...video, ...matrix }] }).video).toMatchObject({
      width: 1920,
      displayWidth: 1080,
      displayHeight: 1920,
    });
    const tagged = { ...video, tags: { rotate: '270' } };
    expect(readProbeJson({ format, streams: [tagged] }).video.displayWidth).toBe(1080);
    const upsideDown = { ...video, tags: { rotate: '180' } };
    expect(readProbeJson({ format, streams: [upsideDown] }).video.displayWidth).toBe(1920);
  });

  it('stretches the display width by the sample aspect ratio, before turning it', () => {
    const anamorphic = { ...video, width: 1440, sample_aspect_ratio: '4:3' };
    expect(readProbeJson({ format, streams: [anamorphic] }).video).toMatchObject({
      width: 1440,
      displayWidth: 1920,
      displayHeight: 1080,
    });
    const narrow = { ...video, width: 720, height: 480, sample_aspect_ratio: '8:9' };
    expect(readProbeJson({ format, streams: [narrow] }).video).toMatchObject({
      displayWidth: 640,
      displayHeight: 480,
    });
    const sideways = {
      ...anamorphic,
      side_data_list: [{ side_data_type: 'Display Matrix', rotation: 90 }],
    };
    expect(readProbeJson({ format, streams: [sideways] }).video).toMatchObject({
      displayWidth: 1080,
      displayHeight: 1920,
    });
    const unknown = { ...video, sample_aspect_ratio: '0:1' };
    expect(readProbeJson({ format, streams: [unknown] }).video.displayWidth).toBe(1920);
  });

  it('falls back to r_frame_rate and to the video track length', () => {
    const probe = readProbeJson({
      format: { format_name: 'matroska,webm' },
      streams: [{ ...video, avg_frame_rate: '0/0', r_frame_rate: '25/1' }],
    });
    expect(probe.video.frameRate).toBe(25);
    expect(probe.durationSeconds).toBe(9.976633);
  });

  it('refuses an audio file, even with cover art', () => {
    const coverArt = { ...video, codec_name: 'mjpeg', disposition: { attached_pic: 1 } };
    expect(reason(() => readProbeJson({ format, streams: [coverArt, audio] }))).toBe('no-video');
    expect(() => readProbeJson({ format, streams: [audio] })).toThrow(/sound but no picture/);
  });

  it('refuses a still image', () => {
    const png = { format: { format_name: 'png_pipe' }, streams: [{ ...video, codec_name: 'png' }] };
    expect(reason(() => readProbeJson(png))).toBe('still-image');
  });

  it('refuses a format off the list of containers, naming its kind', () => {
    const as = (format_name: string) =>
      reason(() => readProbeJson({ format: { ...format, format_name }, streams: [video] }));
    expect(as('hls')).toBe('playlist');
    expect(as('concat')).toBe('playlist');
    expect(as('srt')).toBe('subtitles');
    expect(as('image2')).toBe('image-sequence');
    expect(as('h264')).toBe('unsupported-format');
    expect(as('matroska,webm')).toBeUndefined();
  });

  it('refuses a video without length', () => {
    const zero = {
      format: { ...format, duration: '0.000000' },
      streams: [{ ...video, duration: '0' }],
    };
    expect(reason(() => readProbeJson(zero))).toBe('zero-duration');
    const unknown = { format: { format_name: 'mpegts' }, streams: [{ ...video, duration: 'N/A' }] };
    expect(reason(() => readProbeJson(unknown))).toBe('zero-duration');
  });

  it('refuses a video whose picture size is unknown', () => {
    const sizeless = { format, streams: [{ ...video, width: 0, height: 0 }] };
    expect(reason(() => readProbeJson(sizeless))).toBe('not-media');
  });
});
