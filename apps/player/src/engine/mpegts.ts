/**
 * Just enough MPEG-TS to read when a segment's picture and sound start: the first presentation
 * timestamp of its video and of its audio, from the PAT, the PMT and the PES headers.
 */

const PACKET_BYTES = 188;
const SYNC_BYTE = 0x47;
const CLOCK_HZ = 90_000;
const PTS_WRAP = 2 ** 33;

/** PMT stream types we play: H.264 and HEVC video; AAC, MPEG audio and (E-)AC-3 sound. */
const VIDEO_TYPES = new Set([0x1b, 0x24]);
const AUDIO_TYPES = new Set([0x0f, 0x11, 0x03, 0x04, 0x81, 0x87]);

export interface FirstTimestamps {
  /** Seconds on the segment's own 90 kHz clock; undefined when the segment has no such stream. */
  video?: number;
  audio?: number;
}

/** Where a packet's payload starts, or -1 if it has none. */
function payloadStart(data: Uint8Array, packet: number): number {
  const control = (data[packet + 3]! >> 4) & 0x3;
  if ((control & 0x1) === 0) return -1;
  const start = control & 0x2 ? packet + 5 + data[packet + 4]! : packet + 4;
  return start < packet + PACKET_BYTES ? start : -1;
}

/** A PSI section (PAT or PMT) in a packet that starts one: [start, end) without its CRC. */
function section(data: Uint8Array, payload: number): [number, number] {
  const start = payload + 1 + data[payload]!;
  const length = ((data[start + 1]! & 0x0f) << 8) | data[start + 2]!;
  return [start, Math.min(start + 3 + length - 4, data.length)];
}

/** The PTS of a PES packet starting at `payload`, in seconds, or undefined. */
function pesTimestamp(data: Uint8Array, payload: number): number | undefined {
  if (data[payload] !== 0 || data[payload + 1] !== 0 || data[payload + 2] !== 1) return undefined;
  if ((data[payload + 7]! & 0x80) === 0) return undefined;
  const b = data.subarray(payload + 9, payload + 14);
  const pts =
    (b[0]! & 0x0e) * 2 ** 29 +
    b[1]! * 2 ** 22 +
    (b[2]! & 0xfe) * 2 ** 14 +
    b[3]! * 2 ** 7 +
    (b[4]! >> 1);
  return pts / CLOCK_HZ;
}

export function firstTimestamps(data: Uint8Array): FirstTimestamps {
  const found: FirstTimestamps = {};
  let pmtPid = -1;
  const kinds = new Map<number, 'video' | 'audio'>();
  for (let packet = 0; packet + PACKET_BYTES <= data.length; packet += PACKET_BYTES) {
    if (data[packet] !== SYNC_BYTE) break;
    const startsUnit = (data[packet + 1]! & 0x40) !== 0;
    const pid = ((data[packet + 1]! & 0x1f) << 8) | data[packet + 2]!;
    const payload = payloadStart(data, packet);
    if (!startsUnit || payload < 0) continue;
    if (pid === 0) {
      const [start, end] = section(data, payload);
      for (let entry = start + 8; entry + 4 <= end; entry += 4) {
        const program = (data[entry]! << 8) | data[entry + 1]!;
        if (program !== 0) pmtPid = ((data[entry + 2]! & 0x1f) << 8) | data[entry + 3]!;
      }
    } else if (pid === pmtPid) {
      const [start, end] = section(data, payload);
      const infoLength = ((data[start + 10]! & 0x0f) << 8) | data[start + 11]!;
      for (let entry = start + 12 + infoLength; entry + 5 <= end;) {
        const type = data[entry]!;
        const elementaryPid = ((data[entry + 1]! & 0x1f) << 8) | data[entry + 2]!;
        if (VIDEO_TYPES.has(type)) kinds.set(elementaryPid, 'video');
        else if (AUDIO_TYPES.has(type)) kinds.set(elementaryPid, 'audio');
        entry += 5 + (((data[entry + 3]! & 0x0f) << 8) | data[entry + 4]!);
      }
    } else {
      const kind = kinds.get(pid);
      if (kind && found[kind] === undefined) found[kind] = pesTimestamp(data, payload);
    }
    if (found.video !== undefined && found.audio !== undefined) break;
  }
  return found;
}

/**
 * How long the sound of a segment starts before its picture, in seconds (0 when it does not):
 * the AAC encoder's priming, 1024 samples (21.3 ms at 48 kHz), which MPEG-TS cannot trim.
 */
export function audioLead({ video, audio }: FirstTimestamps): number {
  if (video === undefined || audio === undefined) return 0;
  let lead = video - audio;
  // The 33-bit clock may wrap between the two.
  if (Math.abs(lead) > PTS_WRAP / CLOCK_HZ / 2) lead -= Math.sign(lead) * (PTS_WRAP / CLOCK_HZ);
  return Math.max(0, lead);
}
