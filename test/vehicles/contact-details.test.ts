// Contact details in a dealer's text hold a car in_review (D5), without flagging years,
// mileages, prices or sentences that miss a space.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { contactDetailsIn, findContactDetail } from '../../src/modules/vehicles/validation.js';

const held = (description: string) => contactDetailsIn({ version: null, description }) !== null;

describe('contact details', () => {
  test('e-mail addresses, phone numbers and web addresses are found', () => {
    for (const text of [
      'escribí a juan@mail.com',
      'llamá al 11 4567-8901',
      '+54 9 11 4567 8901',
      'tel 1145678901',
      '(011) 4567 8901',
      '011 4567 8901',
      'visitá www.miauto.com',
      'miauto.com.ar',
      'ver https://x.y/z',
      'ver en autos.es.',
    ]) {
      assert.equal(held(text), true, text);
    }
    assert.equal(contactDetailsIn({ version: 'XEi tel 1145678901', description: null }), 'version contains a phone number');
  });

  test('the detail found is given as written, for review_reasons', () => {
    const found = (description: string) => findContactDetail({ version: null, description });
    assert.deepEqual(found('Escribí a juan.perez@mail.com hoy'), { field: 'description', kind: 'an e-mail address', text: 'juan.perez@mail.com' });
    assert.deepEqual(found('llamá al 11 4567-8901, gracias'), { field: 'description', kind: 'a phone number', text: '11 4567-8901' });
    assert.deepEqual(found('Mirá (miauto.com.ar) y www.otro.com'), { field: 'description', kind: 'a web address', text: 'miauto.com.ar' });
    assert.deepEqual(found('Mirá www.otro.com/autos'), { field: 'description', kind: 'a web address', text: 'www.otro.com/autos' });
    assert.deepEqual(found('Visitá miauto.com.ar'), { field: 'description', kind: 'a web address', text: 'miauto.com.ar' });
    assert.equal(findContactDetail({ version: 'XEi', description: 'Modelo 2019 45000 km' }), null);
  });

  test('years, mileages, prices and missing spaces are not contact details', () => {
    for (const text of [
      'Modelo 2019 45000 km',
      'Motor 1.6 16v, 2019 2020',
      'precio 12 500 000',
      'precio 12.500.000',
      'Único dueño.Es un auto impecable',
      'Vendo.Co',
      'Financiación.Uy!',
      'Año 2019.',
      'Service oficial cada 10000 km',
    ]) {
      assert.equal(held(text), false, text);
    }
  });
});
