// Migrations are dated and never edited once landed (not even by a formatter): each file's
// content is pinned here by its SHA-256. A new migration adds its line; changing a landed one
// fails this test, and the change belongs in a new migration instead.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const DIR = 'src/core/db/migrations';
const LANDED: Record<string, string> = {
  '2026-11-21-001-foundation': '62a19926c9ec828e',
  '2026-11-21-002-vehicles': '9d3c8616df968320',
  '2026-11-21-003-photos': 'e827d3c6991d5764',
  '2026-11-21-004-webhooks': '5c343412c015072a',
  '2026-11-21-005-feeds': '4babef86ccfeee92',
  '2026-11-21-006-leads': '0c60e31e56dd7a17',
  '2026-11-21-007-job-concurrency': '5401d807b5f4740b',
  '2026-11-24-001-feed-import-bounds': 'bb340625262d3aac',
  '2026-11-24-002-panel': '988b5121d66e7176',
  '2026-11-24-003-panel-inventory': '74509627a1c97e0b',
  '2026-11-24-004-lead-conversations': '2316756d4379a56e',
  '2026-11-24-005-vehicle-details': '1010565be4e97d16',
  '2026-11-24-006-feed-mapping': 'cc53e871b1d88562',
  '2026-11-26-001-feed-token-creators': '04b91d803c92781b',
  '2026-11-26-002-lead-phone-keys': 'b4d822a265fedccd',
  '2026-11-26-010-limit-hits': '06e90033d91826cb',
  '2026-11-27-001-dealer-profile': '06534147937041be',
  '2026-11-27-002-photo-variants': '7c58340155f8216e',
  '2026-11-27-002b-public-pages': 'ad527dc7d9f8f78d',
  '2026-11-27-003-listing-stats': '0a94fad5de219ae9',
  '2026-11-27-101-saved-replies': 'c2554f8c1f42c0bd',
  '2026-11-27-102-panel-cars': '5cdee32a1d3918b2',
  '2026-11-27-105-stats-mail': '7329e7b94c56a591',
  '2026-11-27-106-sandbox': 'bd2bb71f11b9839f',
  '2026-11-28-001-dealer-logo': 'c5370ad4462e8045',
  '2026-11-28-004-stats-covering': 'e55e321af1ad2e8e',
  '2026-11-28-005-stats-dealer-daily': 'b0df42a5d87bad5b',
  '2026-11-29-160-invites-elsewhere': 'eda20f1d3f67f1a5',
  '2026-11-29-201-lead-reply-mail': 'e0f6b63d8772e217',
  '2026-11-29-208-first-response': '72870028c325b34e',
  '2026-11-29-210-vehicle-activity': '089c325fdbbbc4bd',
  '2026-11-29-215-push-subscriptions': 'a06683ce3e52e22f',
  '2026-11-29-220-listing-quality': '4bed7628deeffe46',
  '2026-11-29-228-price-rating': 'ff8c1585a8b4a229',
  '2026-11-29-242-storefront-price': 'aeac44a03c737d3b',
};

describe('migrations', () => {
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.ts'));

  it('every migration is pinned, and none changed since it landed', () => {
    const now = Object.fromEntries(
      files.map((f) => [
        path.basename(f, '.ts'),
        crypto
          .createHash('sha256')
          .update(fs.readFileSync(path.join(DIR, f)))
          .digest('hex')
          .slice(0, 16),
      ]),
    );
    assert.deepEqual(now, LANDED);
  });

  it('every migration file is registered in migrate.ts, in date order', () => {
    const source = fs.readFileSync('src/core/db/migrate.ts', 'utf8');
    const registered = [...source.matchAll(/^ {2}'(\d{4}-\d{2}-\d{2}-\d{3}[a-z]?-[a-z0-9-]+)': /gm)].map((m) => m[1]);
    const names = files.map((f) => path.basename(f, '.ts')).sort();
    assert.deepEqual(registered, names);
  });
});
