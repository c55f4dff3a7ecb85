// The installed panel's icons (issue 37 §5, P218): drawn here and encoded as PNG by hand (zlib
// is node's), once per size on first request — no image files to ship, no image library in the
// API process. A white speech bubble holding a car, on the panel's blue; everything inside the
// central 80 %, so the same drawing is a maskable icon (Android crops it to a circle or squircle).
import zlib from 'node:zlib';

const BRAND: RGB = [0x0b, 0x5c, 0xad];
const WHITE: RGB = [0xff, 0xff, 0xff];
type RGB = [number, number, number];

function inRoundRect(x: number, y: number, x0: number, y0: number, x1: number, y1: number, r: number): boolean {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

const inCircle = (x: number, y: number, cx: number, cy: number, r: number): boolean => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

/** The bubble's tail: below its bottom edge, between a left and a right slanting side. */
function inTail(x: number, y: number): boolean {
  if (y < 0.66 || y > 0.8) return false;
  const t = (y - 0.66) / 0.14;
  return x >= 0.3 - 0.03 * t && x <= 0.44 - 0.17 * t;
}

/** The colour at a point of the unit square: whether it is white (else the brand's blue). */
function whiteAt(x: number, y: number): boolean {
  const bubble = inRoundRect(x, y, 0.2, 0.24, 0.8, 0.68, 0.09) || inTail(x, y);
  if (!bubble) return false;
  // The car: cabin, body, wheels (with white hubs).
  const wheel = inCircle(x, y, 0.39, 0.555, 0.05) || inCircle(x, y, 0.61, 0.555, 0.05);
  const hub = inCircle(x, y, 0.39, 0.555, 0.02) || inCircle(x, y, 0.61, 0.555, 0.02);
  if (wheel) return hub;
  const cabinTop = 0.36;
  const cabinBottom = 0.455;
  const t = (y - cabinTop) / (cabinBottom - cabinTop);
  const cabin = y >= cabinTop && y <= cabinBottom && x >= 0.4 - 0.06 * t && x <= 0.6 + 0.06 * t;
  const body = inRoundRect(x, y, 0.28, 0.445, 0.72, 0.545, 0.035);
  return !(cabin || body);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** The icon as an RGB PNG of `size`×`size`, each pixel the average of 4×4 samples (smooth edges). */
function iconPng(size: number): Buffer {
  const rowBytes = size * 3 + 1;
  const raw = Buffer.alloc(rowBytes * size);
  const n = 4;
  for (let py = 0; py < size; py++) {
    raw[py * rowBytes] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      let white = 0;
      for (let sy = 0; sy < n; sy++) for (let sx = 0; sx < n; sx++) if (whiteAt((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size)) white++;
      const o = py * rowBytes + 1 + px * 3;
      const w = white / (n * n);
      for (let i = 0; i < 3; i++) raw[o + i] = Math.round(BRAND[i]! + (WHITE[i]! - BRAND[i]!) * w);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The sizes served: the manifest's (Android, desktop) and the home-screen icon of iOS. */
export const ICON_SIZES = [192, 512, 180] as const;
export type IconSize = (typeof ICON_SIZES)[number];

const made = new Map<number, Buffer>();
export function icon(size: IconSize): Buffer {
  let png = made.get(size);
  if (!png) made.set(size, (png = iconPng(size)));
  return png;
}

export const THEME_COLOUR = '#0b5cad';
export const BACKGROUND_COLOUR = '#f5f7f9';
