// The panel's Users and My account pages through the real app (D27, D28).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { PanelClient, PASSWORD, seedPanelUser, signedInClient } from '../support/panel.js';

let t: TestApp;
before(async () => {
  t = await makeApp();
});
after(() => t.close());

const userByEmail = (email: string) => t.store.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const mailsTo = (email: string) => t.store.db.selectFrom('mails').selectAll().where('to_address', '=', email).orderBy('id').execute();
const tokensOf = (userId: number) => t.store.db.selectFrom('user_tokens').selectAll().where('user_id', '=', userId).execute();

async function signedInAs(email: string, password = PASSWORD): Promise<PanelClient> {
  const c = new PanelClient(t.app);
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
    assert.match(page.body, new RegExp(`<td data-label="Correo electrónico">${user.email}</td>`));
    assert.match(page.body, /<td data-label="Rol">Personal<\/td>/);
    assert.match(page.body, /<td data-label="Rol">Titular<\/td>/);
    assert.match(page.body, /class="badge ok">Activo/);
    assert.match(page.body, /<td data-label="Último ingreso">\d/);
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
    assert.match(page.body, /<td data-label="Último ingreso">Nunca<\/td>/);
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
    const other = await seedPanelUser(t);
    for (const [form, message] of [
      [{ email: 'not-an-address', role: 'staff' }, /Escriba un correo válido/],
      [{ email: user.email, role: 'staff' }, new RegExp(`${user.email} ya tiene una cuenta`)],
      [{ email: other.email, role: 'staff' }, new RegExp(`${other.email} ya tiene una cuenta`)],
      [{ email: 'dora@example.com', role: 'boss' }, /Elija un rol/],
      [{ email: 'dora@example.com', name: 'x'.repeat(90), role: 'staff' }, /El nombre es demasiado largo/],
    ] as [Record<string, string>, RegExp][]) {
      const r = await client.post('/panel/users/invite', form);
      assert.equal(r.status, 422, JSON.stringify(form));
      assert.match(r.body, message);
      assert.match(r.body, new RegExp(`id="invite-email" name="email" type="email" required maxlength="254" autocomplete="off" value="${form.email}"`));
    }
    assert.equal(await userByEmail('dora@example.com'), undefined);
    assert.equal(Number((await userByEmail(other.email))!.dealer_id), other.dealerId, 'the other dealership’s user is untouched');
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
