/** MPEG-TS packets for tests: a PAT, a PMT and one PES per stream, as ffmpeg's muxer lays them out. */

const PMT_PID = 0x1000;
export const VIDEO_PID = 0x100;
export const AUDIO_PID = 0x101;

function packet(pid: number, payload: number[], { unitStart = true, adaptation = 0 } = {}) {
  const bytes = new Uint8Array(188).fill(0xff);
  bytes.set([0x47, (unitStart ? 0x40 : 0) | (pid >> 8), pid & 0xff]);
  let offset = 4;
  if (adaptation > 0) {
    bytes[3] = 0x30;
    bytes[4] = adaptation - 1;
    bytes[5] = 0;
    offset += adaptation;
  } else {
    bytes[3] = 0x10;
  }
  bytes.set(payload, offset);
  return bytes;
}

/** A PSI section after its pointer field, with a dummy CRC. */
function psi(tableId: number, body: number[]) {
  const length = body.length + 5 + 4;
  return [0, tableId, 0xb0 | (length >> 8), length & 0xff, 0, 1, 0xc1, 0, 0, ...body, 0, 0, 0, 0];
}

/** The five bytes of a PTS field ('0010' prefix, marker bits). */
function ptsBytes(pts: number) {
  const high = Math.floor(pts / 2 ** 30);
  return [
    0x21 | (high << 1),
    (pts >> 22) & 0xff,
    (((pts >> 15) & 0x7f) << 1) | 1,
    (pts >> 7) & 0xff,
    ((pts & 0x7f) << 1) | 1,
  ];
}

function pes(streamId: number, pts: number) {
  return [0, 0, 1, streamId, 0, 0, 0x80, 0x80, 5, ...ptsBytes(pts), 0xaa, 0xbb];
}

export interface SegmentSpec {
  /** 90 kHz ticks; a stream left out is not in the PMT. */
  videoPts?: number;
  audioPts?: number;
  /** Stream type of the audio in the PMT (0x0f AAC by default). */
  audioType?: number;
}

export function makeTsSegment({ videoPts, audioPts, audioType = 0x0f }: SegmentSpec): Uint8Array {
  const streams: number[] = [];
  if (videoPts !== undefined)
    streams.push(0x1b, 0xe0 | (VIDEO_PID >> 8), VIDEO_PID & 0xff, 0xf0, 0);
  if (audioPts !== undefined)
    streams.push(audioType, 0xe0 | (AUDIO_PID >> 8), AUDIO_PID & 0xff, 0xf0, 0);
  const packets = [
    packet(0, psi(0x00, [0, 1, 0xe0 | (PMT_PID >> 8), PMT_PID & 0xff])),
    packet(PMT_PID, psi(0x02, [0xe0 | (VIDEO_PID >> 8), VIDEO_PID & 0xff, 0xf0, 0, ...streams])),
  ];
  // The picture first, with an adaptation field as a keyframe's packet has; then the sound.
  if (videoPts !== undefined)
    packets.push(packet(VIDEO_PID, pes(0xe0, videoPts), { adaptation: 8 }));
  if (videoPts !== undefined) packets.push(packet(VIDEO_PID, [1, 2, 3], { unitStart: false }));
  if (audioPts !== undefined) packets.push(packet(AUDIO_PID, pes(0xc0, audioPts)));
  const segment = new Uint8Array(packets.length * 188);
  packets.forEach((bytes, index) => segment.set(bytes, index * 188));
  return segment;
}
