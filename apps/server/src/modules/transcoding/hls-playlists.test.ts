import { describe, expect, it } from 'vitest';
import {
  codecsAttribute,
  measureBandwidth,
  parseMediaPlaylist,
  renderMasterPlaylist,
} from './hls-playlists.ts';

describe('reading a media playlist', () => {
  it('pairs each #EXTINF with the next segment and sees the end', () => {
    const playlist = parseMediaPlaylist(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        '#EXT-X-TARGETDURATION:4',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXTINF:4.000000,',
        'segment-0000.ts',
        '#EXTINF:2.533333,',
        'segment-0001.ts',
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
    expect(playlist).toEqual({
      segments: [
        { uri: 'segment-0000.ts', durationSeconds: 4 },
        { uri: 'segment-0001.ts', durationSeconds: 2.533333 },
      ],
      complete: true,
    });
  });

  it('knows an unfinished playlist', () => {
    expect(parseMediaPlaylist('#EXTM3U\n#EXTINF:4.0,\na.ts\n').complete).toBe(false);
  });

  it('refuses a segment without a duration', () => {
    expect(() => parseMediaPlaylist('#EXTM3U\na.ts\n')).toThrow(/a\.ts has no #EXTINF/);
  });
});

describe('measuring bandwidth', () => {
  it('takes the peak over single segments and the average over all', () => {
    expect(
      measureBandwidth([
        { bytes: 500_000, durationSeconds: 4 },
        { bytes: 1_000_000, durationSeconds: 4 },
        { bytes: 100_000, durationSeconds: 1 },
      ]),
    ).toEqual({ peak: 2_000_000, average: Math.ceil((1_600_000 * 8) / 9) });
  });
});

describe('the CODECS attribute', () => {
  it('names profile and level in hex, with AAC-LC when there is audio', () => {
    expect(codecsAttribute('High', 31, true)).toBe('avc1.64001f,mp4a.40.2');
    expect(codecsAttribute('Main', 40, false)).toBe('avc1.4d4028');
    expect(codecsAttribute('Constrained Baseline', 30, true)).toBe('avc1.42e01e,mp4a.40.2');
  });

  it('refuses a profile it cannot name', () => {
    expect(() => codecsAttribute('High 10', 40, false)).toThrow(/High 10/);
  });
});

describe('the master playlist', () => {
  it('lists every variant with measured bandwidth, resolution, codecs and frame rate', () => {
    expect(
      renderMasterPlaylist([
        {
          uri: '720p/index.m3u8',
          bandwidth: 3_100_000,
          averageBandwidth: 2_700_000,
          width: 1280,
          height: 720,
          codecs: 'avc1.64001f,mp4a.40.2',
          frameRate: 30000 / 1001,
        },
        {
          uri: '360p/index.m3u8',
          bandwidth: 900_000,
          averageBandwidth: 800_000,
          width: 640,
          height: 360,
          codecs: 'avc1.64001e,mp4a.40.2',
          frameRate: 30,
        },
      ]),
    ).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=3100000,AVERAGE-BANDWIDTH=2700000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=29.970',
        '720p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2",FRAME-RATE=30.000',
        '360p/index.m3u8',
        '',
      ].join('\n'),
    );
  });
});
