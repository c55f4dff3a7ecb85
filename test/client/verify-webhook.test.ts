// Issue 29 §2 (P129): the client's verifyWebhook gives stripe-node's answers on the same inputs
// (same t=…,v1=… scheme): a real delivery from a started server, then valid, tampered, expired,
// future, several-signature and malformed headers. Accepting or refusing must agree every time.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import Stripe from 'stripe';
import { createClient, verifyWebhook, WebhookSignatureError } from '../../packages/client/src/index.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { seedDealer } from '../support/dealers.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

const SECRET = 'whsec_3f9a1c0d7e2b4a6f8c1d3e5f7a9b0c2d';
const sign = (secret: string, t: number, body: string) => crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

async function ours(body: string | Buffer, header: string, secret: string, tolerance: number, now: number): Promise<boolean> {
  try {
    await verifyWebhook(body, header, secret, { tolerance, now });
    return true;
  } catch {
    return false;
  }
}
function stripes(body: string | Buffer, header: string, secret: string, tolerance: number, now: number): boolean {
  try {
    Stripe.webhooks.constructEvent(body, header, secret, tolerance, undefined, now);
    return true;
  } catch {
    return false;
  }
}

describe('verifyWebhook answers as stripe-node does', () => {
  const now = Date.UTC(2026, 5, 1, 12);
  const t = Math.floor(now / 1000);
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'vehicle.sold',
    created_at: new Date(now).toISOString(),
    data: { external_id: 'A-1', label: 'Año 2019 · ñ' },
  });
  const good = sign(SECRET, t, body);
  const cases: [string, string | Buffer, string, string, number, number][] = [
    ['valid', body, `t=${t},v1=${good}`, SECRET, 300, now],
    ['valid, raw bytes', Buffer.from(body), `t=${t},v1=${good}`, SECRET, 300, now],
    ['tampered body', body.replace('A-1', 'A-2'), `t=${t},v1=${good}`, SECRET, 300, now],
    ['trailing space', `${body} `, `t=${t},v1=${good}`, SECRET, 300, now],
    ['wrong secret', body, `t=${t},v1=${good}`, `${SECRET}x`, 300, now],
    ['expired (301 s)', body, `t=${t},v1=${good}`, SECRET, 300, now + 301_000],
    ['at the edge (300 s)', body, `t=${t},v1=${good}`, SECRET, 300, now + 300_999],
    ['old but tolerance 0', body, `t=${t},v1=${good}`, SECRET, 0, now + 86_400_000],
    ['from the future', body, `t=${t + 3600},v1=${sign(SECRET, t + 3600, body)}`, SECRET, 300, now],
    ['timestamp changed', body, `t=${t + 1},v1=${good}`, SECRET, 300, now],
    ['several v1, one good', body, `t=${t},v1=${'0'.repeat(64)},v1=${good},v0=${good}`, SECRET, 300, now],
    ['several v1, none good', body, `t=${t},v1=${'0'.repeat(64)},v1=${sign('other', t, body)}`, SECRET, 300, now],
    ['only v0', body, `t=${t},v0=${good}`, SECRET, 300, now],
    ['no timestamp', body, `v1=${good}`, SECRET, 300, now],
    ['upper-case hex', body, `t=${t},v1=${good.toUpperCase()}`, SECRET, 300, now],
    ['truncated signature', body, `t=${t},v1=${good.slice(0, 63)}`, SECRET, 300, now],
    ['spaces after commas', body, `t=${t}, v1=${good}`, SECRET, 300, now],
    ['two timestamps, last wins', body, `t=1,t=${t},v1=${good}`, SECRET, 300, now],
    ['empty header', body, '', SECRET, 300, now],
    ['garbage header', body, 'hello', SECRET, 300, now],
    ['blank secret', body, `t=${t},v1=${sign(' ', t, body)}`, ' ', 300, now],
  ];
  const accepted = [
    'valid',
    'valid, raw bytes',
    'at the edge (300 s)',
    'old but tolerance 0',
    'from the future',
    'several v1, one good',
    'two timestamps, last wins',
  ];
  for (const [name, b, header, secret, tolerance, at] of cases) {
    test(name, async () => {
      assert.equal(stripes(b, header, secret, tolerance, at), accepted.includes(name), 'the case is what its name says');
      assert.equal(await ours(b, header, secret, tolerance, at), stripes(b, header, secret, tolerance, at));
    });
  }

  test('accepted: the parsed event; refused: WebhookSignatureError', async () => {
    const event = await verifyWebhook(body, `t=${t},v1=${good}`, SECRET, { tolerance: 300, now });
    assert.equal(event.id, 'evt_1');
    await assert.rejects(verifyWebhook(body, `t=${t},v1=${good}`, SECRET, { tolerance: 300, now: now + 301_000 }), WebhookSignatureError);
    await assert.rejects(verifyWebhook(body, [`t=${t},v1=${good}`, 'x'], SECRET), WebhookSignatureError);
  });
});

describe(`verifyWebhook on a real delivery (${STORE_NAME})`, () => {
  let app: TestApp;
  let rx: Receiver;
  let base: string;
  before(async () => {
    rx = await startReceiver();
    const srv = net.createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const { port } = srv.address() as net.AddressInfo;
    await new Promise((r) => srv.close(r));
    base = `http://127.0.0.1:${port}`;
    app = await makeApp({
      env: { PUBLIC_BASE_URL: base, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' },
      outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], ca: rx.cert }),
    });
    await app.app.listen({ port, host: '127.0.0.1' });
  });
  after(async () => {
    await app.close();
    await rx.close();
  });

  test('a test delivery verifies with the secret, and not once altered; stripe-node agrees', async () => {
    const { key } = await seedDealer(app);
    const client = createClient({ baseUrl: `${base}/v1`, apiKey: key });
    const hook = await client.webhooks.create({ url: rx.url('/ok'), events: ['vehicle.sold'] });
    assert.equal((await client.webhooks.test(hook.id)).delivered, true);
    const r = rx.received.at(-1)!;
    const header = String(r.headers['x-service-signature']);
    const at = manualClock(app).now();
    const event = await verifyWebhook(r.raw, header, hook.secret, { tolerance: 300, now: at });
    assert.equal(event.type, 'webhook.test');
    assert.equal(stripes(r.raw, header, hook.secret, 300, at), true);
    const altered = Buffer.concat([r.raw, Buffer.from(' ')]);
    assert.equal(await ours(altered, header, hook.secret, 300, at), false);
    assert.equal(stripes(altered, header, hook.secret, 300, at), false);
    assert.equal(await ours(r.raw, header, hook.secret, 300, at + 301_000), false);
    assert.equal(stripes(r.raw, header, hook.secret, 300, at + 301_000), false);
  });
});
