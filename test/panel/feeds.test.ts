// The panel's feeds pages (D27; feeds made, revoked and their URL set by owners only, D39: see
// push-tokens.test.ts): push addresses shown once, file URL set / changed / removed with the CLI's rules, "read now" through the feed's one pull job, the import
// history and report, and the errors CSV (formula cells neutralized).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { insertFeedImport } from '../../src/modules/feeds/repository.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer } from '../support/dealers.js';
import { signedInClient, type PanelClient } from '../support/panel.js';
import { csv, csvCar, ids, pushCsv } from '../feeds/support.js';

const pushPathOf = (body: string) => {
  const url = /<code id="push-url">([^<]+)<\/code>/.exec(body)?.[1];
  return url ? new URL(url).pathname : undefined;
};

async function newFeed(t: TestApp, client: PanelClient, form: Record<string, string> = {}) {
  await client.get('/panel/feeds');
  const res = await client.post('/panel/feeds/tokens', { market: 'ar', source: 'feed', url: '', ...form });
  assert.equal(res.status, 200, res.body.slice(0, 500));
  const path = pushPathOf(res.body);
  assert.ok(path, 'the push address is in the answer');
  const row = await t.store.db.selectFrom('feeds').select(['id', 'url', 'market', 'source']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  return { res, path, ...row };
}

describe(`panel feeds (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000' } });
  });
  after(() => t.close());

  test('an owner makes a feed: its push address is shown once, works, and the import is in the history with its report', async () => {
    const { client, user } = await signedInClient(t, { markets: ['ar', 'uy'] });
    const page = await client.get('/panel/feeds');
    assert.equal(page.status, 200);
    assert.match(page.body, /<option value="uy">Uruguay<\/option>/);

    const feed = await newFeed(t, client, { market: 'uy', source: 'tiendanube' });
    assert.match(feed.res.body, /data-copy="push-url"/);
    assert.match(feed.res.body, /No se volverá a mostrar|will not be shown again/);
    assert.deepEqual([feed.market, feed.source, feed.url], ['uy', 'tiendanube', null]);
    const listed = await client.get('/panel/feeds');
    assert.ok(!listed.body.includes(feed.path), 'the address is not shown again');
    assert.match(listed.body, /Feed \d+/);

    const bad = csvCar('=HYPERLINK("http://x")', { year: 'abc' });
    // In the panel user's language (D31), so its message reads as the report shows it.
    const pushed = await pushCsv(t, feed.path, csv([...ids('W', 2).map((id) => csvCar(id)), bad]), { 'accept-language': 'es' });
    assert.equal(pushed.statusCode, 200, pushed.body);
    const answer = pushed.json<{ created: number; errors: { index: number; external_id: string; message: string }[] }>();
    assert.equal(answer.created, 2);
    assert.equal(answer.errors.length, 1);

    const history = await client.get('/panel/feeds');
    const imp = await t.store.db.selectFrom('feed_imports').selectAll().where('dealer_id', '=', user.dealerId).executeTakeFirstOrThrow();
    assert.ok(history.body.includes(`href="/panel/feeds/imports/${imp.id}"`));
    assert.match(history.body, /Enviado por el proveedor|Sent by provider/);
    // Some cars applied and one refused: a warning, counts labelled (issue 26, P109).
    assert.match(history.body, /<span class="badge warn">Importado con errores<\/span>/);
    assert.ok(history.body.includes('2 nuevos · 1 con errores'), 'labelled counts');
    assert.ok(!/\d+ · \d+ · \d+ · \d+/.test(history.body), 'no bare numbers');
    assert.ok(!history.body.includes('badge ok">Importado<'), 'not a green "Importado"');

    const report = await client.get(`/panel/feeds/imports/${imp.id}`);
    assert.equal(report.status, 200);
    assert.match(report.body, /<h1>[^<]*<span class="badge warn">Importado con errores<\/span><\/h1>/);
    assert.ok(report.body.includes('Se cargaron 2 autos del archivo; 1 fila tenía errores y no se cargó.'), 'the warning says what happened');
    assert.ok(report.body.includes('2 nuevos · 1 con errores'));
    assert.ok(report.body.includes('=HYPERLINK(&quot;http://x&quot;)'), 'the stock ID, escaped');
    assert.ok(report.body.includes(`>${answer.errors[0]!.index}<`), 'its row number');
    assert.ok(report.body.includes(answer.errors[0]!.message.replaceAll('"', '&quot;').replaceAll("'", '&#39;')), 'its message');
    assert.ok(report.body.includes(`href="/panel/feeds/imports/${imp.id}/errors.csv"`));
    // The rows to fix come first (P197): right under the title's warning, before the facts and the column table.
    const at = (needle: string) => report.body.indexOf(needle);
    assert.ok(at('<h2>Filas con errores</h2>') > at('</h1>') && at('<h2>Filas con errores</h2>') < at('<dl class="fields">'), 'row errors before the facts');
    assert.ok(
      at('<h2>Cómo se leyeron las columnas</h2>') > 0 && at('=HYPERLINK(&quot;') < at('<h2>Cómo se leyeron las columnas</h2>'),
      'the failing row before the column table',
    );

    const file = await client.get(`/panel/feeds/imports/${imp.id}/errors.csv`);
    assert.equal(file.status, 200);
    assert.equal(file.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(String(file.headers['content-disposition']), /^attachment; filename="[a-z-]+-\d+\.csv"$/);
    const lines = file.body.replace(/^\uFEFF/, '').split('\r\n');
    assert.equal(lines.length, 3, 'header, one error, final line break');
    assert.match(lines[0]!, /^"(Fila|Row)","(Código de stock|Stock ID)","(Error)"$/);
    const [index, stockId] = lines[1]!.split(',');
    assert.equal(index, `"${answer.errors[0]!.index}"`, 'every cell quoted');
    assert.equal(stockId, `"'=HYPERLINK(""http://x"")"`, 'a formula is neutralized, quotes doubled');
    assert.equal(lines[2], '');
  });

  test('the file URL is checked like the CLI’s: clear 422 messages, nothing saved', async () => {
    const { client } = await signedInClient(t);
    const feed = await newFeed(t, client);
    await client.get('/panel/feeds');
    const cases: [string, RegExp][] = [
      ['', /dirección completa|full address/],
      ['stock.csv', /dirección completa|full address/],
      ['ftp://dealer.example.com/stock.csv', /https:\/\/ o http:\/\/|https:\/\/ or http:\/\//],
      ['https://user:pw@dealer.example.com/stock.csv', /usuario ni contraseña|user name or password/],
      ['https://dealer.example.com:8080/stock.csv', /puerto especial|special port/],
      ['http://127.0.0.1/stock.csv', /red privada|private network/],
      ['http://[::1]/stock.csv', /red privada|private network/],
      [`https://dealer.example.com/${'a'.repeat(2000)}`, /demasiado larga|too long/],
    ];
    for (const [url, message] of cases) {
      const res = await client.post(`/panel/feeds/tokens/${feed.id}/url`, { url });
      assert.equal(res.status, 422, url);
      assert.match(res.body, message, url);
      assert.match(res.body, /aria-invalid="true"/);
    }
    const create = await client.post('/panel/feeds/tokens', { market: 'br', source: 'feed', url: '' });
    assert.equal(create.status, 422);
    assert.match(create.body, /mercados de este concesionario|this dealership’s markets/);
    const source = await client.post('/panel/feeds/tokens', { market: 'ar', source: 'csv', url: '' });
    assert.equal(source.status, 422);
    const noUrl = await client.post(`/panel/feeds/tokens/${feed.id}/read-now`);
    assert.equal(noUrl.status, 422);
    assert.match(noUrl.body, /no tiene una dirección|has no file address/);
    const row = await t.store.db.selectFrom('feeds').select('url').where('id', '=', feed.id).executeTakeFirstOrThrow();
    assert.equal(row.url, null);

    // A good one is saved, its pull job made; removing it removes the job.
    const ok = await client.post(`/panel/feeds/tokens/${feed.id}/url`, { url: ' https://dealer.example.com/stock.csv ' });
    assert.equal(ok.status, 303);
    assert.equal(ok.location, '/panel/feeds?done=url-saved');
    const shown = await client.get(ok.location);
    assert.ok(shown.body.includes('<code>https://dealer.example.com/stock.csv</code>'));
    const jobs = () => t.store.db.selectFrom('jobs').select(['id', 'run_at']).where('job_key', '=', `feeds.pull:${feed.id}`).execute();
    assert.equal((await jobs()).length, 1);
    const removed = await client.post(`/panel/feeds/tokens/${feed.id}/url/remove`);
    assert.equal(removed.location, '/panel/feeds?done=url-removed');
    assert.equal((await jobs()).length, 0);
    const after = await t.store.db.selectFrom('feeds').select('url').where('id', '=', feed.id).executeTakeFirstOrThrow();
    assert.equal(after.url, null);
  });

  test('revoking a feed: its address answers 404 and it is listed as revoked', async () => {
    const { client } = await signedInClient(t);
    const feed = await newFeed(t, client);
    await client.get('/panel/feeds');
    const res = await client.post(`/panel/feeds/tokens/${feed.id}/revoke`);
    assert.equal(res.status, 303);
    assert.equal(res.location, '/panel/feeds?done=revoked');
    const page = await client.get(res.location);
    assert.match(page.body, /Feeds revocados \(1\)|Revoked feeds \(1\)/);
    assert.equal((await pushCsv(t, feed.path, csv([csvCar('R-1')]))).statusCode, 404);
    assert.equal((await client.post(`/panel/feeds/tokens/${feed.id}/revoke`)).status, 404, 'already revoked');
  });

  test('the history is newest first, 20 a page', async () => {
    const { client, user } = await signedInClient(t);
    const feed = await newFeed(t, client);
    const now = manualClock(t).now();
    for (let i = 0; i < 23; i++) {
      await insertFeedImport(t.store.db, {
        feed_id: feed.id,
        dealer_id: user.dealerId,
        trigger: 'pull',
        result: 'processed',
        format: 'csv',
        rows: i,
        created: i,
        updated: 0,
        sold: 0,
        sold_skipped: null,
        message: null,
        error_count: 0,
        errors: '[]',
        columns: '[]',
        started_at: now + i,
        finished_at: now + i,
      });
    }
    const first = await client.get('/panel/feeds');
    const links = (body: string) => [...body.matchAll(/href="\/panel\/feeds\/imports\/(\d+)"/g)].map((m) => Number(m[1]));
    const one = links(first.body);
    assert.equal(one.length, 20);
    assert.deepEqual(
      one,
      [...one].sort((a, b) => b - a),
    );
    assert.ok(first.body.includes('href="/panel/feeds?page=2#history"'));
    const second = await client.get('/panel/feeds?page=2');
    const two = links(second.body);
    assert.equal(two.length, 3);
    assert.ok(Math.max(...two) < Math.min(...one));
    assert.equal((await client.get('/panel/feeds?page=x')).status, 200);
  });

  test('another dealership’s feeds and imports are 404, bad ids 404, no CSRF token 403', async () => {
    const owner = await signedInClient(t);
    const feed = await newFeed(t, owner.client);
    await pushCsv(t, feed.path, csv([csvCar('I-1', { year: 'abc' })]));
    const imp = await t.store.db.selectFrom('feed_imports').select('id').where('feed_id', '=', feed.id).executeTakeFirstOrThrow();
    assert.equal((await owner.client.get(`/panel/feeds/imports/${imp.id}`)).status, 200);

    // An owner of another dealership: every one of its doors is the 404 page.
    const { client } = await signedInClient(t);
    await client.get('/panel/feeds');
    for (const path of [`/panel/feeds/imports/${imp.id}`, `/panel/feeds/imports/${imp.id}/errors.csv`]) {
      const res = await client.get(path);
      assert.equal(res.status, 404, path);
      assert.match(res.body, /No encontrado|Not found/);
    }
    for (const [path, form] of [
      [`/panel/feeds/tokens/${feed.id}/revoke`, {}],
      [`/panel/feeds/tokens/${feed.id}/url`, { url: 'https://evil.example.com/x.csv' }],
      [`/panel/feeds/tokens/${feed.id}/url/remove`, {}],
      [`/panel/feeds/tokens/${feed.id}/read-now`, {}],
    ] as const) {
      assert.equal((await client.post(path, form)).status, 404, path);
    }
    const still = await t.store.db.selectFrom('feeds').select(['url', 'revoked_at']).where('id', '=', feed.id).executeTakeFirstOrThrow();
    assert.deepEqual(still, { url: null, revoked_at: null });

    for (const bad of ['0', 'x', '-3', '1e3', '123456789012345678901']) {
      assert.equal((await client.get(`/panel/feeds/imports/${bad}`)).status, 404, bad);
      assert.equal((await client.get(`/panel/feeds/imports/${bad}/errors.csv`)).status, 404, bad);
      assert.equal((await client.post(`/panel/feeds/tokens/${bad}/revoke`)).status, 404, bad);
      assert.equal((await client.post(`/panel/feeds/tokens/${bad}/read-now`)).status, 404, bad);
    }
    assert.equal((await client.get('/panel/feeds/imports/99999999')).status, 404);

    await owner.client.get('/panel/feeds');
    const noCsrf = await owner.client.post(`/panel/feeds/tokens/${feed.id}/revoke`, { _csrf: '' });
    assert.equal(noCsrf.status, 403);
    const noCsrfCreate = await owner.client.post('/panel/feeds/tokens', { _csrf: '', market: 'ar', source: 'feed' });
    assert.equal(noCsrfCreate.status, 403);
    assert.equal((await t.store.db.selectFrom('feeds').select('revoked_at').where('id', '=', feed.id).executeTakeFirstOrThrow()).revoked_at, null);
  });
});

