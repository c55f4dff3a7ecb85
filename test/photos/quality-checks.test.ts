// D43's photo checks (P220–P222) on the image pipeline itself (processImage): size, sharpness
// (a flat image included), exposure, portrait, and the perceptual hash — copies of a photo match,
// two cars shot in one studio do not — and the band split behind the indexed lookup.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { processImage } from '../../src/modules/photos/image.js';
import { CHECK, DUPLICATE_THRESHOLD, hammingDistance, hashBands, HASH_BANDS } from '../../src/modules/photos/checks.js';
import { copiesOf, flatPhoto, studioPhoto, studioVariant } from '../support/studio-photos.js';

const checksOf = async (bytes: Buffer) => (await processImage(bytes)).checks;

describe('photo checks', () => {
  test('a sharp, well-lit landscape photo of 1600×1200 passes every check', async () => {
    const c = await checksOf(await studioPhoto(0));
    assert.equal(c.flags, 0, JSON.stringify(c));
    assert.ok(c.sharpness >= 60, `sharpness ${c.sharpness}`);
    assert.match(c.hash, /^[0-9a-f]{64}$/);
  });

  test('under 800×600 is small (either way up); 800×600 is not', async () => {
    assert.equal((await checksOf(await studioVariant(1, { width: 640, height: 480 }))).flags & CHECK.small, CHECK.small);
    assert.equal((await checksOf(await studioVariant(1, { width: 799, height: 600 }))).flags & CHECK.small, CHECK.small);
    assert.equal((await checksOf(await studioVariant(1, { width: 800, height: 600 }))).flags & CHECK.small, 0);
    assert.equal((await checksOf(await studioVariant(1, { width: 600, height: 800 }))).flags & CHECK.small, 0, 'portrait 600×800 is big enough');
  });

  test('a blurred photo and a flat one are blurry', async () => {
    assert.equal((await checksOf(await studioVariant(2, { blur: 4 }))).flags & CHECK.blurry, CHECK.blurry);
    const flat = await checksOf(await flatPhoto());
    assert.equal(flat.flags & CHECK.blurry, CHECK.blurry);
    assert.equal(flat.sharpness, 0);
  });

  test('too dark and too bright photos are flagged, each its own way', async () => {
    const dark = await checksOf(await studioVariant(3, { brightness: 0.2 }));
    assert.equal(dark.flags & (CHECK.dark | CHECK.bright), CHECK.dark, JSON.stringify(dark));
    const bright = await checksOf(await flatPhoto(1200, 900, 245));
    assert.equal(bright.flags & (CHECK.dark | CHECK.bright), CHECK.bright);
  });

  test('an upright photo is flagged portrait', async () => {
    assert.equal((await checksOf(await studioVariant(4, { width: 900, height: 1200 }))).flags & CHECK.portrait, CHECK.portrait);
    assert.equal((await checksOf(await studioPhoto(4))).flags & CHECK.portrait, 0);
  });

  test('copies of a photo (re-encoded, resized, WebP, brighter) are within the duplicate threshold', async () => {
    for (const i of [0, 3, 5]) {
      const original = await checksOf(await studioPhoto(i));
      for (const copy of await copiesOf(await studioPhoto(i))) {
        const d = hammingDistance(original.hash, (await checksOf(copy)).hash);
        assert.ok(d <= DUPLICATE_THRESHOLD, `car ${i}: a copy differs in ${d} bits`);
      }
    }
  });

  test('24 cars shot in one studio (same wall, floor and sign) are never duplicates of each other', async () => {
    const hashes: string[] = [];
    for (let i = 0; i < 24; i++) hashes.push((await checksOf(await studioPhoto(i))).hash);
    for (let a = 0; a < hashes.length; a++)
      for (let b = a + 1; b < hashes.length; b++) {
        const d = hammingDistance(hashes[a]!, hashes[b]!);
        assert.ok(d > DUPLICATE_THRESHOLD, `cars ${a} and ${b} differ in only ${d} bits`);
      }
  });

  test('bands: two hashes within the threshold share a whole band (pigeonhole), a flat hash has none', () => {
    const base = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'.repeat(2);
    // Flip DUPLICATE_THRESHOLD bits spread over every band but one.
    const bits = Array.from(base, (h) => parseInt(h, 16).toString(2).padStart(4, '0')).join('');
    const flipped = bits.split('');
    for (let k = 0; k < DUPLICATE_THRESHOLD; k++) {
      const at = k * 32 + 5;
      flipped[at] = flipped[at] === '1' ? '0' : '1';
    }
    const other = (flipped.join('').match(/.{4}/g) ?? []).map((b) => parseInt(b, 2).toString(16)).join('');
    assert.equal(hammingDistance(base, other), DUPLICATE_THRESHOLD);
    const a = new Set(hashBands(base).map((b) => `${b.band}:${b.value}`));
    assert.ok(hashBands(other).some((b) => a.has(`${b.band}:${b.value}`)));
    assert.equal(hashBands(base).length, HASH_BANDS);
    assert.deepEqual(hashBands('0'.repeat(64)), []);
  });
});
