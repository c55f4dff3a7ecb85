// The panel's Users and My account pages through the real app (D27, D28).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inviteUser, inviteUserToDealer, listUsers, removeUserByEmail } from '../../src/modules/users/service.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { freshAddress, PanelClient, PASSWORD, seedPanelUser, signedInClient } from '../support/panel.js';

let t: TestApp;
before(async () => {
  t = await makeApp();
});
after(() => t.close());

const userByEmail = (email: string) => t.store.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const mailsTo = (email: string) => t.store.db.selectFrom('mails').selectAll().where('to_address', '=', email).orderBy('id').execute();
const tokensOf = (userId: number) => t.store.db.selectFrom('user_tokens').selectAll().where('user_id', '=', userId).execute();

async function signedInAs(email: string, password = PASSWORD): Promise<PanelClient> {
  const c = new PanelClient(t.app, freshAddress());
  const res = await c.signIn(email, password);
  assert.equal(res.status, 303, `sign-in of ${email}`);
  return c;
}

describe(`panel users (${STORE_NAME})`, () => {
  test('the list shows each user’s name, e-mail, role, state and last sign-in', async () => {
    const { client, user } = await signedInClient(t, { name: 'Ana Titular' });
    await seedPanelUser(t, { role: 'staff', slug: user.slug, name: 'Bruno Vendedor' });
    const page = await client.get('/panel/users');
    assert.equal(page.status, 200);
    assert.match(page.body, /<td data-label="Nombre">Ana Titular <span class="muted">\(usted\)<\/span><\/td>/);
    assert.match(page.body, new RegExp(`<td class="nowrap" data-label="Correo electrónico">${user.email}</td>`));
    assert.match(page.body, /<td data-label="Rol">Personal<\/td>/);
    assert.match(page.body, /<td data-label="Rol">Titular<\/td>/);
    assert.match(page.body, /class="badge ok">Activo/);
    // Just signed in, in the dealership's time (D32, P82).
    assert.match(page.body, /<td class="date" data-label="Último ingreso">ahora<\/td>/);
    assert.match(page.body, /data-confirm="¿Quitar a Bruno Vendedor\?/);
  });

  test('invite: the mail goes out with the user; pending users get a fresh link; refusals are 422', async () => {
    const { client, user } = await signedInClient(t);
    await client.get('/panel/users');
    const res = await client.post('/panel/users/invite', { email: ' Carla@Example.com ', name: 'Carla', role: 'staff' });
    assert.equal(res.status, 303);
    assert.equal(res.location, '/panel/users?done=invited&who=carla%40example.com');
    const page = await client.get(res.location);
    assert.match(page.body, /Invitación enviada a carla@example\.com\./);
    assert.match(page.body, /class="badge warn">Invitación pendiente/);
    assert.match(page.body, /<td class="date" data-label="Último ingreso">Nunca<\/td>/);
    const carla = (await userByEmail('carla@example.com'))!;
    assert.deepEqual([Number(carla.dealer_id), carla.role, carla.name, carla.password_hash], [user.dealerId, 'staff', 'Carla', null]);
    assert.equal((await mailsTo('carla@example.com')).length, 1);
    const [firstLink] = await tokensOf(Number(carla.id));

    // "Send a new link" keeps the role and replaces the link.
    assert.match(
      page.body,
      /<input type="hidden" name="email" value="carla@example.com"><input type="hidden" name="role" value="staff"><button type="submit" class="secondary">Enviar un enlace nuevo/,
    );
    const again = await client.post('/panel/users/invite', { email: 'carla@example.com', role: 'staff' });
    assert.equal(again.status, 303);
    assert.equal((await mailsTo('carla@example.com')).length, 2);
    const links = await tokensOf(Number(carla.id));
    assert.equal(links.length, 1);
    assert.notEqual(links[0]!.token_hash, firstLink!.token_hash);
    assert.equal((await userByEmail('carla@example.com'))!.role, 'staff');

    await client.get('/panel/users');
    for (const [form, message] of [
      [{ email: 'not-an-address', role: 'staff' }, /Escriba un correo válido/],
      // This dealership's own active user: the owner sees them in the list anyway.
      [{ email: user.email, role: 'staff' }, new RegExp(`${user.email} ya tiene una cuenta`)],
      [{ email: 'dora@example.com', role: 'boss' }, /Elija un rol/],
      [{ email: 'dora@example.com', name: 'x'.repeat(90), role: 'staff' }, /El nombre es demasiado largo/],
    ] as [Record<string, string>, RegExp][]) {
      const r = await client.post('/panel/users/invite', form);
      assert.equal(r.status, 422, JSON.stringify(form));
      assert.match(r.body, message);
      assert.match(r.body, new RegExp(`id="invite-email" name="email" type="email" required maxlength="254" autocomplete="off" value="${form.email}"`));
    }
    assert.equal(await userByEmail('dora@example.com'), undefined);
  });

  test('an address of another dealership is answered as any invitation; its holder is told by mail, in their language; P61 counts it (P71)', async () => {
    const { client, user } = await signedInClient(t);
    const dealerName = (await t.store.db.selectFrom('dealers').select('name').where('id', '=', user.dealerId).executeTakeFirstOrThrow()).name;
    const active = await seedPanelUser(t, { markets: ['br'], name: 'Joana' });
    const pendingDealer = await seedPanelUser(t, { markets: ['us'] });
    const pendingEmail = `pending-elsewhere-${process.pid}@example.com`;
    await inviteUserToDealer(t.store, t.clock, 'http://localhost', pendingDealer.slug, { email: pendingEmail, name: 'Pat' });
    const before = async (email: string) => {
      const u = (await userByEmail(email))!;
      return { user: u, tokens: await tokensOf(Number(u.id)) };
    };
    const activeBefore = await before(active.email);
    const pendingBefore = await before(pendingEmail);
    const strip = (body: string, email: string) => body.replace(/name="_csrf" value="[^"]+"/g, '').replaceAll(email, 'EMAIL');

    await client.get('/panel/users');
    const fresh = await client.post('/panel/users/invite', { email: 'brand-new-person@example.com', name: 'Nadia', role: 'owner' });
    const freshPage = await client.get(fresh.location!);
    for (const email of [active.email, pendingEmail]) {
      const res = await client.post('/panel/users/invite', { email: email.toUpperCase(), name: 'Nadia', role: 'owner' });
      assert.equal(res.status, 303, email);
      assert.equal(res.location, `/panel/users?done=invited&who=${encodeURIComponent(email)}`);
      const page = await client.get(`/panel/users?done=invited&who=${encodeURIComponent(email)}`);
      assert.match(page.body, new RegExp(`Invitación enviada a ${email}\\.`));
      assert.doesNotMatch(page.body, /ya tiene una cuenta/);
      // The notice and the form read exactly as for an address nobody had.
      const noticeOf = (body: string) => /<p class="notice ok"[^>]*>[^<]*<\/p>/.exec(body)![0];
      assert.equal(strip(noticeOf(page.body), email), strip(noticeOf(freshPage.body), 'brand-new-person@example.com'));
    }
    // Nothing of theirs changed: dealership, role, name, password, links.
    assert.deepEqual(await before(active.email), activeBefore);
    assert.deepEqual(await before(pendingEmail), pendingBefore);
    // Each was told by mail, in their own language, who tried; no link in it.
    const [toActive] = (await mailsTo(active.email)).filter((m) => m.kind === 'invite_elsewhere');
    assert.equal(toActive!.subject, `${dealerName} tentou convidar você para o painel de concessionárias`);
    assert.match(toActive!.text_body!, /^Olá Joana,\n/);
    assert.match(toActive!.text_body!, /Um endereço de e-mail só pode pertencer a uma concessionária/);
    assert.doesNotMatch(toActive!.text_body!, /\/panel\//);
    assert.equal(Number(toActive!.dealer_id), active.dealerId);
    const [toPending] = (await mailsTo(pendingEmail)).filter((m) => m.kind === 'invite_elsewhere');
    assert.equal(toPending!.subject, `${dealerName} tried to invite you to the dealer panel`);
    const job = await t.store.db
      .selectFrom('jobs')
      .select('task')
      .where('task', '=', 'mail.send')
      .where('payload', 'like', `%${toPending!.id}%`)
      .executeTakeFirst();
    assert.ok(job, 'queued with its mail.send job');
    // P61 counts them as any invitation: 3 so far, 27 more, then the 31st is refused.
    for (let i = 0; i < 27; i++) await client.post('/panel/users/invite', { email: `count-${i}@example.com`, role: 'staff' });
    const refused = await client.post('/panel/users/invite', { email: active.email, role: 'staff' });
    assert.equal(refused.status, 429);
    assert.equal((await mailsTo(active.email)).filter((m) => m.kind === 'invite_elsewhere').length, 1);
  });

  test('P160: an address with an account at another dealership is listed as any pending invitation; its new link, role and removal work the same; it turns into a real invitation once the address is free', async () => {
    const { client, user } = await signedInClient(t);
    const elsewhere = await seedPanelUser(t, { name: 'Joaquina Ajena' });
    const fresh = `p160-fresh-${process.pid}@example.com`;
    await client.get('/panel/users');
    for (const email of [fresh, elsewhere.email]) {
      const res = await client.post('/panel/users/invite', { email, name: 'Nadia', role: 'owner' });
      assert.deepEqual([res.status, res.location], [303, `/panel/users?done=invited&who=${encodeURIComponent(email)}`]);
    }
    /** The list's row of `email`, its address and the csrf tokens written as placeholders, and the user id it acts on. */
    const rowOf = async (email: string) => {
      const page = await client.get('/panel/users');
      const row = page.body
        .split('<tr>')
        .map((r) => r.split('</tr>')[0]!)
        .find((r) => r.includes(`data-label="Correo electrónico">${email}<`));
      if (!row) return undefined;
      const id = Number(/action="\/panel\/users\/(\d+)\/role"/.exec(row)![1]);
      return {
        id,
        html: row
          .replaceAll(email, 'EMAIL')
          .replaceAll(`/panel/users/${id}/`, '/panel/users/ID/')
          .replace(/name="_csrf" value="[^"]+"/g, ''),
      };
    };
    const freshRow = (await rowOf(fresh))!;
    const stood = await rowOf(elsewhere.email);
    assert.ok(stood, 'the address of another dealership is listed');
    assert.equal(stood.html, freshRow.html, 'the same row: name, role, pending, never signed in, the same three actions');
    assert.match(stood.html, /Invitación pendiente/);
    assert.ok(stood.id > freshRow.id, 'its id comes from the same sequence, in order');
    assert.doesNotMatch((await client.get('/panel/users')).body, /Joaquina Ajena/, 'nothing of the other dealership’s user');
    const real = (await userByEmail(elsewhere.email))!;
    assert.equal(Number(real.dealer_id), elsewhere.dealerId, 'the address still belongs to its one account');

    // "Send a new link": the holder is told again; the role follows the form, as for any pending user.
    const again = await client.post('/panel/users/invite', { email: elsewhere.email, role: 'staff' });
    assert.equal(again.status, 303);
    assert.equal((await mailsTo(elsewhere.email)).filter((m) => m.kind === 'invite_elsewhere').length, 2);
    assert.match((await rowOf(elsewhere.email))!.html, /<td data-label="Rol">Personal<\/td>/);
    assert.equal((await rowOf(elsewhere.email))!.id, stood.id, 'one row, not two');
    // Role and removal by id, as for any user; the redirect names the invited person.
    const role = await client.post(`/panel/users/${stood.id}/role`, { role: 'owner' });
    assert.deepEqual([role.status, role.location], [303, '/panel/users?done=role&who=Nadia']);
    const removed = await client.post(`/panel/users/${stood.id}/remove`);
    assert.deepEqual([removed.status, removed.location], [303, '/panel/users?done=removed&who=Nadia']);
    assert.equal(await rowOf(elsewhere.email), undefined);
    assert.deepEqual(await userByEmail(elsewhere.email), real, 'the real account never changed');
    // Its holder still signs in to their own dealership.
    await signedInAs(elsewhere.email);

    // Invited again, then the address leaves the other dealership: the next link is a real invitation, on the same row.
    await client.get('/panel/users');
    await client.post('/panel/users/invite', { email: elsewhere.email, name: 'Nadia', role: 'staff' });
    const again2 = (await rowOf(elsewhere.email))!;
    const view = (await listUsers(t.store.db, user.dealerId)).find((u) => u.id === again2.id)!;
    assert.deepEqual(
      [view.email, view.active, view.role, view.name],
      [elsewhere.email, false, 'staff', 'Nadia'],
      'the service (and the CLI’s list) shows the address',
    );
    await seedPanelUser(t, { slug: elsewhere.slug, role: 'owner' }); // that dealership keeps an owner
    await removeUserByEmail(t.store, elsewhere.slug, elsewhere.email);
    const invitesBefore = (await mailsTo(elsewhere.email)).filter((m) => m.kind === 'invite').length;
    const freed = await client.post('/panel/users/invite', { email: elsewhere.email, role: 'staff' });
    assert.equal(freed.status, 303);
    const invited = (await userByEmail(elsewhere.email))!;
    assert.deepEqual([Number(invited.id), Number(invited.dealer_id), invited.elsewhere_email], [again2.id, user.dealerId, null]);
    assert.equal((await tokensOf(again2.id)).length, 1, 'a link to accept');
    assert.equal((await mailsTo(elsewhere.email)).filter((m) => m.kind === 'invite').length, invitesBefore + 1);
    assert.equal((await rowOf(elsewhere.email))!.id, again2.id);

    // The operator's CLI removes such a row by its address too.
    const other = await seedPanelUser(t);
    await client.post('/panel/users/invite', { email: other.email, role: 'staff' });
    assert.ok(await rowOf(other.email));
    await removeUserByEmail(t.store, user.slug, other.email);
    assert.equal(await rowOf(other.email), undefined);
    assert.ok(await userByEmail(other.email), 'the other dealership’s user stays');
  });

  test('invitations are limited per dealership and hour (P61): the 31st is a 429 page that keeps the form; another dealership is not held', async () => {
    const { client, user } = await signedInClient(t);
    await client.get('/panel/users');
    for (let i = 0; i < 30; i++)
      assert.equal((await client.post('/panel/users/invite', { email: `many-${i}@example.com`, role: 'staff' })).status, 303, `invite ${i}`);
    const refused = await client.post('/panel/users/invite', { email: 'one-more@example.com', role: 'staff' });
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.match(refused.body, /Este concesionario envió 30 invitaciones en la última hora\. Intente de nuevo en \d+ min\./);
    assert.match(refused.body, /value="one-more@example\.com"/);
    assert.equal(await userByEmail('one-more@example.com'), undefined);
    assert.equal((await mailsTo('one-more@example.com')).length, 0);
    // Another dealership's owner still invites.
    const other = await signedInClient(t);
    assert.notEqual(other.user.slug, user.slug);
    await other.client.get('/panel/users');
    assert.equal((await other.client.post('/panel/users/invite', { email: 'elsewhere@example.com', role: 'staff' })).status, 303);
  });

  test('change role; a dealership keeps at least one owner', async () => {
    const { client, user } = await signedInClient(t);
    const me = (await userByEmail(user.email))!;
    const staff = await seedPanelUser(t, { role: 'staff', slug: user.slug, name: 'Eva' });
    const eva = (await userByEmail(staff.email))!;
    await client.get('/panel/users');

    const alone = await client.post(`/panel/users/${me.id}/role`, { role: 'staff' });
    assert.equal(alone.status, 422);
    assert.match(alone.body, /El concesionario necesita al menos un titular/);
    const removeAlone = await client.post(`/panel/users/${me.id}/remove`);
    assert.equal(removeAlone.status, 422);
    assert.match(removeAlone.body, /al menos un titular/);
    assert.equal((await userByEmail(user.email))!.role, 'owner');

    const up = await client.post(`/panel/users/${eva.id}/role`, { role: 'owner' });
    assert.deepEqual([up.status, up.location], [303, '/panel/users?done=role&who=Eva']);
    assert.match((await client.get(up.location!)).body, /Se cambió el rol de Eva\./);
    assert.equal((await userByEmail(staff.email))!.role, 'owner');
    assert.equal((await client.post(`/panel/users/${eva.id}/role`, { role: 'boss' })).status, 422);

    // Now there are two owners: I can step down, and lose the owners' pages.
    const down = await client.post(`/panel/users/${me.id}/role`, { role: 'staff' });
    assert.deepEqual([down.status, down.location], [303, '/panel']);
    assert.equal((await client.get('/panel/users')).status, 403);
  });

  test('two owners demoting each other at the same moment leave one owner (P71: a lock per dealership; PostgreSQL raced without it)', async () => {
    const a = await signedInClient(t, { name: 'Owner A' });
    const bSeed = await seedPanelUser(t, { slug: a.user.slug, name: 'Owner B' });
    const b = await signedInAs(bSeed.email);
    const aId = Number((await userByEmail(a.user.email))!.id);
    const bId = Number((await userByEmail(bSeed.email))!.id);
    const owners = async () =>
      Number(
        (
          await t.store.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('dealer_id', '=', a.user.dealerId)
            .where('role', '=', 'owner')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const outcomes = new Set<string>();
    for (let round = 0; round < 20; round++) {
      await t.store.db.updateTable('users').set({ role: 'owner' }).where('id', 'in', [aId, bId]).execute();
      await Promise.all([a.client.get('/panel/users'), b.get('/panel/users')]);
      const [ra, rb] = await Promise.all([a.client.post(`/panel/users/${bId}/role`, { role: 'staff' }), b.post(`/panel/users/${aId}/role`, { role: 'staff' })]);
      assert.equal(await owners(), 1, `round ${round}: ${ra.status} ${rb.status}`);
      outcomes.add([ra.status, rb.status].sort().join('+'));
    }
    // One demotion went through each round; the other was refused (last owner) or came too late (no longer an owner).
    for (const o of outcomes) assert.ok(['303+422', '303+403'].includes(o), o);
  });

  test('removing a user ends their sessions: their next request goes to sign-in', async () => {
    const { client, user } = await signedInClient(t);
    const staff = await seedPanelUser(t, { role: 'staff', slug: user.slug, name: 'Fede' });
    const fede = await signedInAs(staff.email);
    assert.equal((await fede.get('/panel')).status, 200);
    const id = Number((await userByEmail(staff.email))!.id);
    const page = await client.get('/panel/users');
    assert.match(page.body, new RegExp(`action="/panel/users/${id}/remove" data-confirm="[^"]+"`));
    const res = await client.post(`/panel/users/${id}/remove`);
    assert.deepEqual([res.status, res.location], [303, '/panel/users?done=removed&who=Fede']);
    assert.match((await client.get(res.location!)).body, /Se quitó a Fede\./);
    assert.equal(await userByEmail(staff.email), undefined);
    const next = await fede.get('/panel/account');
    assert.equal(next.status, 303);
    assert.match(next.location!, /^\/panel\/sign-in/);
    const sessions = await t.store.db.selectFrom('user_sessions').select('id').where('user_id', '=', id).execute();
    assert.equal(sessions.length, 0);
  });

  test('a Brazilian dealership sees the pages in Portuguese', async () => {
    const { client } = await signedInClient(t, { markets: ['br'] });
    assert.match((await client.get('/panel/users')).body, /<h1>Usuários<\/h1>/);
    const res = await client.post('/panel/users/invite', { email: 'joao@example.com.br', role: 'owner' });
    assert.match((await client.get(res.location!)).body, /Convite enviado para joao@example\.com\.br\./);
    assert.match((await client.get('/panel/account')).body, /Automático \(Português\)/);
  });

  test('another dealership’s owner gets 404; staff get 403; bad ids 404; no CSRF 403', async () => {
    const { client: owner, user } = await signedInClient(t);
    const staffSeed = await seedPanelUser(t, { role: 'staff', slug: user.slug });
    const staffId = Number((await userByEmail(staffSeed.email))!.id);

    const { client: other } = await signedInClient(t);
    await other.get('/panel/users');
    assert.doesNotMatch((await other.get('/panel/users')).body, new RegExp(staffSeed.email));
    for (const path of [`/panel/users/${staffId}/role`, `/panel/users/${staffId}/remove`]) {
      const res = await other.post(path, { role: 'owner' });
      assert.equal(res.status, 404, path);
      assert.match(res.body, /No encontrado/);
    }
    const row = (await userByEmail(staffSeed.email))!;
    assert.equal(row.role, 'staff');

    const staff = await signedInAs(staffSeed.email);
    for (const path of ['/panel/users']) {
      const res = await staff.get(path);
      assert.equal(res.status, 403);
      assert.match(res.body, /Solo para titulares/);
    }
    await staff.get('/panel/account');
    for (const path of ['/panel/users/invite', `/panel/users/${staffId}/role`, `/panel/users/${staffId}/remove`]) {
      assert.equal((await staff.post(path, { email: 'x@example.com', role: 'owner' })).status, 403, path);
    }
    assert.equal(await userByEmail('x@example.com'), undefined);
    assert.equal((await userByEmail(staffSeed.email))!.role, 'staff');

    await owner.get('/panel/users');
    for (const bad of ['abc', '0', '-3', '99999999999']) {
      assert.equal((await owner.post(`/panel/users/${bad}/role`, { role: 'owner' })).status, 404, bad);
      assert.equal((await owner.post(`/panel/users/${bad}/remove`)).status, 404, bad);
    }
    const noCsrf = await owner.post(`/panel/users/${staffId}/remove`, { _csrf: '' });
    assert.equal(noCsrf.status, 403);
    assert.ok(await userByEmail(staffSeed.email));
    assert.equal((await owner.post('/panel/users/invite', { _csrf: 'forged', email: 'y@example.com' })).status, 403);
  });
});

describe(`panel my account (${STORE_NAME})`, () => {
  test('name, language and lead notices are saved; the page follows the language', async () => {
    const { client, user } = await signedInClient(t, { name: 'Gabi', role: 'staff' });
    const page = await client.get('/panel/account');
    assert.equal(page.status, 200);
    assert.match(page.body, /<h1>Mi cuenta<\/h1>/);
    assert.match(page.body, /value="Gabi"/);
    assert.match(page.body, /<option value="" selected>Automático \(Español\)<\/option>/);
    assert.match(page.body, /name="notify_leads" value="1" checked/);

    const saved = await client.post('/panel/account', { name: '  Gabriela  ', lang: 'en' });
    assert.deepEqual([saved.status, saved.location], [303, '/panel/account?done=saved']);
    const row = (await userByEmail(user.email))!;
    assert.deepEqual([row.name, row.lang, Number(row.notify_leads)], ['Gabriela', 'en', 0]);
    const english = await client.get(saved.location!);
    assert.match(english.body, /<html lang="en">/);
    assert.match(english.body, /Your changes were saved\./);
    assert.match(english.body, /<option value="en" selected>English<\/option>/);
    assert.doesNotMatch(english.body, /name="notify_leads" value="1" checked/);

    await client.post('/panel/account', { name: 'Gabriela', lang: '', notify_leads: '1' });
    const back = (await userByEmail(user.email))!;
    assert.deepEqual([back.lang, Number(back.notify_leads)], [null, 1]);
    assert.match((await client.get('/panel/account')).body, /<html lang="es">/);

    const bad = await client.post('/panel/account', { name: 'Gabriela', lang: 'fr' });
    assert.equal(bad.status, 422);
    assert.match(bad.body, /Elija un idioma de la lista/);
  });

  test('password change: clear refusals; success keeps this session and ends the others', async () => {
    const user = await seedPanelUser(t, { role: 'staff' });
    const here = await signedInAs(user.email);
    const elsewhere = await signedInAs(user.email);
    assert.equal((await elsewhere.get('/panel')).status, 200);
    await here.get('/panel/account');

    for (const [form, message] of [
      [{ current: 'not my password at all', password: 'a brand new passphrase', password2: 'a brand new passphrase' }, /La contraseña actual no es correcta/],
      [{ current: PASSWORD, password: 'short', password2: 'short' }, /necesita al menos 12 caracteres/],
      [{ current: PASSWORD, password: 'a brand new passphrase', password2: 'a brand new passphrasf' }, /Las dos contraseñas nuevas son distintas/],
    ] as [Record<string, string>, RegExp][]) {
      const res = await here.post('/panel/account/password', form);
      assert.equal(res.status, 422, JSON.stringify(form));
      assert.match(res.body, message);
    }
    assert.equal((await elsewhere.get('/panel')).status, 200, 'a refused change signs no one out');

    const ok = await here.post('/panel/account/password', { current: PASSWORD, password: 'a brand new passphrase', password2: 'a brand new passphrase' });
    assert.deepEqual([ok.status, ok.location], [303, '/panel/account?done=password']);
    const page = await here.get(ok.location!);
    assert.equal(page.status, 200);
    assert.match(page.body, /Su contraseña cambió/);
    const out = await elsewhere.get('/panel');
    assert.equal(out.status, 303);
    assert.match(out.location!, /^\/panel\/sign-in/);
    assert.equal((await new PanelClient(t.app, '10.9.0.1').signIn(user.email, PASSWORD)).status, 401);
    assert.equal((await new PanelClient(t.app, '10.9.0.2').signIn(user.email, 'a brand new passphrase')).status, 303);
  });

  test('the current-password check is limited per user: 5 tries in 15 minutes, then a 429 page that keeps the form (P69)', async () => {
    const { client, user } = await signedInClient(t, { role: 'staff' });
    await client.get('/panel/account');
    const next = { password: 'a brand new passphrase', password2: 'a brand new passphrase' };
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/panel/account/password', { current: `wrong current ${i}`, ...next });
      assert.equal(res.status, 422, `try ${i + 1}`);
      assert.match(res.body, /La contraseña actual no es correcta/);
    }
    const refused = await client.post('/panel/account/password', { current: PASSWORD, ...next });
    assert.equal(refused.status, 429, 'the right password waits too');
    assert.equal(refused.headers['retry-after'], '900');
    assert.match(refused.body, /Demasiados intentos con la contraseña actual \(5 en 15 minutos\)\. Intente de nuevo en 15 min/);
    for (const field of ['id="current" name="current" type="password"', 'name="password"', 'name="password2"', 'action="/panel/account/password"'])
      assert.ok(refused.body.includes(field), field);
    assert.equal((await new PanelClient(t.app, freshAddress()).signIn(user.email, PASSWORD)).status, 303, 'the password did not change');
    // Per user: another user of the dealership is not held.
    const other = await signedInClient(t, { role: 'staff', slug: user.slug });
    await other.client.get('/panel/account');
    assert.equal((await other.client.post('/panel/account/password', { current: 'wrong', ...next })).status, 422);
    // After the window, the right password works.
    manualClock(t).advance(15 * 60_000 + 1000);
    await client.get('/panel/account');
    assert.equal((await client.post('/panel/account/password', { current: PASSWORD, ...next })).status, 303);
  });

  test('a reset link asked for before a password change stops working when the password changes (P71)', async () => {
    const { client, user } = await signedInClient(t, { role: 'staff' });
    const anon = new PanelClient(t.app, freshAddress());
    await anon.get('/panel/forgot-password');
    await anon.post('/panel/forgot-password', { email: user.email });
    const mail = (await mailsTo(user.email)).filter((m) => m.kind === 'reset').at(-1)!;
    const link = new URL(/https?:\/\/\S+\/panel\/reset\/[A-Za-z0-9_-]{43}/.exec(mail.text_body!)![0]).pathname;
    assert.equal((await anon.get(link)).status, 200, 'the link works before the change');
    await client.get('/panel/account');
    const changed = await client.post('/panel/account/password', {
      current: PASSWORD,
      password: 'a brand new passphrase',
      password2: 'a brand new passphrase',
    });
    assert.equal(changed.status, 303);
    const after = await anon.get(link);
    assert.equal(after.status, 410);
    assert.match(after.body, /Este enlace ya no funciona/);
    const used = await anon.post(link, { password: 'the attacker’s passphrase', password2: 'the attacker’s passphrase' });
    assert.equal(used.status, 410);
    assert.equal((await new PanelClient(t.app, freshAddress()).signIn(user.email, 'a brand new passphrase')).status, 303);
  });

  test('a name with a control character (CR, LF, NUL…) or a bidirectional one (U+202E…) is refused on the invitation, the account page, the invitation link and the CLI’s service (P71, P158)', async () => {
    const { client, user } = await signedInClient(t, { name: 'Carmen' });
    const bad = ['Ana\r\nBcc: victim@example.com', 'Ana\u0000', 'Ana\tB', 'Ana\u0085', 'S2\u202Eevil', 'Ana\u2066B'];
    await client.get('/panel/users');
    for (const name of bad) {
      const res = await client.post('/panel/users/invite', { email: 'named@example.com', name, role: 'staff' });
      assert.equal(res.status, 422, JSON.stringify(name));
      assert.match(
        res.body,
        /El nombre solo puede tener letras, números, espacios y signos: sin saltos de línea, marcas invisibles de dirección del texto ni otros caracteres de control\./,
      );
    }
    assert.equal(await userByEmail('named@example.com'), undefined);

    await client.get('/panel/account');
    for (const name of bad) {
      const res = await client.post('/panel/account', { name, lang: '' });
      assert.equal(res.status, 422, JSON.stringify(name));
      assert.match(res.body, /sin saltos de línea, marcas invisibles de dirección del texto ni otros caracteres de control/);
    }
    assert.equal((await userByEmail(user.email))!.name, 'Carmen');

    const { inviteUrl } = await inviteUser(
      t.store,
      t.clock,
      'http://localhost',
      { id: user.dealerId, name: 'X', markets: ['ar'] },
      { email: 'linked@example.com', name: 'Lina' },
    );
    const path = new URL(inviteUrl).pathname;
    const invited = new PanelClient(t.app, freshAddress());
    await invited.get(path);
    for (const name of ['Lina\nX', 'Lina\u202EX']) {
      const refused = await invited.post(path, { name, password: 'a brand new passphrase', password2: 'a brand new passphrase' });
      assert.equal(refused.status, 422);
      assert.match(refused.body, /sin saltos de línea, marcas invisibles de dirección del texto ni otros caracteres de control/);
    }
    assert.equal((await userByEmail('linked@example.com'))!.password_hash, null, 'the link was not used');
    assert.equal((await invited.post(path, { name: 'Lina M', password: 'a brand new passphrase', password2: 'a brand new passphrase' })).status, 303);
    assert.equal((await userByEmail('linked@example.com'))!.name, 'Lina M');

    // The operator's CLI invites through this service.
    await assert.rejects(inviteUserToDealer(t.store, t.clock, 'http://localhost', user.slug, { email: 'cli@example.com', name: 'Cli\r\nX' }), (err: Error) => {
      assert.match(err.message, /name must not contain control characters \(it holds U\+000D\)/);
      return true;
    });
    await assert.rejects(
      inviteUserToDealer(t.store, t.clock, 'http://localhost', user.slug, { email: 'cli@example.com', name: 'S2\u202Eevil' }),
      (err: Error) => {
        assert.match(err.message, /name must not contain control characters \(it holds U\+202E\)/);
        return true;
      },
    );
    assert.equal(await userByEmail('cli@example.com'), undefined);
    assert.deepEqual(await mailsTo('cli@example.com'), [], 'no invitation mail');
  });

  test('a form without its CSRF token is refused; signed-out visitors go to sign-in', async () => {
    const { client, user } = await signedInClient(t);
    const res = await client.post('/panel/account', { _csrf: '', name: 'Hacked' });
    assert.equal(res.status, 403);
    assert.notEqual((await userByEmail(user.email))!.name, 'Hacked');
    const anon = new PanelClient(t.app);
    const visit = await anon.get('/panel/account');
    assert.equal(visit.status, 303);
    assert.equal(visit.location, '/panel/sign-in?next=%2Fpanel%2Faccount');
  });
});
