// The photo copies (P45) and where they are made (P46): an upright JPEG's original keeps its
// own bytes with every metadata segment cut out; a turned one, a PNG or a WebP is re-encoded;
// the image process runs at a lower priority and a crash of it fails only the photos in flight;
// given the local store, it writes the copies there itself (P58).
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { processImage } from '../../src/modules/photos/image.js';
import { ImageWork } from '../../src/modules/photos/image-work.js';
import { stripJpegMetadata } from '../../src/modules/photos/jpeg-strip.js';
import { LocalPhotoStorage } from '../../src/modules/photos/local-storage.js';
import { hiddenIn, HIDDEN, jpegSegment, jpegWithHiddenWords } from '../support/hidden-jpeg.js';

/** A noisy picture (a flat one would hide a decoder that reads the wrong data). */
async function picture(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const segment = (marker: number, payload: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

/** A JPEG with GPS EXIF, XMP, an ICC profile, IPTC, a comment and data after its end. */
async function taggedJpeg(orientation = 1, progressive = true): Promise<Buffer> {
  const jpeg = await sharp(await picture(320, 240))
    .jpeg({ quality: 90, progressive })
    .withIccProfile('p3')
    .withExif({ IFD0: { Copyright: 'secret-serial-0042' }, IFD3: { GPSLatitude: '34/1 36/1 0/1', GPSLatitudeRef: 'S' } })
    .withMetadata({ orientation })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">secret-xmp</rdf:RDF></x:xmpmeta>')
    .toBuffer();
  const extra = Buffer.concat([segment(0xed, Buffer.from('Photoshop 3.0\0secret-iptc')), segment(0xfe, Buffer.from('secret-comment'))]);
  return Buffer.concat([jpeg.subarray(0, 2), extra, jpeg.subarray(2), Buffer.from('secret-trailer')]);
}

const SECRETS = ['secret-serial-0042', 'secret-xmp', 'secret-iptc', 'secret-comment', 'secret-trailer'];
const pixels = (b: Buffer) => sharp(b).raw().toBuffer();

describe('photo copies and the image process', () => {
  test('an upright JPEG: its metadata is cut out, its pixels and colour profile kept bit for bit', async () => {
    for (const progressive of [true, false]) {
      const input = await taggedJpeg(1, progressive);
      for (const s of SECRETS) assert.ok(input.includes(Buffer.from(s)), `the test image carries ${s}`);
      const stripped = stripJpegMetadata(input);
      assert.ok(stripped);
      for (const s of SECRETS) assert.ok(!stripped.includes(Buffer.from(s)), `${s} removed`);
      const meta = await sharp(stripped).metadata();
      assert.equal(meta.exif, undefined);
      assert.equal(meta.xmp, undefined);
      assert.ok(meta.icc, 'ICC profile kept');
      assert.equal(meta.width, 320);
      assert.ok((await pixels(stripped)).equals(await pixels(input)), 'same pixels');
      assert.ok(stripped.length < input.length);
      assert.deepEqual([...stripped.subarray(-2)], [0xff, 0xd9], 'ends at the end-of-image marker');

      const out = await processImage(input);
      assert.ok(out.original.equals(stripped), 'the original is the stripped input, not a re-encode');
      assert.equal(out.width, 320);
      assert.equal((await sharp(out.display).metadata()).width, 320, 'no enlargement');
    }
  });

  test('what cannot be stripped losslessly is re-encoded: a turned JPEG, a broken structure', async () => {
    const turned = await processImage(await taggedJpeg(6));
    assert.equal(turned.width, 240, 'orientation applied: width and height swapped');
    assert.equal(turned.height, 320);
    const om = await sharp(turned.original).metadata();
    assert.equal(om.width, 240);
    assert.equal(om.exif, undefined);
    for (const s of SECRETS) assert.ok(!turned.original.includes(Buffer.from(s)));

    const input = await taggedJpeg();
    assert.equal(stripJpegMetadata(input.subarray(0, input.length - 200)), undefined, 'truncated');
    assert.equal(stripJpegMetadata(Buffer.from('not a jpeg at all')), undefined);
    assert.equal(stripJpegMetadata(Buffer.concat([input.subarray(0, 2), Buffer.from([0xff, 0xe1, 0xff, 0xff])])), undefined, 'a length past the end');
  });

  test('P159: words in a JFIF or JFXX thumbnail, after the JFIF or Adobe fields, in any APPn, a comment or a DNL are gone; pixels and colours kept', async () => {
    const input = await jpegWithHiddenWords();
    assert.deepEqual(hiddenIn(input), [...HIDDEN], 'the test image hides every word');
    const stripped = stripJpegMetadata(input);
    assert.ok(stripped, 'still cut losslessly, not re-encoded');
    assert.deepEqual(hiddenIn(stripped), []);
    assert.ok((await pixels(stripped)).equals(await pixels(input)), 'same pixels');
    const meta = await sharp(stripped).metadata();
    assert.ok(meta.icc, 'ICC profile kept');
    assert.equal(meta.density, 72, 'the JFIF density kept');
    // One JFIF of its 14 fixed bytes (version 1.01, no thumbnail) and one Adobe of its 12.
    const jfif = stripped.indexOf('JFIF\0');
    assert.deepEqual([...stripped.subarray(jfif - 4, jfif + 14)], [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 1, 0, 72, 0, 72, 0, 0]);
    assert.equal(stripped.indexOf('JFIF\0', jfif + 1), -1);
    const adobe = stripped.indexOf('Adobe');
    assert.deepEqual([...stripped.subarray(adobe - 4, adobe + 12)], [0xff, 0xee, 0, 14, 0x41, 0x64, 0x6f, 0x62, 0x65, 0, 100, 0, 0, 0, 0, 1]);
    const out = await processImage(input);
    assert.ok(out.original.equals(stripped), 'the original is the cut input');
    for (const copy of [out.display, ...out.extra.map((c) => c.data)]) assert.deepEqual(hiddenIn(copy), []);
  });

  test('P159: an ICC profile whose chunks do not make exactly one profile, or a marker the stripper does not know, is re-encoded', async () => {
    const input = await jpegWithHiddenWords();
    const at = input.indexOf('ICC_PROFILE\0') - 4;
    const length = input.readUInt16BE(at + 2);
    const chunk = input.subarray(at + 4, at + 2 + length);
    // Bytes after the profile its header declares, inside its one chunk.
    const padded = Buffer.concat([
      input.subarray(0, at),
      jpegSegment(0xe2, Buffer.concat([chunk, Buffer.from('hid-icc-tail')])),
      input.subarray(at + 2 + length),
    ]);
    // A second chunk numbered as the first.
    const twice = Buffer.concat([input.subarray(0, at), jpegSegment(0xe2, chunk), input.subarray(at)]);
    // A JPG13 extension segment (0xFD) carrying words: no decoder reads it.
    const unknown = Buffer.concat([input.subarray(0, 2), jpegSegment(0xfd, Buffer.from('hid-jpg13')), input.subarray(2)]);
    for (const [what, bytes] of [
      ['padded', padded],
      ['twice', twice],
      ['unknown', unknown],
    ] as const) {
      assert.equal(stripJpegMetadata(bytes), undefined, what);
    }
    const out = await processImage(padded);
    assert.ok(!out.original.includes(Buffer.from('hid-icc-tail')));
    assert.deepEqual(hiddenIn(out.original), []);
    assert.equal((await sharp(out.original).metadata()).width, 320);
  });

  test('P88: narrower copies (480, 960) beside the display one, each also in WebP, made once by the image process and stored beside the others', async (t) => {
    const input = await sharp(await picture(1600, 1200))
      .jpeg({ quality: 90 })
      .toBuffer();
    const made = await processImage(input);
    assert.deepEqual(made.widths, [480, 960]);
    const copies = await Promise.all(
      made.extra.map(async (c) => ({ name: `${c.variant}.${c.ext}`, meta: await sharp(c.data).metadata(), bytes: c.data.length })),
    );
    assert.deepEqual(copies.map((c) => [c.name, c.meta.format, c.meta.width, c.meta.height]).sort(), [
      ['display.webp', 'webp', 1280, 960],
      ['w480.jpg', 'jpeg', 480, 360],
      ['w480.webp', 'webp', 480, 360],
      ['w960.jpg', 'jpeg', 960, 720],
      ['w960.webp', 'webp', 960, 720],
    ]);
    const size = (name: string) => copies.find((c) => c.name === name)!.bytes;
    assert.ok(size('display.webp') < made.display.length, 'the WebP is smaller than the JPEG');
    assert.ok(size('w480.jpg') < size('w960.jpg') && size('w960.jpg') < made.display.length);
    // A photo no wider than a width gets no copy of that width (nothing is enlarged).
    assert.deepEqual(
      (
        await processImage(
          await sharp(await picture(800, 600))
            .jpeg()
            .toBuffer(),
        )
      ).widths,
      [480],
    );
    // A WebP photo: its own format is WebP already, no second WebP.
    const webp = await processImage(
      await sharp(await picture(1600, 1200))
        .webp()
        .toBuffer(),
    );
    assert.deepEqual(webp.extra.map((c) => `${c.variant}.${c.ext}`).sort(), ['w480.webp', 'w960.webp']);

    // The local store: written by the image process, beside the original and display copies.
    const work = new ImageWork(1);
    t.after(() => work.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-variants-'));
    t.after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const stored = await work.processInto(input, dataDir);
    assert.deepEqual(stored.widths, [480, 960]);
    const local = new LocalPhotoStorage(dataDir);
    const id = stored.fileId;
    assert.deepEqual(
      fs.readdirSync(path.dirname(local.pathOf(id, 'original', 'jpg'))).sort(),
      ['display.jpg', 'display.webp', 'original.jpg', 'w480.jpg', 'w480.webp', 'w960.jpg', 'w960.webp'].map((n) => `${id}-${n}`),
    );
    // By default (IMAGE_IDLE_POLICY off, P258) the image process keeps the normal policy.
    if (process.platform === 'linux') {
      const pid = work.pid()!;
      for (const tid of fs.readdirSync(`/proc/${pid}/task`))
        assert.equal(Number(fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[38]), 0, 'SCHED_OTHER');
    }
    // And through the IPC channel for a bucket: every copy comes back to be written.
    const back = await work.process(input);
    assert.deepEqual(back.extra.map((c) => `${c.variant}.${c.ext}`).sort(), ['display.webp', 'w480.jpg', 'w480.webp', 'w960.jpg', 'w960.webp']);
    assert.ok(Buffer.isBuffer(back.extra[0]!.data));
  });

  test('the image process: lower priority, photos at once bounded, a crash fails only the photos in flight', async (t) => {
    const work = new ImageWork(2, true);
    t.after(() => work.close());
    const input = await taggedJpeg();
    const first = await work.process(input);
    assert.ok(first.original.equals(stripJpegMetadata(input)!));
    assert.equal(first.fileId, crypto.createHash('sha256').update(input).digest('hex'), 'named by the hash of the downloaded bytes');

    // The local store: the same copies, written by the image process under the same names.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-work-'));
    t.after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const stored = await work.processInto(input, dataDir);
    assert.deepEqual(
      stored,
      { format: 'jpeg', width: first.width, height: first.height, fileId: first.fileId, widths: [], checks: first.checks },
      'no copies come back',
    );
    const local = new LocalPhotoStorage(dataDir);
    assert.ok(fs.readFileSync(local.pathOf(first.fileId, 'original', 'jpg')).equals(first.original));
    assert.ok(fs.readFileSync(local.pathOf(first.fileId, 'display', 'jpg')).equals(first.display));
    assert.deepEqual(fs.readdirSync(path.dirname(local.pathOf(first.fileId, 'original', 'jpg'))).sort(), [
      `${first.fileId}-display.jpg`,
      `${first.fileId}-display.webp`,
      `${first.fileId}-original.jpg`,
    ]);
    // A store that cannot be written fails the photo as an error (retried), not as a bad image.
    const blocked = path.join(dataDir, 'blocked');
    fs.writeFileSync(blocked, 'a file where the store directory should be');
    const unwritable = await work.processInto(input, blocked).catch((e: unknown) => e);
    assert.ok(unwritable instanceof Error && unwritable.name !== 'ImageRejected' && /ENOTDIR|EEXIST/.test(unwritable.message), String(unwritable));
    const pid = work.pid();
    assert.ok(pid, 'started on first use');
    if (process.platform === 'linux') {
      // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's niceness.
      const nice = (tid: string) => Number(fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
      const tids = fs.readdirSync(`/proc/${pid}/task`);
      assert.ok(tids.length > 1);
      assert.deepEqual(
        tids.map((tid) => nice(tid)),
        tids.map(() => 10),
        'every thread of the image process runs at niceness 10',
      );
      // P258: with IMAGE_IDLE_POLICY, also under SCHED_IDLE (policy 5, field 41) where chrt is installed.
      if (spawnSync('chrt', ['--version'], { stdio: 'ignore' }).status === 0) {
        const policy = (tid: string) => Number(fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[38]);
        assert.deepEqual(
          tids.map((tid) => policy(tid)),
          tids.map(() => 5),
          'every thread of the image process runs under SCHED_IDLE',
        );
      }
    }
    const rejected = await work.process(Buffer.from('<svg/>')).catch((e: unknown) => e);
    assert.equal((rejected as Error).name, 'ImageRejected', 'a bad image is rejected as such, not as a crash');

    // Killed while working: the photos in flight fail (the job retries them), the next one works.
    const big = await sharp(await picture(4000, 3000))
      .jpeg()
      .toBuffer();
    const inFlight = [work.process(big), work.process(big)];
    process.kill(pid, 'SIGKILL');
    for (const p of inFlight) await assert.rejects(p, /image process/);
    assert.equal(work.pid(), undefined, 'the dead process is forgotten');
    const again = await work.process(input);
    assert.ok(again.original.equals(first.original));
    assert.notEqual(work.pid(), pid, 'a new image process');
  });
});
