// Checks that downloaded bytes are a real JPEG, PNG or WebP within limits, and makes the two
// stored versions (P45): the original (metadata stripped, orientation applied) and a 1280 px
// copy, and since P88 480 and 960 px copies and a WebP of each but the original. It runs in the image process (image-work.ts, P46), a few photos at a time.
import type { Sharp, SharpOptions } from 'sharp';
import { stripJpegMetadata } from './jpeg-strip.js';
import { msg, render, type Msg } from '../../core/i18n/index.js';
import { CHECK_HEIGHT, CHECK_WIDTH, checkPhoto, type PhotoChecks } from './checks.js';

export const IMAGE_LIMITS = { maxBytes: 15 * 1024 * 1024, maxPixels: 40_000_000, displayWidth: 1280, maxSeconds: 20 };

import { EXTENSIONS as EXTENSION_OF, NARROW_WIDTHS, type ImageFormat, type Variant } from './url.js';

/** A photo that can never be had from these bytes: not retried. */
export class ImageRejected extends Error {
  override name = 'ImageRejected';
  /** Why, as a code of the catalogue of words (D31); `message` is its English. */
  constructor(readonly text: Msg) {
    super(render('en', text));
  }
}

/** The format told by the first bytes; anything else (SVG, HTML, GIF…) never reaches a decoder. */
function sniffFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

