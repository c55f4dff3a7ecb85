// Generated car photos for the photo checks (D43, P222): one studio background (a lit wall, a
// floor, a sign) with a different car in front each time — the case where perceptual hashes of
// a dealer's photos look alike whatever the car — and textured, sharp landscape photos.
import sharp from 'sharp';

const W = 1600;
const H = 1200;

function studio(): string {
  return `<defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8e8ea"/><stop offset="1" stop-color="#b9bcc2"/></linearGradient>
  <radialGradient id="s" cx="0.5" cy="0.4" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.6"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#w)"/><rect y="${H * 0.62}" width="${W}" height="${H * 0.38}" fill="#8d9096"/><rect width="${W}" height="${H}" fill="url(#s)"/>
  <text x="60" y="120" font-size="70" fill="#555">AUTOS DEMO</text>`;
}

const COLORS = ['#b01010', '#1030a0', '#202020', '#c0c0c0', '#f0f0f0', '#106020', '#d08010', '#602080'];

/** Numbers drawn from `seed` (mulberry32): each car its own, the same every run. */
function draws(seed: number): () => number {
  let a = seed + 0x6d2b79f5;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Car number `i` (a body, a window, two wheels) of its own colour, length, height and place. */
function car(i: number): string {
  const d = draws(i * 7919 + 13);
  const c = COLORS[i % COLORS.length]!;
  const w = 800 + d() * 500;
  const x = 80 + d() * (W - w - 160);
  const top = 420 + d() * 220;
  const roof = top - 60 - d() * 120;
  const r = 60 + d() * 30;
  return `<path d="M${x},${top + 150} L${x + w * 0.12},${top} L${x + w * 0.3},${top} L${x + w * 0.4},${roof} L${x + w * 0.72},${roof} L${x + w * 0.85},${top} L${x + w},${top + 40} L${x + w},${top + 200} L${x},${top + 200} Z" fill="${c}"/>
  <rect x="${x + w * 0.42}" y="${roof + 20}" width="${w * 0.28}" height="${top - roof - 30}" fill="#334"/>
  <circle cx="${x + w * 0.2}" cy="${top + 210}" r="${r}" fill="#111"/><circle cx="${x + w * 0.8}" cy="${top + 210}" r="${r}" fill="#111"/>
  <circle cx="${x + w * 0.2}" cy="${top + 210}" r="35" fill="#999"/><circle cx="${x + w * 0.8}" cy="${top + 210}" r="35" fill="#999"/>`;
}

/** Car `i` in the studio, 1600×1200 JPEG. */
export const studioPhoto = (i: number): Promise<Buffer> =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${studio()}${car(i)}</svg>`))
    .jpeg({ quality: 88 })
    .toBuffer();

/** The same picture as another site would have it: re-encoded, resized, or a little brighter. */
export async function copiesOf(photo: Buffer): Promise<Buffer[]> {
  return [
    await sharp(photo).jpeg({ quality: 60 }).toBuffer(),
    await sharp(photo).resize(1024).jpeg({ quality: 75 }).toBuffer(),
    await sharp(photo).resize(900).webp({ quality: 70 }).toBuffer(),
    await sharp(photo).modulate({ brightness: 1.05 }).jpeg().toBuffer(),
  ];
}

/** A flat grey photo: no edge at all (blurry by D43's rule). */
export const flatPhoto = (width = 1200, height = 900, grey = 120): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: grey, g: grey, b: grey } } })
    .jpeg()
    .toBuffer();

/** Car `i` in the studio at another size, brightness or blur. */
export async function studioVariant(i: number, o: { width?: number; height?: number; brightness?: number; blur?: number }): Promise<Buffer> {
  let s = sharp(await studioPhoto(i));
  if (o.width || o.height) s = sharp(await s.resize(o.width ?? null, o.height ?? null, { fit: 'fill' }).toBuffer());
  if (o.brightness !== undefined) s = s.linear(o.brightness, 0);
  if (o.blur) s = s.blur(o.blur);
  return s.jpeg({ quality: 88 }).toBuffer();
}
