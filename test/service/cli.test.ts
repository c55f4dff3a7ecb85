// The operator command line (D3), run as a real process against the test's store while an
// app serves the same store.
import assert from 'node:assert/strict';
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { execFile } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { KEY_CACHE_TTL_MS } from '../../src/modules/keys/resolver.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer } from '../support/dealers.js';
import { entry } from '../support/entry.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe(`operator CLI (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp();
  });
  after(() => t.close());

  const cli = (...args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      const [cmd, argv] = entry('cli', ...args);
      execFile(cmd, argv, { env: { ...process.env, DATABASE_URL: t.url, PUBLIC_BASE_URL: 'https://cars.example.com' } }, (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
  const json = (r: Run) => {
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 1, 'exactly one JSON object on stdout');
    return JSON.parse(lines[0]!);
  };

  test('keys create --sandbox makes a dik_test_ key of the sandbox (D35); sandbox reset empties it', async () => {
    json(await cli('dealers', 'create', '--slug', 'autos-sbx', '--name', 'Autos Sandbox', '--markets', 'ar', '--json'));
    const k = json(await cli('keys', 'create', '--dealer', 'autos-sbx', '--name', 'pruebas', '--sandbox', '--json'));
    assert.deepEqual(Object.keys(k).sort(), ['key', 'name', 'prefix', 'sandbox']);
    assert.match(k.key, /^dik_test_[A-Za-z0-9_-]{40}$/);
    const me = await t.app.inject({ url: '/v1/me', headers: bearer(k.key) });
    assert.equal(me.json().livemode, false);
    assert.equal(me.json().dealer.slug, 'autos-sbx');
    const r = json(await cli('sandbox', 'reset', '--dealer', 'autos-sbx', '--json'));
    assert.deepEqual(r, { dealer: 'autos-sbx', vehicles: 0, leads: 0, webhooks: 0, feeds: 0 });
    // The twin is no dealership of its own to the operator.
    assert.ok(!JSON.stringify(json(await cli('dealers', 'list', '--json'))).includes('--sandbox'));
  });

  test('dealers create, keys create, feeds create, keys revoke: exactly D3 with --json', async () => {
    const d = json(await cli('dealers', 'create', '--slug', 'autos-sur', '--name', 'Autos del Sur', '--markets', 'ar,uy', '--city', 'Montevideo', '--json'));
    assert.deepEqual(d, { dealer: { slug: 'autos-sur', name: 'Autos del Sur', markets: ['ar', 'uy'], city: 'Montevideo' } });

    const k = json(await cli('keys', 'create', '--dealer', 'autos-sur', '--name', 'woocommerce', '--json'));
    assert.deepEqual(Object.keys(k).sort(), ['key', 'name', 'prefix']);
    assert.match(k.key, /^dik_[A-Za-z0-9_-]{32,}$/);
    assert.equal(k.prefix, k.key.slice(0, 12));
    assert.equal(k.name, 'woocommerce');

    // The running app accepts the key the CLI just made.
    const me = await t.app.inject({ url: '/v1/me', headers: bearer(k.key) });
    assert.equal(me.statusCode, 200);
    assert.deepEqual(me.json().key, { prefix: k.prefix, name: 'woocommerce' });

    const f = json(await cli('feeds', 'create', '--dealer', 'autos-sur', '--market', 'uy', '--url', 'https://dealer.example.com/stock.csv', '--json'));
    assert.match(f.token, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(f.push_url, `https://cars.example.com/v1/feeds/${f.token}/`);
    const feeds = await t.store.db.selectFrom('feeds').selectAll().execute();
    assert.equal(feeds.length, 1);
    assert.equal(feeds[0]!.market, 'uy');
    assert.equal(feeds[0]!.source, 'feed');
    assert.ok(!JSON.stringify(feeds).includes(f.token), 'only the token hash is stored');

    const r = json(await cli('keys', 'revoke', '--dealer', 'autos-sur', '--prefix', k.prefix, '--json'));
    assert.deepEqual(r, { revoked: true, prefix: k.prefix });
    // The server keeps resolved keys for at most KEY_CACHE_TTL_MS.
    manualClock(t).advance(KEY_CACHE_TTL_MS + 1);
    assert.equal((await t.app.inject({ url: '/v1/me', headers: bearer(k.key) })).statusCode, 401, 'revoked within the cache time');
  });

  test('failures print one line on stderr and exit non-zero, with nothing on stdout', async () => {
    const failures = [
      ['dealers', 'create', '--slug', 'autos-sur', '--name', 'Again', '--markets', 'ar', '--json'],
      ['dealers', 'create', '--slug', 'Bad Slug', '--name', 'X', '--markets', 'ar', '--json'],
      ['dealers', 'create', '--slug', 'nowhere', '--name', 'X', '--markets', 'zz', '--json'],
      ['keys', 'create', '--dealer', 'no-such-dealer', '--json'],
      ['keys', 'revoke', '--dealer', 'autos-sur', '--prefix', 'dik_nothere', '--json'],
      ['feeds', 'create', '--dealer', 'autos-sur', '--json'],
      ['feeds', 'create', '--dealer', 'autos-sur', '--market', 'ar', '--source', 'csv', '--json'],
      ['feeds', 'create', '--dealer', 'autos-sur', '--market', 'ar', '--url', 'ftp://x', '--json'],
    ];
    for (const args of failures) {
      const r = await cli(...args);
      assert.notEqual(r.code, 0, args.join(' '));
      assert.equal(r.stdout, '', args.join(' '));
      assert.equal(r.stderr.trim().split('\n').length, 1, `one line: ${r.stderr}`);
      assert.match(r.stderr, /^error: /);
    }
    const usage = await cli('keys', 'create', '--json');
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--dealer is required/);
  });

  test('users invite, list and remove: exactly D27 with --json; the invitation link works once', async () => {
    json(await cli('dealers', 'create', '--slug', 'autos-norte', '--name', 'Autos del Norte', '--markets', 'mx', '--json'));
    const inv = json(await cli('users', 'invite', '--dealer', 'autos-norte', '--email', 'Lucia@Example.com', '--name', 'Lucía', '--role', 'owner', '--json'));
    assert.deepEqual(Object.keys(inv).sort(), ['invite_url', 'user']);
    assert.deepEqual(inv.user, { email: 'lucia@example.com', name: 'Lucía', role: 'owner', dealer: 'autos-norte' });
    assert.match(inv.invite_url, /^https:\/\/cars\.example\.com\/panel\/invitation\/[A-Za-z0-9_-]{43}$/);
    const staff = json(await cli('users', 'invite', '--dealer', 'autos-norte', '--email', 'pedro@example.com', '--json'));
    assert.equal(staff.user.role, 'staff');
    // The invitation is in the outbox, in Spanish (Mexico's language), for the server's worker.
    const mails = await t.store.db.selectFrom('mails').select(['to_address', 'subject', 'status']).where('kind', '=', 'invite').orderBy('id').execute();
    assert.deepEqual(mails.slice(-2), [
      { to_address: 'lucia@example.com', subject: 'Lo invitaron al panel de Autos del Norte', status: 'queued' },
      { to_address: 'pedro@example.com', subject: 'Lo invitaron al panel de Autos del Norte', status: 'queued' },
    ]);

    const list = json(await cli('users', 'list', '--dealer', 'autos-norte', '--json'));
    assert.deepEqual(list, {
      users: [
        { email: 'lucia@example.com', name: 'Lucía', role: 'owner', last_sign_in_at: null },
        { email: 'pedro@example.com', name: '', role: 'staff', last_sign_in_at: null },
      ],
    });
    assert.deepEqual(json(await cli('users', 'remove', '--dealer', 'autos-norte', '--email', 'PEDRO@example.com', '--json')), {
      removed: true,
      email: 'pedro@example.com',
    });

    for (const args of [
      ['users', 'invite', '--dealer', 'nope', '--email', 'a@example.com', '--json'],
      ['users', 'invite', '--dealer', 'autos-norte', '--email', 'not-an-address', '--json'],
      ['users', 'invite', '--dealer', 'autos-norte', '--email', 'b@example.com', '--role', 'admin', '--json'],
      ['users', 'remove', '--dealer', 'autos-norte', '--email', 'pedro@example.com', '--json'],
      // The last owner stays.
      ['users', 'remove', '--dealer', 'autos-norte', '--email', 'lucia@example.com', '--json'],
    ]) {
      const r = await cli(...args);
      assert.equal(r.code, 1, args.join(' '));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^error: .+\n$/);
    }
  });

  test('feeds check: a dry run of a file on disk (D30), with the column mapping; nothing is written', async () => {
    json(await cli('dealers', 'create', '--slug', 'chequeo', '--name', 'Chequeo', '--markets', 'ar', '--json'));
    json(await cli('feeds', 'create', '--dealer', 'chequeo', '--json'));
    const { id } = await t.store.db.selectFrom('feeds').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-check-'));
    const file = path.join(dir, 'stock.csv');
    fs.writeFileSync(
      file,
      'Stock #,Marca,Modelo,Año,Precio,KM,Fotos,Color interior\n' +
        'CHK-1,Volkswagen,Gol,2015,5500000,98000,https://img.example.com/1.jpg|https://img.example.com/2.jpg|https://img.example.com/3.jpg,Negro\n' +
        'CHK-2,Volkswagen,Gol,1800,5500000,98000,https://img.example.com/4.jpg,\n',
    );
    const before = await t.store.db.selectFrom('vehicles').select('id').execute();
    const r = json(await cli('feeds', 'check', '--dealer', 'chequeo', '--id', String(id), '--file', file, '--json'));
    assert.equal(r.dry_run, true);
    assert.deepEqual(r.would_create, ['CHK-1']);
    assert.deepEqual(
      r.errors.map((e: { external_id: string }) => e.external_id),
      ['CHK-2'],
    );
    assert.ok(r.mapping.columns.some((c: { column: string; field: string | null }) => c.column === 'Stock #' && c.field === 'external_id'));
    assert.deepEqual(await t.store.db.selectFrom('vehicles').select('id').execute(), before);
    assert.equal((await t.store.db.selectFrom('feed_imports').select('id').where('feed_id', '=', id).execute()).length, 0);
    for (const args of [
      ['--id', String(id), '--file', path.join(dir, 'missing.csv')],
      ['--id', '999999', '--file', file],
    ]) {
      const bad = await cli('feeds', 'check', '--dealer', 'chequeo', ...args, '--json');
      assert.equal(bad.code, 1, args.join(' '));
      assert.match(bad.stderr, /^error: .+\n$/);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('feeds map: sets and removes a column override (issue 15); an unknown field or empty column is one error line, exit 1', async () => {
    json(await cli('dealers', 'create', '--slug', 'mapeos', '--name', 'Mapeos', '--markets', 'ar', '--json'));
    json(await cli('feeds', 'create', '--dealer', 'mapeos', '--json'));
    const { id } = await t.store.db.selectFrom('feeds').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const set = json(await cli('feeds', 'map', '--dealer', 'mapeos', '--id', String(id), '--column', 'Precio Final', '--field', 'price', '--json'));
    assert.deepEqual(set, { id, column_map: { 'Precio Final': 'price' } });
    const stored = await t.store.db.selectFrom('feeds').select('column_map').where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(stored.column_map), { 'Precio Final': 'price' });
    for (const args of [
      ['--column', 'Precio Final', '--field', 'precio'],
      ['--column', ' ', '--field', 'price'],
      ['--column', 'Nada', '--remove'],
    ]) {
      const r = await cli('feeds', 'map', '--dealer', 'mapeos', '--id', String(id), ...args, '--json');
      assert.equal(r.code, 1, args.join(' '));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^error: [^\n]+\n$/);
    }
    const removed = json(await cli('feeds', 'map', '--dealer', 'mapeos', '--id', String(id), '--column', 'precio final', '--remove', '--json'));
    assert.deepEqual(removed, { id, column_map: {} });
  });

  test('dealers update: the profile and time zone exactly as D32; numbers read in the market; bad values are one error line, exit 1', async () => {
    json(await cli('dealers', 'create', '--slug', 'perfil-sur', '--name', 'Perfil del Sur', '--markets', 'ar', '--json'));
    const d = json(
      await cli(
        'dealers',
        'update',
        '--slug',
        'perfil-sur',
        '--phone',
        '11 4444-2222',
        '--whatsapp',
        '11 4444-2222',
        '--address',
        'Av. Corrientes 1234, CABA',
        '--website',
        'https://autos.example.com.ar',
        '--time-zone',
        'America/Argentina/Cordoba',
        '--json',
      ),
    );
    assert.deepEqual(d, {
      dealer: {
        slug: 'perfil-sur',
        name: 'Perfil del Sur',
        markets: ['ar'],
        city: null,
        phone: '+541144442222',
        whatsapp: '+5491144442222',
        address: 'Av. Corrientes 1234, CABA',
        website: 'https://autos.example.com.ar/',
        time_zone: 'America/Argentina/Cordoba',
      },
    });
    // Fields not given are kept; an empty one is cleared (the time zone goes back to the market's).
    const cleared = json(await cli('dealers', 'update', '--slug', 'perfil-sur', '--time-zone', '', '--website', '', '--json'));
    assert.equal(cleared.dealer.time_zone, 'America/Argentina/Buenos_Aires');
    assert.equal(cleared.dealer.website, null);
    assert.equal(cleared.dealer.whatsapp, '+5491144442222');

    for (const [flag, value, said] of [
      ['--time-zone', 'Mars/Olympus', /time zone "Mars\/Olympus" is not an IANA time zone/],
      ['--time-zone', '+03:00', /not an IANA time zone/],
      ['--phone', '12', /phone "12" is not a valid phone number of market ar/],
      ['--whatsapp', 'call me', /whatsapp "call me" is not a valid phone number/],
      ['--website', 'ftp://autos.example.com', /must be an http or https address/],
    ] as const) {
      const r = await cli('dealers', 'update', '--slug', 'perfil-sur', flag, value, '--json');
      assert.equal(r.code, 1, `${flag} ${value}`);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, said);
    }
    const nobody = await cli('dealers', 'update', '--slug', 'no-such', '--phone', '11 4444-2222', '--json');
    assert.equal(nobody.code, 1);
    assert.match(nobody.stderr, /no dealership with slug "no-such"/);
    // Nothing of the refused updates was written.
    const row = await t.store.db.selectFrom('dealers').selectAll().where('slug', '=', 'perfil-sur').executeTakeFirstOrThrow();
    assert.equal(row.phone, '+541144442222');
    assert.equal(row.time_zone, null);
  });

  test('a bad DATABASE_URL is named in one line', async () => {
    const [cmd, argv] = entry('cli', 'dealers', 'list', '--json');
    const r = await new Promise<Run>((resolve) =>
      execFile(cmd, argv, { env: { ...process.env, DATABASE_URL: 'mysql://nope' } }, (err, stdout, stderr) => resolve({ code: err ? 1 : 0, stdout, stderr })),
    );
    assert.equal(r.code, 1);
    assert.match(r.stderr, /DATABASE_URL/);
  });
});
