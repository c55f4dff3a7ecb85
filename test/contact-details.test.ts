// Contact details in a dealer's text hold a car in_review (D5), without flagging years,
// mileages, prices or sentences that miss a space.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { contactDetailsIn } from '../src/modules/vehicles/validation.js';

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
