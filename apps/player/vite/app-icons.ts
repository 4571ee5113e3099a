import { deflateSync } from 'node:zlib';

/**
 * The reference app's icons, drawn at build time (no downloaded assets): the bar's mark, a white
 * play triangle on the app's violet. PNG for the manifest and iOS's home screen, SVG for the tab.
 */
export const ICON_COLOR = '#6d28d9';
const VIOLET = [0x6d, 0x28, 0xd9] as const;

export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="6" fill="${ICON_COLOR}"/><path d="M8 6v12l10-6z" fill="#fff"/></svg>`;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA picture as a PNG file. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    // Each row starts with its filter (0: none).
    rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether the point (in 24-unit icon space) is inside the triangle M8 6 v12 l10 -6. */
function inTriangle(x: number, y: number, scale: number, offset: number): boolean {
  const u = (x - offset) / scale;
  const v = (y - offset) / scale;
  return u >= 8 && u <= 18 && Math.abs(v - 12) <= ((18 - u) / 10) * 6;
}

/** Whether the point is inside the rounded square of `radius` filling `size`. */
function inRoundedSquare(x: number, y: number, size: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * The icon at `size` pixels, each pixel sampled 4×4 for smooth edges. `maskable`: the violet fills
 * the whole square and the mark keeps to the middle 60 % (the safe zone launchers may crop to).
 */
export function iconPng(size: number, { maskable = false } = {}): Buffer {
  const rgba = new Uint8Array(size * size * 4);
  const markScale = (maskable ? size * 0.6 : size) / 24;
  const markOffset = maskable ? size * 0.2 : 0;
  const radius = maskable ? 0 : size / 4;
  const samples = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let inside = 0;
      let white = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const px = x + (sx + 0.5) / samples;
          const py = y + (sy + 0.5) / samples;
          if (!maskable && !inRoundedSquare(px, py, size, radius)) continue;
          inside++;
          if (inTriangle(px, py, markScale, markOffset)) white++;
        }
      }
      const total = samples * samples;
      const share = inside === 0 ? 0 : white / inside;
      const at = (y * size + x) * 4;
      for (let channel = 0; channel < 3; channel++) {
        rgba[at + channel] = Math.round(VIOLET[channel]! * (1 - share) + 255 * share);
      }
      rgba[at + 3] = Math.round((inside / total) * 255);
    }
  }
  return encodePng(size, size, rgba);
}
