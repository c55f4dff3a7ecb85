// A buyer's number as people use it (D32, P83): typed locally on an Argentine listing, it dials
// and opens WhatsApp at +54 9 11 4444-2222, not at a stranger's wa.me/1144442222, and is shown in
// the national format. The conversation page's links are tested in test/panel/leads.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { displayPhone, telHref, whatsappDigits } from '../../src/modules/markets/phone.js';

describe('phone links (markets/phone.ts)', () => {
  test('"11 4444 2222" on an Argentine listing', () => {
    assert.equal(whatsappDigits('11 4444 2222', 'ar'), '5491144442222');
    assert.equal(telHref('11 4444 2222', 'ar'), 'tel:+5491144442222');
    assert.equal(displayPhone('11 4444 2222', 'ar'), '011 4444-2222');
    assert.equal(displayPhone('+5491144442222', 'ar'), '011 15-4444-2222');
  });
  test('other markets, other countries, and what is not a number', () => {
    assert.equal(whatsappDigits('(11) 91234-5678', 'br'), '5511912345678');
    assert.equal(displayPhone('+5511912345678', 'br'), '(11) 91234-5678');
    assert.equal(displayPhone('+598 94 123 456', 'ar'), '+598 94 123 456');
    assert.equal(whatsappDigits('099 123 456', 'uy'), '59899123456');
    assert.equal(displayPhone('llamame', 'ar'), 'llamame');
    assert.equal(telHref('12-34', 'ar'), 'tel:1234');
  });
});
