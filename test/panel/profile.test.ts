// The dealership profile page (D32, P81): owners edit it, staff read it (a staff post is the 403
// page); numbers are read in the market and shown as it writes them; a refused form keeps what
// was typed and says what is wrong, in the user's language.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { signedInClient } from '../support/panel.js';

describe(`panel dealership profile (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp();
  });
  after(() => t.close());

  const dealerRow = (id: number) => t.store.db.selectFrom('dealers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  test('an owner saves the profile: E.164 stored, shown in the national format, the time zone in effect at once', async () => {
    const { client, user } = await signedInClient(t, { markets: ['ar'] });
    const page = await client.get('/panel/profile');
    assert.equal(page.status, 200);
    assert.match(page.body, /<h1>Perfil de la concesionaria<\/h1>/);
    assert.match(page.body, /href="\/panel\/profile" aria-current="page"/);
    // The market's zone is chosen until someone picks another.
    assert.match(page.body, /<option value="America\/Argentina\/Buenos_Aires" selected>Buenos Aires \(hora estándar de Argentina\)<\/option>/);

    const saved = await client.post('/panel/profile', {
      phone: '11 4444-2222',
      whatsapp: '11 4444 2222',
      address: 'Av. Corrientes 1234, CABA',
      website: 'autosdelsur.com.ar',
      opening_hours: 'Lun a vie de 9 a 18',
      time_zone: 'America/Argentina/Cordoba',
    });
    assert.equal(saved.status, 303);
    assert.equal(saved.location, '/panel/profile?done=saved');
    const row = await dealerRow(user.dealerId);
    assert.equal(row.phone, '+541144442222');
    assert.equal(row.whatsapp, '+5491144442222');
    assert.equal(row.website, 'https://autosdelsur.com.ar/');
    assert.equal(row.time_zone, 'America/Argentina/Cordoba');

    const after = await client.get(saved.location);
    assert.match(after.body, /El perfil se guardó/);
    assert.match(after.body, /name="phone"[^>]*value="011 4444-2222"/);
    assert.match(after.body, /name="whatsapp"[^>]*value="011 15-4444-2222"/);
    assert.match(after.body, /<option value="America\/Argentina\/Cordoba" selected>/);
    // Saved again as shown: the same numbers.
    await client.post('/panel/profile', { phone: '011 4444-2222', whatsapp: '011 15-4444-2222', time_zone: 'America/Argentina/Cordoba' });
    assert.equal((await dealerRow(user.dealerId)).whatsapp, '+5491144442222');
  });

  test('a refused form keeps what was typed, marks each field and changes nothing (422)', async () => {
    const { client, user } = await signedInClient(t, { markets: ['ar'] });
    await client.get('/panel/profile');
    const res = await client.post('/panel/profile', {
      phone: '4444',
      whatsapp: '11 4444 2222',
      address: 'Av. Siempre Viva 742',
      website: 'javascript:alert(1)',
      opening_hours: '',
      time_zone: 'Mars/Olympus',
    });
    assert.equal(res.status, 422);
    assert.match(res.body, /El perfil no se guardó/);
    assert.match(res.body, /id="phone"[^>]*aria-invalid="true"[^>]*value="4444"/);
    assert.match(res.body, /id="phone-error">No es un teléfono que podamos leer/);
    assert.match(res.body, /id="website-error">No es una dirección web/);
    assert.match(res.body, /id="time_zone-error">Elija una zona horaria de la lista/);
    assert.match(res.body, /value="Av. Siempre Viva 742"/);
    assert.doesNotMatch(res.body, /phone_invalid|website_invalid|time_zone_invalid/, 'no raw codes');
    const row = await dealerRow(user.dealerId);
    assert.equal(row.phone, null);
    assert.equal(row.address, null);
  });

  test('staff read the profile without a form; their post is the 403 page', async () => {
    const owner = await signedInClient(t, { markets: ['br'] });
    await owner.client.get('/panel/profile');
    await owner.client.post('/panel/profile', { phone: '(11) 3444-2222', whatsapp: '(11) 91234-5678', time_zone: 'America/Sao_Paulo' });
    const staff = await signedInClient(t, { slug: owner.user.slug, role: 'staff' });
    const page = await staff.client.get('/panel/profile');
    assert.equal(page.status, 200);
    assert.match(page.body, /<h1>Perfil da concessionária<\/h1>/);
    assert.doesNotMatch(page.body, /action="\/panel\/profile"/);
    assert.match(page.body, /\(11\) 91234-5678/);
    assert.match(page.body, /Só os donos da concessionária podem alterar o perfil/);
    const post = await staff.client.post('/panel/profile', { phone: '(11) 3444-0000' });
    assert.equal(post.status, 403);
    assert.equal((await dealerRow(owner.user.dealerId)).phone, '+551134442222');
  });
});
