// A JPEG that hides words where a camera or an editor may leave them (P159): a JFIF thumbnail and
// bytes after the JFIF fields, a JFXX thumbnail, bytes after the Adobe fields, two makers' own
// APPn segments, a comment and a DNL segment. Every one of them must be gone from the stored original.
import sharp from 'sharp';

/** The words hidden, one per place. */
export const HIDDEN = [
  'hid-jfif-thumbnail-0042',
  'hid-jfif-tail',
  'hid-jfxx-thumbnail',
  'hid-adobe-tail',
  'hid-app3-maker',
  'hid-app15-maker',
  'hid-comment',
  'hid-dnl',
] as const;

/** A segment: marker, length (counting itself), payload. */
export function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** An upright JPEG of noisy pixels (a flat one would hide a decoder that reads the wrong data) with an ICC profile and every HIDDEN word. */
export async function jpegWithHiddenWords(width = 320, height = 240, seed = 0): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + seed * 31) % 251;
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withIccProfile('p3')
    .toBuffer();
  // JFIF 1.02, dots per inch, 72 × 72, then an 8 × 1 RGB thumbnail (24 bytes) and bytes after it.
  const thumbnail = Buffer.from(HIDDEN[0].padEnd(24, '.'));
  const jfif = Buffer.concat([Buffer.from('JFIF\0'), Buffer.from([1, 2, 1, 0, 72, 0, 72, 8, 1]), thumbnail, Buffer.from(HIDDEN[1])]);
  // JFXX extension 0x10: a thumbnail coded as JPEG (here only words).
  const jfxx = Buffer.concat([Buffer.from('JFXX\0'), Buffer.from([0x10]), Buffer.from(HIDDEN[2])]);
  // Adobe version 100, no flags, transform 1 (YCbCr: what this JPEG is), then bytes after it.
  const adobe = Buffer.concat([Buffer.from('Adobe'), Buffer.from([0, 100, 0, 0, 0, 0, 1]), Buffer.from(HIDDEN[3])]);
  const extra = Buffer.concat([
    jpegSegment(0xe0, jfif),
    jpegSegment(0xe0, jfxx),
    jpegSegment(0xee, adobe),
    jpegSegment(0xe3, Buffer.from(HIDDEN[4])),
    jpegSegment(0xef, Buffer.from(HIDDEN[5])),
    jpegSegment(0xfe, Buffer.from(HIDDEN[6])),
    jpegSegment(0xdc, Buffer.from(HIDDEN[7])),
  ]);
  return Buffer.concat([jpeg.subarray(0, 2), extra, jpeg.subarray(2)]);
}

/** The words of HIDDEN that `bytes` still hold. */
export const hiddenIn = (bytes: Buffer): string[] => HIDDEN.filter((w) => bytes.includes(Buffer.from(w)));
