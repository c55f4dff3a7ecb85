// Storefront price filters read as people of the market write prices (issue 40): no store.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readPrice } from '../../src/modules/listings/storefront.js';

test('prices as Argentines, Brazilians and Americans write them; what cannot be read is undefined', () => {
  const ar: [string, number | undefined][] = [
    ['20000000', 20_000_000_00],
    ['20.000.000', 20_000_000_00],
    ['$ 20.000.000', 20_000_000_00],
    ['$20.000.000', 20_000_000_00],
    ['ARS 1.500.000,50', 1_500_000_50],
    ['89.900', 89_900_00],
    ['15.00', undefined],
    ['1.0000', undefined],
    ['abc', undefined],
    ['20,000,000', undefined],
    ['-5', undefined],
  ];
  for (const [text, cents] of ar) assert.equal(readPrice(text, 'ar'), cents, `ar ${text}`);
  for (const [text, cents] of [
    ['R$ 89.900', 89_900_00],
    ['R$89.900,00', 89_900_00],
    ['89900', 89_900_00],
  ] as const)
    assert.equal(readPrice(text, 'br'), cents, `br ${text}`);
  for (const [text, cents] of [
    ['$25,000', 25_000_00],
    ['25,000.50', 25_000_50],
    ['25.000', undefined],
  ] as const)
    assert.equal(readPrice(text, 'us'), cents, `us ${text}`);
});
