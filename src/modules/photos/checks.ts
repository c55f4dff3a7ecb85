// The photo checks of D43 (P220, P221), computed in the image process on one small grey copy of
// the photo that the pipeline makes beside its other copies (image.ts): sharpness, exposure and
// a perceptual hash, all in one pass over CHECK_WIDTH × CHECK_HEIGHT bytes. Size needs no pass
// (the decoder's own width and height). Pure functions: tests and the bench call them directly.

/** The grey copy every check reads: fixed, so the figures mean the same for every photo. 17 × 32 by 16 × 24: the hash's cells divide it exactly. */
export const CHECK_WIDTH = 544;
export const CHECK_HEIGHT = 384;

/** D43 photo_small: a photo narrower or lower than Google's recommended 800×600 (a portrait photo: 600×800). */
const MIN_LONG_SIDE = 800;
const MIN_SHORT_SIDE = 600;
/**
 * D43 photo_blurry: variance of the 4-neighbour Laplacian on the grey copy below this. Blur
 * measured this way is commonly read as ≤ 100, 50–150 in practice; a car's smooth paint and a
 * studio wall lower the figure of a sharp photo, so the lower half of that range is taken: a soft
 * photo missed costs less than a good one flagged. A flat image has a variance near 0.
 */
const BLUR_THRESHOLD = 60;
/** Mean grey level (0–255) of a photo too dark / too bright to show the car (P221). */
const DARK_MEAN = 45;
const BRIGHT_MEAN = 225;

/** The hash: a difference hash on a 17 × 16 grid of cell means, 256 bits (P222). */
const GRID_COLS = 17;
const GRID_ROWS = 16;
/**
 * Two neighbouring cells count as different only by more than this many grey levels: a flat
 * wall or sky gives stable 0 bits instead of bits drawn by noise and JPEG artefacts, so a copy of
 * a photo hashes as the photo does. Measured on generated studio photos (P222): with a margin of
 * 2, re-encoded copies differed in up to 9 bits; with 5, in at most 2, while two cars in one
 * studio still differ in 12 or more.
 */
const HASH_MARGIN = 5;

/** Bits of the flags a photo carries (photos.checks, vehicles.photo_checks). */
export const CHECK = {
  small: 1,
  blurry: 2,
  dark: 4,
  bright: 8,
  duplicate: 16,
  elsewhere: 32,
  portrait: 64,
} as const;

export interface PhotoChecks {
  /** Laplacian variance on the grey copy, rounded to a tenth. */
  sharpness: number;
  /** Mean grey level, 0–255. */
  brightness: number;
  /** The 256-bit hash as 64 hex digits. */
  hash: string;
  /** CHECK flags known from the photo alone (size, blur, exposure, portrait). */
  flags: number;
}

/** The checks of a photo of `width` × `height` (oriented), from its grey copy (CHECK_WIDTH × CHECK_HEIGHT bytes). */
export function checkPhoto(grey: Uint8Array, width: number, height: number): PhotoChecks {
  const W = CHECK_WIDTH;
  const H = CHECK_HEIGHT;
  if (grey.length !== W * H) throw new Error(`photo checks: a grey copy of ${W}×${H} was expected, got ${grey.length} bytes`);
  // One pass: the Laplacian's sum and sum of squares (inner pixels), the grey levels' sum, and
  // each hash cell's sum.
  let lapSum = 0;
  let lapSq = 0;
  let total = 0;
  const cellW = W / GRID_COLS;
  const cellH = H / GRID_ROWS;
  const cells = new Float64Array(GRID_COLS * GRID_ROWS);
  for (let y = 0; y < H; y++) {
    const row = y * W;
    const cellRow = ((y / cellH) | 0) * GRID_COLS;
    for (let x = 0; x < W; x++) {
      const v = grey[row + x]!;
      total += v;
      cells[cellRow + ((x / cellW) | 0)]! += v;
      if (y > 0 && y < H - 1 && x > 0 && x < W - 1) {
        const lap = grey[row + x - 1]! + grey[row + x + 1]! + grey[row - W + x]! + grey[row + W + x]! - 4 * v;
        lapSum += lap;
        lapSq += lap * lap;
      }
    }
  }
  const inner = (W - 2) * (H - 2);
  const mean = lapSum / inner;
  const sharpness = Math.round((lapSq / inner - mean * mean) * 10) / 10;
  const brightness = Math.round(total / (W * H));
  const perCell = cellW * cellH;
  let hash = '';
  let nibble = 0;
  let bit = 0;
  for (let r = 0; r < GRID_ROWS; r++) {
    for (let c = 0; c < GRID_COLS - 1; c++) {
      const left = cells[r * GRID_COLS + c]! / perCell;
      const right = cells[r * GRID_COLS + c + 1]! / perCell;
      nibble = (nibble << 1) | (left - right > HASH_MARGIN ? 1 : 0);
      if (++bit % 4 === 0) {
        hash += nibble.toString(16);
        nibble = 0;
      }
    }
  }
  let flags = 0;
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long < MIN_LONG_SIDE || short < MIN_SHORT_SIDE) flags |= CHECK.small;
  if (sharpness < BLUR_THRESHOLD) flags |= CHECK.blurry;
  if (brightness < DARK_MEAN) flags |= CHECK.dark;
  else if (brightness > BRIGHT_MEAN) flags |= CHECK.bright;
  if (height > width) flags |= CHECK.portrait;
  return { sharpness, brightness, hash, flags };
}

/** Bits that differ between two hashes of the same length (hex). */
export function hammingDistance(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < a.length; i += 8) {
    let x = (parseInt(a.slice(i, i + 8), 16) ^ parseInt(b.slice(i, i + 8), 16)) >>> 0;
    while (x) {
      x &= x - 1;
      d++;
    }
  }
  return d;
}

/**
 * D43 near-duplicates (P222): two photos are the same when their 256-bit hashes differ in at
 * most this many bits. Measured on generated photos (test/photos/quality-checks.test.ts):
 * re-encoded, resized, WebP or slightly brighter copies differ in 0–2 bits; 40 different cars
 * shot against one studio background (the known trap: the background's cells hash alike) differ
 * in 6 or more. 4 sits between, 2 bits from each side.
 */
export const DUPLICATE_THRESHOLD = 4;
/**
 * The hash in 8 bands of 32 bits. Two hashes within DUPLICATE_THRESHOLD differ in at most 4
 * bands, so they agree whole on at least 4 of the 8 (pigeonhole needs THRESHOLD + 1 bands; 8
 * keeps each band a 32-bit integer).
 */
export const HASH_BANDS = 8;

/**
 * The bands of a hash as signed 32-bit integers (they fit an SQL integer on both stores), by
 * band number. A band of all 0 bits (a flat part of the photo: sky, a wall) is left out: it says
 * nothing of the photo and would gather a large share of all photos in one index entry.
 */
export function hashBands(hash: string): { band: number; value: number }[] {
  const out: { band: number; value: number }[] = [];
  const per = hash.length / HASH_BANDS;
  for (let b = 0; b < HASH_BANDS; b++) {
    const value = parseInt(hash.slice(b * per, (b + 1) * per), 16) | 0;
    if (value !== 0) out.push({ band: b, value });
  }
  return out;
}

/** Fewer bands than this with any bit set: a photo too plain to tell apart from another (it is flagged blurry), not looked up. */
export const MIN_BANDS_FOR_LOOKUP = 2;
