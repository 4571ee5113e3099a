import { describe, expect, it } from 'vitest';
import type { MediaProbe } from '../../adapters/ffmpeg/media-probe.ts';
import { planLadder, planQuickRendition } from './ladder.ts';

function makeProbe(
  width: number,
  height: number,
  overrides: { audio?: MediaProbe['audio']; frameRate?: number; rotation?: 90 } = {},
): MediaProbe {
  const sideways = overrides.rotation === 90;
  return {
    durationSeconds: 60,
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    video: {
      width,
      height,
      displayWidth: sideways ? height : width,
      displayHeight: sideways ? width : height,
      frameRate: overrides.frameRate ?? 30,
      codec: 'h264',
      pixelFormat: 'yuv420p',
      profile: 'High',
      level: 40,
      durationSeconds: 59.9,
    },
    audio: overrides.audio === undefined ? { codec: 'aac', channels: 2 } : overrides.audio,
  };
}

const sizes = (probe: MediaProbe) =>
  planLadder(probe).rungs.map(({ name, width, height }) => `${name} ${width}x${height}`);

describe('planning the HLS ladder', () => {
  it('gives a landscape 1080p source all four rungs, scaled by height, highest first', () => {
    const plan = planLadder(makeProbe(1920, 1080));
    expect(
      plan.rungs.map(({ name, width, height, scaleFilter }) => [name, width, height, scaleFilter]),
    ).toEqual([
      ['1080p', 1920, 1080, 'scale=1920:1080,setsar=1'],
      ['720p', 1280, 720, 'scale=1280:720,setsar=1'],
      ['480p', 854, 480, 'scale=854:480,setsar=1'],
      ['360p', 640, 360, 'scale=640:360,setsar=1'],
    ]);
    expect(plan.rungs.map((rung) => rung.videoBitrateKbps)).toEqual([5000, 2800, 1400, 800]);
    expect(plan.audio).toEqual({ from: 'source', channels: 2, sampleRate: 48000 });
    expect(plan).toMatchObject({ preset: 'veryfast', segmentSeconds: 4, frameRate: 30 });
    expect(plan.videoSeconds).toBe(59.9);
    expect(plan.poster).toEqual({ atSeconds: 1, width: 1280, height: 720 });
  });

  it('never goes above 1080p for a 4K source', () => {
    expect(sizes(makeProbe(3840, 2160))).toEqual([
      '1080p 1920x1080',
      '720p 1280x720',
      '480p 854x480',
      '360p 640x360',
    ]);
  });

  it('gives a 720p source no 1080p', () => {
    expect(sizes(makeProbe(1280, 720))).toEqual(['720p 1280x720', '480p 854x480', '360p 640x360']);
  });

  it('keeps a vertical 1080x1920 source vertical', () => {
    const plan = planLadder(makeProbe(1080, 1920));
    expect(
      plan.rungs.map(({ width, height, scaleFilter }) => [width, height, scaleFilter]),
    ).toEqual([
      [1080, 1920, 'scale=1080:1920,setsar=1'],
      [720, 1280, 'scale=720:1280,setsar=1'],
      [480, 854, 'scale=480:854,setsar=1'],
      [360, 640, 'scale=360:640,setsar=1'],
    ]);
    expect(plan.poster).toMatchObject({ width: 720, height: 1280 });
  });

  it('turns a phone clip stored sideways by its rotation', () => {
    expect(sizes(makeProbe(1920, 1080, { rotation: 90 }))[0]).toBe('1080p 1080x1920');
  });

  it('gives a source smaller than 360p one rung at its own size', () => {
    const plan = planLadder(makeProbe(320, 180));
    expect(plan.rungs).toEqual([
      {
        name: '180p',
        width: 320,
        height: 180,
        scaleFilter: 'scale=320:180,setsar=1',
        videoBitrateKbps: 200,
        audioBitrateKbps: 96,
      },
    ]);
    expect(plan.poster).toMatchObject({ width: 320, height: 180 });
  });

  it('rounds odd sizes to even ones as ffmpeg does', () => {
    // Checked against ffmpeg 5.1's scale filter.
    expect(sizes(makeProbe(321, 181))).toEqual(['180p 320x180']);
    expect(sizes(makeProbe(1080, 190))).toEqual(['190p 1080x190']);
    expect(sizes(makeProbe(191, 1080))).toEqual(['190p 190x1074']);
    expect(sizes(makeProbe(1000, 562))).toEqual(['480p 854x480', '360p 640x360']);
  });

  it('sizes rungs by the display size of a source with non-square pixels', () => {
    // 720x576 PAL stored at a sample aspect of 16:11 shows as 1047x576.
    const pal = makeProbe(720, 576);
    const anamorphic = { ...pal, video: { ...pal.video, displayWidth: 1047 } };
    expect(
      planLadder(anamorphic).rungs.map(({ width, height, scaleFilter }) => [
        width,
        height,
        scaleFilter,
      ]),
    ).toEqual([
      [872, 480, 'scale=872:480,setsar=1'],
      [654, 360, 'scale=654:360,setsar=1'],
    ]);
  });

  it('plans a silent track, in the same layout, for a silent source', () => {
    expect(planLadder(makeProbe(1280, 720, { audio: null })).audio).toEqual({
      from: 'silence',
      channels: 2,
      sampleRate: 48000,
    });
  });

  it('gives every source the same sound layout, whatever its channels', () => {
    for (const channels of [1, 6]) {
      expect(planLadder(makeProbe(1280, 720, { audio: { codec: 'ac3', channels } })).audio).toEqual(
        { from: 'source', channels: 2, sampleRate: 48000 },
      );
    }
  });

  it('caps the frame rate at 60 and assumes 30 when the source does not say', () => {
    expect(planLadder(makeProbe(1280, 720, { frameRate: 120 })).frameRate).toBe(60);
    expect(planLadder(makeProbe(1280, 720, { frameRate: 0 })).frameRate).toBe(30);
    expect(planLadder(makeProbe(1280, 720, { frameRate: 30000 / 1001 })).frameRate).toBe(29.97003);
  });

  it('takes the poster at 10% of a video track shorter than 10 s', () => {
    const probe = makeProbe(640, 360);
    const short = { ...probe, video: { ...probe.video, durationSeconds: 3 } };
    expect(planLadder(short).poster.atSeconds).toBeCloseTo(0.3);
  });

  it('plans the quick pass as the lowest rung alone at ultrafast', () => {
    const quick = planQuickRendition(planLadder(makeProbe(1920, 1080), { segmentSeconds: 2 }));
    expect(quick.rungs.map((rung) => rung.name)).toEqual(['360p']);
    expect(quick).toMatchObject({ preset: 'ultrafast', segmentSeconds: 2 });
  });
});
