// Listing quality (D43, P220–P222) through the real server on both stores: every hint code from
// photos actually downloaded and checked, the score's arithmetic, near-duplicates within a
// dealership and across dealerships (studio photos of different cars not among them), the stored
// score equal to the served one, a fix raising the score by the hint's points, messages in the
// reader's language, and the dry run's foreseen scores.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { DESCRIPTION_FULL, qualityOf } from '../../src/modules/vehicles/quality.js';
import { CHECK } from '../../src/modules/photos/checks.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar } from '../support/cars.js';
import { copiesOf, flatPhoto, studioPhoto, studioVariant } from '../support/studio-photos.js';

type Hint = { code: string; field: string; message: string; points: number; photo?: number };
type Quality = { score: number; hints: Hint[] };

class PhotoServer {
  private readonly files = new Map<string, Buffer>();
  private readonly server = http.createServer((req, res) => {
    const body = this.files.get((req.url ?? '').split('?')[0]!);
    if (!body) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end(body);
  });
  base = '';
  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  serve(path: string, body: Buffer): string {
    this.files.set(path, body);
    return this.base + path;
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

const CRONOS = { brand: 'Fiat', model: 'Cronos', year: 2022, price: 9_000_000, mileage: 30000 };
const LONG = 'Único dueño, service oficial al día, cubiertas nuevas, tapizado de tela impecable. '.repeat(6);

describe(`listing quality (${STORE_NAME})`, () => {
  let t: TestApp;
  let a: string;
  let b: string;
  const photos = new PhotoServer();
  const url: Record<string, string> = {};

  before(async () => {
    await photos.start();
    for (let i = 0; i < 40; i++) url[`car${i}`] = photos.serve(`/car${i}.jpg`, await studioPhoto(i));
    const copies = await copiesOf(await studioPhoto(20));
    url.copy20 = photos.serve('/copy20.jpg', copies[0]!);
    url.copy20b = photos.serve('/copy20b.jpg', copies[1]!);
    url.small = photos.serve('/small.jpg', await studioVariant(1, { width: 640, height: 480 }));
    url.flat = photos.serve('/flat.jpg', await flatPhoto());
    url.bright = photos.serve('/bright.jpg', await flatPhoto(1200, 900, 245));
    url.portrait = photos.serve('/portrait.jpg', await studioVariant(4, { width: 900, height: 1200 }));
    t = await makeApp({ clock: new ManualClock(Date.UTC(2026, 10, 1, 12)), env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PHOTO_TIMEOUT: '2s' } });
    ({ key: a } = await seedDealer(t));
    ({ key: b } = await seedDealer(t));
  });
  after(async () => {
    await t.close();
    await photos.stop();
  });

  const put = (key: string, id: string, body: unknown) =>
    t.app.inject({ method: 'PUT', url: `/v1/vehicles/${id}`, headers: bearer(key), payload: body as object });
  const get = async (key: string, id: string, lang = 'en') =>
    (await t.app.inject({ url: `/v1/vehicles/${id}`, headers: { ...bearer(key), 'accept-language': lang } })).json().vehicle as {
      quality: Quality;
      photos_pending: number;
    };
  const runPhotos = async () => {
    for (let i = 0; i < 20; i++) if ((await t.app.services.jobs.runDue()) === 0) return;
  };
  const stored = async (id: string) =>
    (await t.store.db.selectFrom('vehicles').select(['quality_score', 'photo_checks']).where('external_id', '=', id).executeTakeFirstOrThrow()) as {
      quality_score: number;
      photo_checks: string;
    };
  const codes = (q: Quality) => q.hints.map((h) => (h.photo === undefined ? `${h.code}:${h.field}` : `${h.code}@${h.photo}`)).sort();

  test('every photo hint from real photos, each text hint, and the score the stored row holds', async () => {
    const list = [url.portrait!, url.small!, url.flat!, url.bright!, url.car0!];
    const res = await put(a, 'Q-1', aCar({ ...CRONOS, photos: list, description: 'Poco uso', color: null, version: null, fuel: null, transmission: null }));
    assert.equal(res.statusCode, 201, res.body);
    // Before the photos are in: only the count and the text are judged.
    assert.deepEqual(codes(res.json().vehicle.quality), [
      'attribute_missing:color',
      'attribute_missing:fuel',
      'attribute_missing:transmission',
      'attribute_missing:version',
      'description_short:description',
      'photos_few:photos',
    ]);
    await runPhotos();
    const v = await get(a, 'Q-1');
    assert.equal(v.photos_pending, 0);
    const c = codes(v.quality);
    for (const want of ['photo_portrait_first@0', 'photo_small@1', 'photo_blurry@2', 'photo_exposure@3', 'photos_few:photos', 'description_short:description'])
      assert.ok(c.includes(want), `${want} in ${c.join(', ')}`);
    assert.ok(!c.some((x) => x.endsWith('@4')), 'the sound photo has no hint');
    // The stored score is the served one, and the arithmetic is quality.ts's on the stored row.
    const row = await stored('Q-1');
    assert.equal(row.quality_score, v.quality.score);
    const checks = JSON.parse(row.photo_checks) as number[];
    assert.equal(checks.length, 5);
    assert.ok(checks[0]! & CHECK.portrait && checks[1]! & CHECK.small && checks[2]! & CHECK.blurry && checks[3]! & CHECK.bright);
    assert.equal(checks[4], 0);
    const recomputed = qualityOf({ fuel: null, transmission: null, version: null, color: null, description: 'Poco uso', photo_checks: row.photo_checks });
    assert.equal(recomputed.score, v.quality.score);
    assert.ok(v.quality.score < 60, `score ${v.quality.score}`);
    // Spanish and Portuguese readers get their words (D31).
    const es = await get(a, 'Q-1', 'es');
    assert.match(es.quality.hints.find((h) => h.code === 'photo_small')!.message, /^La foto 2 mide menos de 800×600 píxeles/);
    const pt = await get(a, 'Q-1', 'pt');
    assert.match(pt.quality.hints.find((h) => h.code === 'attribute_missing' && h.field === 'fuel')!.message, /combustível/);
  });

  test('fixing text hints raises the score by their points, exactly', async () => {
    const before = (await get(a, 'Q-1')).quality;
    const gain = (code: string, field: string) => before.hints.find((h) => h.code === code && h.field === field)!.points;
    const res = await put(
      a,
      'Q-1',
      aCar({
        ...CRONOS,
        photos: [url.portrait!, url.small!, url.flat!, url.bright!, url.car0!],
        description: 'Poco uso',
        color: 'Gris',
        version: null,
        fuel: null,
        transmission: null,
      }),
    );
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().vehicle.quality.score, before.score + gain('attribute_missing', 'color'));
    const withText = await put(
      a,
      'Q-1',
      aCar({
        ...CRONOS,
        photos: [url.portrait!, url.small!, url.flat!, url.bright!, url.car0!],
        description: LONG,
        color: 'Gris',
        version: null,
        fuel: null,
        transmission: null,
      }),
    );
    const after = withText.json().vehicle.quality as Quality;
    assert.ok(LONG.trim().length >= DESCRIPTION_FULL);
    assert.equal(after.score, before.score + gain('attribute_missing', 'color') + gain('description_short', 'description'));
    assert.ok(!after.hints.some((h) => h.code === 'description_short'));
    assert.equal((await stored('Q-1')).quality_score, after.score);
  });

  test('a car with every field, 8 sound photos and a long description scores 100 with no hints', async () => {
    const list = [10, 11, 12, 13, 14, 15, 16, 17].map((i) => url[`car${i}`]!);
    const { key } = await seedDealer(t);
    await put(
      key,
      'Q-FULL',
      aCar({ ...CRONOS, photos: list, description: LONG, color: 'Gris', version: 'Drive 1.3', fuel: 'gasoline', transmission: 'manual' }),
    );
    await runPhotos();
    const q = (await get(key, 'Q-FULL')).quality;
    assert.deepEqual(q, { score: 100, hints: [] });
  });

  test('the same photo on two of a dealership’s cars: photo_duplicate on both; another dealership’s copy: photo_elsewhere on it alone', async () => {
    const { key: c } = await seedDealer(t);
    await put(c, 'D-1', aCar({ ...CRONOS, photos: [url.car20!, url.car21!, url.car22!] }));
    await runPhotos();
    await put(c, 'D-2', aCar({ ...CRONOS, photos: [url.copy20!, url.car23!, url.car24!] }));
    await runPhotos();
    const d1 = codes((await get(c, 'D-1')).quality).filter((x) => x.startsWith('photo_'));
    const d2 = codes((await get(c, 'D-2')).quality).filter((x) => x.startsWith('photo_'));
    assert.deepEqual(d1, ['photo_duplicate@0'], 'the earlier car is told too');
    assert.deepEqual(d2, ['photo_duplicate@0'], 'cars 21 to 24, shot in the same studio, are no duplicates');
    // Another dealership lists a copy of car 20: a copied photo there, nothing new here.
    await put(b, 'E-1', aCar({ ...CRONOS, photos: [url.copy20b!, url.car25!, url.car26!] }));
    await runPhotos();
    assert.deepEqual(
      codes((await get(b, 'E-1')).quality).filter((x) => x.startsWith('photo_')),
      ['photo_elsewhere@0'],
    );
    assert.deepEqual(
      codes((await get(c, 'D-1')).quality).filter((x) => x.startsWith('photo_')),
      ['photo_duplicate@0'],
    );
    // The lookup went through the band index.
    const bands = await t.store.db
      .selectFrom('photo_hash_bands')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.ok(Number(bands.n) > 0);
  });

  test('a sync dry run says the score each car would have, writing nothing', async () => {
    const { key } = await seedDealer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/vehicles/sync',
      headers: { ...bearer(key), 'accept-language': 'es' },
      payload: {
        dry_run: true,
        vehicles: [
          aCar({ external_id: 'S-1', ...CRONOS, photos: [url.car30!, url.car31!, url.car32!], description: LONG }),
          aCar({ external_id: 'S-2', ...CRONOS, photos: [url.car33!, url.car34!, url.car35!], description: null, color: null }),
        ],
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json<{ would_quality: { external_id: string; score: number; hints: Hint[] }[] }>();
    assert.deepEqual(
      body.would_quality.map((q) => q.external_id),
      ['S-1', 'S-2'],
    );
    const [s1, s2] = body.would_quality;
    assert.ok(s1!.score > s2!.score);
    // Every car listed: no truncation, and the summary counts both (P259).
    const whole = res.json<{ would_quality_truncated: boolean; would_quality_summary: { cars: number; average: number; under_50: number } }>();
    assert.equal(whole.would_quality_truncated, false);
    assert.deepEqual(whole.would_quality_summary, {
      cars: 2,
      average: Math.round(((s1!.score + s2!.score) / 2) * 10) / 10,
      under_50: [s1!.score, s2!.score].filter((x) => x < 50).length,
    });
    assert.ok(s2!.hints.some((h) => h.code === 'attribute_missing' && h.field === 'color' && /color/.test(h.message)));
    // The real call stores what the dry run foresaw.
    const real = await t.app.inject({
      method: 'POST',
      url: '/v1/vehicles/sync',
      headers: bearer(key),
      payload: {
        vehicles: [
          aCar({ external_id: 'S-1', ...CRONOS, photos: [url.car30!, url.car31!, url.car32!], description: LONG }),
          aCar({ external_id: 'S-2', ...CRONOS, photos: [url.car33!, url.car34!, url.car35!], description: null, color: null }),
        ],
      },
    });
    assert.equal(real.statusCode, 200);
    assert.equal((await get(key, 'S-1')).quality.score, s1!.score);
    assert.equal((await get(key, 'S-2')).quality.score, s2!.score);
  });
});

describe('the score’s arithmetic (quality.ts)', () => {
  const car = (o: Partial<Parameters<typeof qualityOf>[0]>) =>
    qualityOf({
      fuel: 'gasoline',
      transmission: 'manual',
      version: 'XEi',
      color: 'Gris',
      description: 'x'.repeat(400),
      photo_checks: '[0,0,0,0,0,0,0,0]',
      ...o,
    });

  test('weights: 20 photos, 40 image quality, 30 attributes, 10 description', () => {
    assert.deepEqual(car({}), { score: 100, hints: [] });
    // No photo at all: 0 + 0 + 30 + 10.
    assert.equal(car({ photo_checks: '[]' }).score, 40);
    assert.deepEqual(car({ photo_checks: '[]' }).hints, [{ code: 'photos_few', field: 'photos', points: 60 }]);
    // 4 of 8 photos: 10 of 20.
    assert.equal(car({ photo_checks: '[0,0,0,0]' }).score, 90);
    // No fuel (8) and no colour (7).
    const missing = car({ fuel: null, color: '' });
    assert.equal(missing.score, 85);
    assert.deepEqual(
      missing.hints.map((h) => [h.field, h.points]),
      [
        ['fuel', 8],
        ['color', 7],
      ],
    );
    // 100 of 400 characters: 2.5 of 10.
    assert.equal(car({ description: 'y'.repeat(100) }).score, 93);
  });

  test('photo checks lose their weight in proportion; failed photos do not count; pending ones are not judged', () => {
    // 2 of 8 photos small: 8 × 2/8 = 2 points; each hint gains 1.
    const small = car({ photo_checks: `[${CHECK.small},${CHECK.small},0,0,0,0,0,0]` });
    assert.equal(small.score, 98);
    assert.deepEqual(
      small.hints.map((h) => [h.code, h.photo, h.points]),
      [
        ['photo_small', 0, 1],
        ['photo_small', 1, 1],
      ],
    );
    // Every check on one photo of 8: 8+10+4+6+8 = 36 × 1/8 = 4.5, and the first photo upright: 4.
    const all = CHECK.small | CHECK.blurry | CHECK.dark | CHECK.duplicate | CHECK.elsewhere | CHECK.portrait;
    const q = car({ photo_checks: `[${all},0,0,0,0,0,0,0]` });
    assert.equal(q.score, Math.round(100 - 4.5 - 4));
    assert.deepEqual(q.hints.map((h) => h.code).sort(), [
      'photo_blurry',
      'photo_duplicate',
      'photo_elsewhere',
      'photo_exposure',
      'photo_portrait_first',
      'photo_small',
    ]);
    // A failed photo (-1) is neither counted nor judged; a pending one (null) counts, unjudged.
    assert.equal(car({ photo_checks: '[-1,0,0,0,0,0,0,0,0]' }).score, 100);
    assert.equal(car({ photo_checks: '[null,null,null,null,null,null,null,null]' }).score, 100);
    assert.equal(car({ photo_checks: `[-1,${CHECK.portrait},0,0,0,0,0,0]` }).hints[0]!.photo, 1, 'the first shown photo is the one judged upright');
  });
});