describe(`panel feeds: reading the file URL (${STORE_NAME})`, () => {
  let t: TestApp;
  let server: http.Server;
  let base: string;
  let file = '';
  let reads = 0;

  before(async () => {
    t = await makeApp({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', FEED_POLL_INTERVAL: '4h' } });
    server = http.createServer((_req, res) => {
      reads++;
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end(file);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await t.close();
    server.close();
  });

  // Photo downloads of the made-up photo URLs are not this file's concern.
  const runJobs = async () => {
    await t.store.db.deleteFrom('jobs').where('task', '=', 'photos.download').execute();
    return t.app.services.jobs.runDue();
  };

  test('a URL set in the panel is read; "read now" (staff too) makes the one pull job due now; the imports show in the history', async () => {
    const { client: owner, user } = await signedInClient(t);
    const { client } = await signedInClient(t, { role: 'staff', slug: user.slug });
    file = csv(ids('U', 3).map((id) => csvCar(id)));
    const feed = await newFeed(t, owner, { url: `${base}/stock.csv` });
    assert.equal(feed.url, `${base}/stock.csv`);
    await runJobs();
    assert.equal(reads, 1, 'read at once');
    const pullJobs = () => t.store.db.selectFrom('jobs').selectAll().where('job_key', '=', `feeds.pull:${feed.id}`).execute();
    const [job] = await pullJobs();
    assert.ok(job!.run_at > manualClock(t).now(), 'waits for the next interval');

    file = csv([...ids('U', 2).map((id) => csvCar(id)), csvCar('=1+1', { year: 'abc' })]);
    await client.get('/panel/feeds');
    const now = await client.post(`/panel/feeds/tokens/${feed.id}/read-now`);
    assert.equal(now.status, 303);
    assert.equal(now.location, '/panel/feeds?done=read-queued');
    const jobs = await pullJobs();
    assert.equal(jobs.length, 1, 'still one pull job');
    assert.equal(jobs[0]!.id, job!.id);
    assert.equal(jobs[0]!.run_at, manualClock(t).now(), 'due now');
    // Twice: still one job.
    await client.post(`/panel/feeds/tokens/${feed.id}/read-now`);
    assert.equal((await pullJobs()).length, 1);
    await runJobs();
    assert.equal(reads, 2);

    const imports = await t.store.db.selectFrom('feed_imports').selectAll().where('feed_id', '=', feed.id).orderBy('id', 'desc').execute();
    assert.deepEqual(
      imports.map((i) => [i.trigger, i.result, i.error_count]),
      [
        ['pull', 'processed', 1],
        ['pull', 'processed', 0],
      ],
    );
    const page = await client.get('/panel/feeds');
    assert.match(page.body, /Leído de la URL|Read from URL/);
    const first = page.body.indexOf('href="/panel/feeds/imports/');
    assert.ok(page.body.slice(first).startsWith(`href="/panel/feeds/imports/${imports[0]!.id}"`), 'newest first');
    const report = await client.get(`/panel/feeds/imports/${imports[0]!.id}`);
    assert.equal(report.status, 200);
    assert.ok(report.body.includes('>=1+1<'));
    const errors = await client.get(`/panel/feeds/imports/${imports[0]!.id}/errors.csv`);
    assert.ok(errors.body.includes(`"'=1+1"`));

    // The API shows the same imports.
    const api = await t.app.inject({ url: `/v1/feeds/${feed.id}/imports`, headers: bearer(user.key) });
    assert.equal(api.json<{ total: number }>().total, 2);
  });

  test('changing the URL reads the new one at once', async () => {
    const { client } = await signedInClient(t);
    file = csv([csvCar('C-1')]);
    const feed = await newFeed(t, client, { url: `${base}/one.csv` });
    await runJobs();
    const before = reads;
    await client.get('/panel/feeds');
    const changed = await client.post(`/panel/feeds/tokens/${feed.id}/url`, { url: `${base}/two.csv` });
    assert.equal(changed.status, 303);
    const row = await t.store.db.selectFrom('feeds').select(['url', 'content_hash', 'etag']).where('id', '=', feed.id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { url: `${base}/two.csv`, content_hash: null, etag: null });
    await runJobs();
    assert.equal(reads, before + 1);
    const imports = await t.store.db.selectFrom('feed_imports').select('id').where('feed_id', '=', feed.id).execute();
    assert.equal(imports.length, 2, 'the same file at a new address is imported again');
  });
});
