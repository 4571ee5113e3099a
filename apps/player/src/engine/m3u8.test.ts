import { describe, expect, it } from 'vitest';
import { parseAttributes, parseMasterPlaylist, parseMediaPlaylist } from './m3u8.ts';

const MASTER_URL = 'https://cdn.test/hls/abc/master.m3u8';

// As apps/server's renderMasterPlaylist writes it.
const MASTER = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=3080000,AVERAGE-BANDWIDTH=2900000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=30.000
720p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=850000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2",FRAME-RATE=30.000
360p/index.m3u8
`;

// As ffmpeg's HLS muxer writes a rendition.
const MEDIA = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:4
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-INDEPENDENT-SEGMENTS
#EXTINF:4.000000,
segment-0000.ts
#EXTINF:2.533333,
segment-0001.ts
#EXT-X-ENDLIST
`;

describe('parseAttributes', () => {
  it('reads plain and quoted values, commas inside quotes included', () => {
    expect(parseAttributes('BANDWIDTH=10,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=2x2')).toEqual({
      BANDWIDTH: '10',
      CODECS: 'avc1.64001f,mp4a.40.2',
      RESOLUTION: '2x2',
    });
  });
});

describe('parseMasterPlaylist', () => {
  it('reads every variant, with absolute playlist URLs, in the master order', () => {
    expect(parseMasterPlaylist(MASTER, MASTER_URL)).toEqual([
      {
        uri: 'https://cdn.test/hls/abc/720p/index.m3u8',
        bandwidth: 3080000,
        averageBandwidth: 2900000,
        width: 1280,
        height: 720,
        codecs: 'avc1.64001f,mp4a.40.2',
        frameRate: 30,
      },
      {
        uri: 'https://cdn.test/hls/abc/360p/index.m3u8',
        bandwidth: 900000,
        averageBandwidth: 850000,
        width: 640,
        height: 360,
        codecs: 'avc1.64001e,mp4a.40.2',
        frameRate: 30,
      },
    ]);
  });

  it('leaves out what a variant does not say', () => {
    const [variant] = parseMasterPlaylist(
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500\nhttps://other.test/a.m3u8\n',
      MASTER_URL,
    );
    expect(variant).toEqual({
      uri: 'https://other.test/a.m3u8',
      bandwidth: 500,
      averageBandwidth: undefined,
      width: undefined,
      height: undefined,
      codecs: undefined,
      frameRate: undefined,
    });
  });

  it('refuses what is not a master playlist', () => {
    expect(() => parseMasterPlaylist('<html>', MASTER_URL)).toThrow('is not an HLS playlist');
    expect(() => parseMasterPlaylist(MEDIA, MASTER_URL)).toThrow('lists no variant stream');
  });
});

describe('parseMediaPlaylist', () => {
  const url = 'https://cdn.test/hls/abc/720p/index.m3u8';

  it('reads the segments with absolute URLs, their durations and the end', () => {
    expect(parseMediaPlaylist(MEDIA, url)).toEqual({
      targetDurationSeconds: 4,
      segments: [
        { uri: 'https://cdn.test/hls/abc/720p/segment-0000.ts', durationSeconds: 4 },
        { uri: 'https://cdn.test/hls/abc/720p/segment-0001.ts', durationSeconds: 2.533333 },
      ],
      complete: true,
    });
  });

  it('accepts CRLF line ends', () => {
    expect(parseMediaPlaylist(MEDIA.replaceAll('\n', '\r\n'), url).segments).toHaveLength(2);
  });

  it('refuses segments it could not join as they are', () => {
    const fmp4 = MEDIA.replace('#EXTINF:4', '#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4');
    expect(() => parseMediaPlaylist(fmp4, url)).toThrow('uses #EXT-X-MAP');
    const encrypted = MEDIA.replace('#EXTINF:4', '#EXT-X-KEY:METHOD=AES-128,URI="k"\n#EXTINF:4');
    expect(() => parseMediaPlaylist(encrypted, url)).toThrow('uses #EXT-X-KEY');
  });

  it('refuses a segment without a duration, and a playlist without segments', () => {
    expect(() => parseMediaPlaylist('#EXTM3U\nsegment.ts\n', url)).toThrow('no #EXTINF');
    expect(() => parseMediaPlaylist('#EXTM3U\n#EXT-X-ENDLIST\n', url)).toThrow('has no segment');
  });
});