// sharp (libvips) is loaded on first use, so a server that never imports photos does not pay for it.
type SharpFn = typeof import('sharp').default;
let sharpModule: Promise<SharpFn> | undefined;
const loadSharp = () =>
  (sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per photo: parallelism comes from photos at once (ImageWork, P46).
    // No operation cache: every input is new bytes.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));

/** A copy beside the original and the display one (P88): a narrower width, or a WebP. */
export interface ExtraCopy {
  variant: Variant;
  ext: string;
  data: Buffer;
}

export interface ProcessedImage {
  format: ImageFormat;
  width: number;
  height: number;
  original: Buffer;
  display: Buffer;
  /** The narrower widths made (each in the photo's format and, unless it is WebP, in WebP). */
  widths: number[];
  extra: ExtraCopy[];
  /** D43's checks of the photo (checks.ts). */
  checks: PhotoChecks;
}

// libjpeg-turbo settings: mozjpeg saves ~12% of bytes but costs ~5× the CPU per photo.
const ENCODE: Record<ImageFormat, (s: Sharp) => Sharp> = {
  jpeg: (s) => s.jpeg({ quality: 86, progressive: true }),
  png: (s) => s.png({ compressionLevel: 8 }),
  webp: (s) => s.webp({ quality: 85 }),
};
/**
 * The WebP beside a JPEG or PNG copy: about 40% smaller than the JPEG at the same look. Effort 2
 * (P241) takes half the CPU of the default 4 for ~4% more bytes (1280 px: 49 ms vs 104 ms).
 */
const WEBP = (s: Sharp) => s.webp({ quality: 78, effort: 2 });

/** The checks every image passes before any copy is made (size, format by its bytes, pixels). */
async function readImage(bytes: Buffer) {
  if (bytes.length === 0) throw new ImageRejected(msg('image_empty'));
  if (bytes.length > IMAGE_LIMITS.maxBytes) throw new ImageRejected(msg('image_too_large', { max: IMAGE_LIMITS.maxBytes / 1024 / 1024 }));
  const format = sniffFormat(bytes);
  if (!format) throw new ImageRejected(msg('image_not_image'));
  const sharp = await loadSharp();
  // limitInputPixels refuses decompression bombs from the header, before decoding;
  // failOn 'truncated' refuses images whose data stops early.
  const options: SharpOptions = { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'truncated', sequentialRead: true };
  let meta;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (err) {
    throw new ImageRejected(msg('image_unreadable', { detail: shortReason(err) }));
  }
  if (meta.format !== format) throw new ImageRejected(msg('image_wrong_content', { format: format.toUpperCase() }));
  // Older sharp builds and some inputs leave these out: read them as possibly missing.
  const oriented = meta.autoOrient as { width?: number; height?: number } | undefined;
  const width = oriented?.width ?? meta.width;
  const height = oriented?.height ?? meta.height;
  if (!width || !height) throw new ImageRejected(msg('image_no_size'));
  if (width * height > IMAGE_LIMITS.maxPixels) throw new ImageRejected(msg('image_too_many_pixels', { max: IMAGE_LIMITS.maxPixels / 1e6 }));
  return { sharp, options, format, width, height, meta };
}

/**
 * Checks `bytes` and makes both stored copies; rejects what can never be a photo. `withChecks`
 * false leaves D43's checks out (their flags 0): only `npm run bench -- quality` asks, to time
 * the pipeline without them.
 */
export async function processImage(bytes: Buffer, withChecks = true): Promise<ProcessedImage> {
  const { sharp, options, format, width, height, meta } = await readImage(bytes);
  try {
    // Metadata (EXIF with GPS, camera serials…) is dropped by sharp unless asked to keep it.
    // A pipeline that runs longer than maxSeconds (a pathological file) is stopped.
    const base = sharp(bytes, options).rotate().timeout({ seconds: IMAGE_LIMITS.maxSeconds });
    // An upright JPEG keeps its own bytes as the original, metadata cut out losslessly: no
    // second encode (P45). Decoding it for the display copy still proves the whole file sound.
    const kept = format === 'jpeg' && (meta.orientation ?? 1) === 1 ? stripJpegMetadata(bytes) : undefined;
    // The input is decoded once, to the display copy's pixels (P241): every other copy, each
    // WebP and the checks' grey copy (D43) are made from those. A clone of `base` decodes the
    // whole input again, and with eight outputs that was ~9× the CPU of the display copy alone.
    const [pixels, original] = await Promise.all([
      base.clone().resize({ width: IMAGE_LIMITS.displayWidth, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true }),
      kept ? Promise.resolve(kept) : ENCODE[format](base.clone()).toBuffer(),
    ]);
    const { width: pw, height: ph, channels } = pixels.info;
    const fromPixels = () => sharp(pixels.data, { raw: { width: pw, height: ph, channels } }).timeout({ seconds: IMAGE_LIMITS.maxSeconds });
    const at = (w: number) => fromPixels().resize({ width: w });
    // The narrower copies (P88): only widths below the display copy's, each in the photo's own
    // format and, unless it is WebP already, in WebP too, as is the display copy.
    const narrow = (Object.entries(NARROW_WIDTHS) as [Variant, number][]).filter(([, w]) => w < pw);
    const wanted: { variant: Variant; ext: string; make: () => Promise<Buffer> }[] = [];
    const ext = EXTENSION_OF[format];
    for (const [variant, w] of narrow) {
      wanted.push({ variant, ext, make: () => ENCODE[format](at(w)).toBuffer() });
      if (format !== 'webp') wanted.push({ variant, ext: 'webp', make: () => WEBP(at(w)).toBuffer() });
    }
    if (format !== 'webp') wanted.push({ variant: 'display', ext: 'webp', make: () => WEBP(fromPixels()).toBuffer() });
    const extraCopies = async () => Promise.all(wanted.map(async (c) => ({ variant: c.variant, ext: c.ext, data: await c.make() })));
    const widths = narrow.map(([, w]) => w);
    const [display, extra, grey] = await Promise.all([
      ENCODE[format](fromPixels()).toBuffer(),
      extraCopies(),
      withChecks ? fromPixels().resize(CHECK_WIDTH, CHECK_HEIGHT, { fit: 'fill' }).removeAlpha().greyscale().raw().toBuffer() : undefined,
    ]);
    const checks = grey ? checkPhoto(grey, width, height) : { sharpness: 0, brightness: 0, hash: '', flags: 0 };
    return { format, width, height, original, display, widths, extra, checks };
  } catch (err) {
    throw new ImageRejected(msg('image_undecodable', { detail: shortReason(err) }));
  }
}

/** A dealership's logo (P132): fits inside this square, never enlarged. */
const LOGO_BOX = 256;

interface ProcessedLogo {
  /** A WebP (transparency kept): one copy serves every page, at most LOGO_BOX px a side. */
  data: Buffer;
  width: number;
  height: number;
}

/** Checks `bytes` as any photo (the same limits), then makes the logo's one copy: oriented, metadata dropped, fit inside LOGO_BOX. */
export async function processLogo(bytes: Buffer): Promise<ProcessedLogo> {
  const { sharp, options } = await readImage(bytes);
  try {
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .timeout({ seconds: IMAGE_LIMITS.maxSeconds })
      .resize({ width: LOGO_BOX, height: LOGO_BOX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    throw new ImageRejected(msg('image_undecodable', { detail: shortReason(err) }));
  }
}

function shortReason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(text)) return `larger than ${IMAGE_LIMITS.maxPixels / 1e6} megapixels`;
  if (/timeout/i.test(text)) return `it took longer than ${IMAGE_LIMITS.maxSeconds} s to process`;
  if (/unsupported image format/i.test(text)) return 'unsupported image format';
  if (/truncated|premature end|unexpected end/i.test(text)) return 'the file is truncated';
  return text.split('\n')[0]!.slice(0, 160);
}
