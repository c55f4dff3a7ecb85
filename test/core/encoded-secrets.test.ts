// A secret in a percent-encoded path never reaches a log line (P157, issue 35 §3): the router
// reads `/v1/%66eeds/<token>/` as the feed push and serves it, so the request line and the
// error's line look for secrets in the path as read, not as sent. Every line the app writes is
// searched for the feed token, the API key and an invitation link's token in any form: as
// sent, percent-decoded, in any case.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getDealerBySlug } from '../../src/modules/dealers/service.js';
import { inviteUser } from '../../src/modules/users/service.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { csv, csvCar, feedFor } from '../feeds/support.js';

/** Every character percent-encoded, as an over-eager client might write it. */
const encodeAll = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** A log line as a reader could decode it: every %XX decoded, lower case. */
function decoded(line: string): string {
  return line.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).toLowerCase();
}

/** The 12-character stretches of a secret: none may appear in a line, whatever surrounds it. */
function stretches(secret: string): string[] {
  const s = secret.toLowerCase();
  return Array.from({ length: s.length - 11 }, (_, i) => s.slice(i, i + 12));
}

describe(`secrets in percent-encoded paths are kept out of the logs (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;
  let slug: string;
  let feed: { token: string; path: string };

  before(async () => {
    t = await makeApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    ({ key, slug } = await seedDealer(t));
    feed = await feedFor(t, slug);
  });
  after(() => t.close());

  const leaks = (secret: string) => {
    const parts = stretches(secret);
    return t.logs.lines.filter((line) => parts.some((p) => line.toLowerCase().includes(p) || decoded(line).includes(p)));
  };

  test('a feed push through an encoded path is served, and its token is in no log line', async () => {
    const body = csv([csvCar('ENC-1')]);
    const paths = [
      `/v1/%66eeds/${feed.token}/`,
      `/v1/%66%65%65%64%73/${feed.token}`,
      `/v1/feeds/${encodeAll(feed.token)}`,
      `/%76%31/feeds/${feed.token.toUpperCase().replace(/-/g, '%2D')}`,
    ];
    for (const [i, path] of paths.entries()) {
      const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'text/csv' }, payload: i < 3 ? body : 'x' });
      // RFC 3986: an encoded unreserved character is the character; the router reads it so (P157).
      if (i < 3) assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
    }
    // Paths that reach no route are logged too.
    for (const path of [`/v1%2Ffeeds%2F${feed.token}`, `/v1/FEEDS/${feed.token}/x`, `/v1/%46EEDS/${feed.token}`]) {
      const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'text/csv' }, payload: body });
      assert.equal(res.statusCode, 404, path);
    }
    assert.ok(
      t.logs.lines.some((l) => l.includes('"url":"/v1/feeds/[redacted]/"')),
      'the push is logged, as read, masked',
    );
    assert.deepEqual(leaks(feed.token), []);
  });

  test('an API key in a path or a query value, encoded or in another case, is in no log line', async () => {
    const body = key.slice('dik_'.length);
    const urls = [
      `/v1/vehicles/%64ik_${body}`,
      `/v1/vehicles/${key}`,
      `/v1/vehicles/DIK_${body}`,
      `/v1/vehicles/${encodeAll(key)}`,
      `/v1/vehicles/%64ik_${body}/stats`,
      `/v1/me?x=d%69k_${body}`,
      `/v1/me?x=${encodeAll(key)}`,
      `/v1/nowhere/%64ik_${body}`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url, headers: bearer(key) });
      assert.ok(res.statusCode < 500, `${url}: ${res.statusCode}`);
    }
    // A stock ID is any text: this one is a car's, and the 404 naming it is logged.
    assert.ok(t.logs.lines.some((l) => l.includes('No vehicle with stock ID \\"dik_[redacted]\\"')));
    assert.deepEqual(leaks(body), []);
  });

  test("an invitation link's token, its path encoded, is in no log line", async () => {
    const d = await getDealerBySlug(t.store.db, slug);
    const { inviteUrl } = await inviteUser(
      t.store,
      t.clock,
      'http://localhost',
      { id: d.id, name: d.name, markets: d.markets },
      { email: 'enc@example.com', name: 'Enc' },
    );
    const token = inviteUrl.slice(inviteUrl.lastIndexOf('/') + 1);
    for (const path of [`/panel/%69nvitation/${token}`, `/%70anel/invitation/${token}`]) {
      const res = await t.app.inject({ url: path });
      assert.equal(res.statusCode, 200, path);
    }
    assert.deepEqual(leaks(token), []);
  });
});
