// The outbox (D28) through the real app: a message is a row and a job written with the change,
// sent over SMTP to a real server in this process, retried after a temporary failure, written
// as an .eml file when no SMTP_URL is set, and given up visibly after its last attempt.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MAIL_MAX_ATTEMPTS, queueMail } from '../../src/core/mail/outbox.js';
import type { MailTransport } from '../../src/core/mail/transport.js';
import { getDealerBySlug } from '../../src/modules/dealers/service.js';
import { inviteUser } from '../../src/modules/users/service.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { seedDealer } from '../support/dealers.js';
import { entry } from '../support/entry.js';
import { TestSmtpServer, panelLink } from '../support/smtp.js';
import { until } from '../support/until.js';

async function dealerOf(t: TestApp, markets = ['br']) {
  const { slug } = await seedDealer(t, { markets, name: 'Auto Sul' });
  return getDealerBySlug(t.store.db, slug);
}

describe(`mail over SMTP (${STORE_NAME})`, () => {
  let t: TestApp;
  const smtp = new TestSmtpServer();
  before(async () => {
    const url = await smtp.start();
    t = await makeApp({ env: { SMTP_URL: url, MAIL_FROM: 'Dealer Inventory <no-reply@dealers.test>' } });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  test('an invitation arrives in the dealership market’s language, and its body is not kept after sending', async () => {
    const d = await dealerOf(t);
    const r = await inviteUser(
      t.store,
      t.clock,
      'https://dealers.test',
      { id: d.id, name: d.name, markets: d.markets },
      { email: 'Ana@Example.com', name: 'Ana' },
    );
    await t.app.services.jobs.runDue();
    const mail = await smtp.waitFor((m) => m.to.includes('ana@example.com'));
    assert.equal(mail.subject, 'Você foi convidado para o painel de Auto Sul');
    assert.equal(mail.from, 'no-reply@dealers.test');
    assert.equal(panelLink(mail), r.inviteUrl);
    assert.match(mail.html, /Escolher minha senha/);
    const row = await until('the mail marked sent', 5000, () =>
      t.store.db.selectFrom('mails').selectAll().where('to_address', '=', 'ana@example.com').where('status', '=', 'sent').executeTakeFirst(),
    );
    assert.equal(row.text_body, null);
    assert.equal(row.html_body, null);
  });

  test('a temporary SMTP failure is retried with backoff', async () => {
    const d = await dealerOf(t, ['ar']);
    smtp.failNext = 1;
    await inviteUser(t.store, t.clock, 'https://dealers.test', { id: d.id, name: d.name, markets: d.markets }, { email: 'retry@example.com' });
    await t.app.services.jobs.runDue();
    const failed = await t.store.db.selectFrom('mails').selectAll().where('to_address', '=', 'retry@example.com').executeTakeFirstOrThrow();
    assert.equal(failed.attempts, 1);
    assert.equal(failed.status, 'queued');
    assert.match(failed.last_error ?? '', /451/);
    manualClock(t).advance(30_000);
    await t.app.services.jobs.runDue();
    assert.equal(smtp.received.filter((m) => m.to.includes('retry@example.com')).length, 0, 'not before its backoff');
    manualClock(t).advance(31_000);
    await t.app.services.jobs.runDue();
    const mail = await smtp.waitFor((m) => m.to.includes('retry@example.com'));
    assert.match(mail.subject, /Lo invitaron al panel de Auto Sul/);
  });
});

describe(`mail without SMTP_URL, and giving up (${STORE_NAME})`, () => {
  let t: TestApp;
  let dataDir: string;
  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-mail-'));
    t = await makeApp({ env: { DATA_DIR: dataDir } });
  });
  after(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('each message is an .eml file under DATA_DIR/mail, and the log has no body', async () => {
    const d = await dealerOf(t, ['us']);
    const r = await inviteUser(t.store, t.clock, 'https://dealers.test', { id: d.id, name: d.name, markets: d.markets }, { email: 'file@example.com' });
    await t.app.services.jobs.runDue();
    const file = await until('the .eml file', 5000, () =>
      fs.readdirSync(path.join(dataDir, 'mail'), { recursive: false }).find((f) => String(f).endsWith('.eml')),
    );
    const eml = fs.readFileSync(path.join(dataDir, 'mail', String(file)), 'utf8');
    assert.match(eml, /^To: file@example\.com$/m);
    assert.match(eml, /Subject: You are invited to the Auto Sul dealer panel/);
    assert.ok(eml.includes(r.inviteUrl.slice(-20)));
    assert.ok(!t.logs.text.includes(r.inviteUrl.slice(-43)), 'the link is not logged');
    assert.match(t.logs.text, /"msg":"mail sent"/);
  });
});

describe(`mail given up (${STORE_NAME})`, () => {
  let t: TestApp;
  const refusing: MailTransport = {
    description: 'a server that refuses everything',
    send: () => Promise.reject(new Error('550 <x@example.com>: mailbox unavailable')),
    close: () => undefined,
  };
  before(async () => {
    t = await makeApp({ mailer: refusing, env: {} });
  });
  after(() => t.close());

  test('a message that fails its last attempt is marked failed, logged, and listed by `cli mail failed`', async () => {
    const id = await queueMail(t.store.db, t.clock, { kind: 'test', to: 'x@example.com', subject: 'hello', text: 'secret words', html: '<p>secret words</p>' });
    await t.store.db
      .updateTable('jobs')
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where('task', '=', 'mail.send')
      .execute();
    await t.app.services.jobs.runDue();
    const row = await until('the mail marked failed', 5000, () =>
      t.store.db.selectFrom('mails').selectAll().where('id', '=', id).where('status', '=', 'failed').executeTakeFirst(),
    );
    assert.equal(row.attempts, MAIL_MAX_ATTEMPTS);
    assert.equal(row.text_body, null);
    assert.match(t.logs.text, /"level":50.*"msg":"mail given up"/);
    assert.ok(!t.logs.text.includes('secret words'));
    const run = spawnSync(...entry('cli', 'mail', 'failed', '--json'), {
      env: { ...process.env, DATABASE_URL: t.url },
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { mails: { id: number; to: string; last_error: string }[] };
    assert.deepEqual(
      out.mails.map((m) => [m.id, m.to, m.last_error]),
      [[id, 'x@example.com', '550 <<address>>: mailbox unavailable']],
    );
  });
});
