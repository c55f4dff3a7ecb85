// The masking of buyers' messages (D5, D18, P66), as pure unit tests: a corpus of contact
// details as buyers type them (phones of every market, local and international, WhatsApp-style;
// e-mail addresses written out; names without their accents or in capitals), each of which must
// be gone, and a corpus of ordinary messages (prices, years, mileages, model numbers, dates,
// plates, VINs) that must come back byte for byte.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { messagePreview } from '../../src/modules/leads/preview.js';

/** The buyer of the corpus: what they typed into the form is not what they type in the message. */
const BUYER = { name: 'José María Pérez', email: 'comprador@buyer.example', phone: null };

interface Case {
  market: string;
  text: string;
  /** The phone number's digits: no run of 6 of them may be left. */
  digits?: string;
  /** Words that must be gone (compared without case or accents). */
  gone?: string[];
  buyer?: { name: string; email: string | null; phone: string | null };
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const PHONES: Case[] = [
  // Argentina: the issue's own, and the usual ways.
  { market: 'ar', text: 'Llamame al 11.4567.8901', digits: '1145678901' },
  { market: 'ar', text: 'mi fijo 4567 8901, gracias', digits: '45678901' },
  { market: 'ar', text: 'cel 11 45678901', digits: '1145678901' },
  { market: 'ar', text: 'Tel (11) 4567.8901 de 9 a 18', digits: '1145678901' },
  { market: 'ar', text: 'escribime 11/4567/8901', digits: '1145678901' },
  { market: 'ar', text: 'wsp 11 4567 8901', digits: '1145678901' },
  { market: 'ar', text: 'WSP: 11-4567-8901!!', digits: '1145678901' },
  { market: 'ar', text: 'whatsapp +54 9 11 4567-8901', digits: '5491145678901' },
  { market: 'ar', text: 'Mandame un wpp al +5491145678901', digits: '5491145678901' },
  { market: 'ar', text: 'mi número es 011 15 4567-8901', digits: '011154567890' },
  { market: 'ar', text: 'llamá al 15-4567-8901 después de las 19', digits: '1545678901' },
  { market: 'ar', text: 'Córdoba: 0351 155-123456', digits: '0351155123456' },
  { market: 'ar', text: 'fijo 4567-8901', digits: '45678901' },
  { market: 'ar', text: 'tel 45678901', digits: '45678901' },
  { market: 'ar', text: 'celu 11 - 4567 - 8901', digits: '1145678901' },
  { market: 'ar', text: 'llamame 11 45 67 89 01', digits: '1145678901' },
  { market: 'ar', text: 'año 2019 y mi tel 2019 4567 8901', digits: '45678901' },
  { market: 'ar', text: 'Precio $ 12.500.000? llamame 11 4567 8901', digits: '1145678901' },
  // Uruguay, Chile, Peru, Colombia.
  { market: 'uy', text: 'Mi cel es 099 123 456', digits: '099123456' },
  { market: 'uy', text: 'wsp +598 99 123 456', digits: '59899123456' },
  { market: 'uy', text: 'fijo 2901 2345', digits: '29012345' },
  { market: 'cl', text: 'Llámame al +56 9 8765 4321', digits: '56987654321' },
  { market: 'cl', text: 'mi wsp 9 8765 4321', digits: '987654321' },
  { market: 'pe', text: 'Mi celular: 987 654 321', digits: '987654321' },
  { market: 'pe', text: 'whatsapp +51 987 654 300', digits: '51987654300' },
  { market: 'co', text: 'Celular 300 123 4567', digits: '3001234567' },
  { market: 'co', text: 'escríbame al +57 300 1234567', digits: '573001234567' },
  // Mexico.
  { market: 'mx', text: 'Mi cel 55 1234 5678', digits: '5512345678' },
  { market: 'mx', text: 'Márqueme al +52 1 55 1234 5678', digits: '5215512345678' },
  { market: 'mx', text: 'tel. (55) 1234-5678', digits: '5512345678' },
  { market: 'mx', text: 'whats 044 55 1234 5678', digits: '0445512345678' },
  // Brazil.
  { market: 'br', text: 'Me liga no (11) 98765-4321', digits: '11987654321' },
  { market: 'br', text: 'zap 21 99876 5432', digits: '21998765432' },
  { market: 'br', text: 'meu whats +55 21 99876-5432', digits: '5521998765432' },
  { market: 'br', text: 'Fone: (21)99876-5432', digits: '21998765432' },
  { market: 'br', text: 'liga 021 99876.5432 à noite', digits: '02199876543' },
  { market: 'br', text: 'celular 98765-4321', digits: '987654321' },
  { market: 'br', text: 'fixo 3456-7890', digits: '34567890' },
  // Spain.
  { market: 'es', text: 'Mi móvil es 612 34 56 78', digits: '612345678' },
  { market: 'es', text: 'llámame al 612345678', digits: '612345678' },
  { market: 'es', text: 'WhatsApp +34 612 345 678', digits: '34612345678' },
  { market: 'es', text: 'fijo 91 234 56 78', digits: '912345678' },
  { market: 'es', text: 'móvil 612.345.678', digits: '612345678' },
  { market: 'es', text: 'móvil 612 345 600', digits: '612345600' },
  // United Kingdom.
  { market: 'uk', text: 'Call me on 07700 900123', digits: '07700900123' },
  { market: 'uk', text: 'mobile +44 7700 900123', digits: '447700900123' },
  { market: 'uk', text: 'ring 020 7946 0018 after 6', digits: '02079460018' },
  { market: 'uk', text: 'Tel: (020) 7946 0018', digits: '02079460018' },
  { market: 'uk', text: 'text me 07700-900-123', digits: '07700900123' },
  // United States.
  { market: 'us', text: 'Call me at (415) 555-0132', digits: '4155550132' },
  { market: 'us', text: 'my cell 415.555.0132', digits: '4155550132' },
  { market: 'us', text: 'text 415-555-0132 anytime', digits: '4155550132' },
  { market: 'us', text: 'reach me at +1 415 555 0132', digits: '14155550132' },
  { market: 'us', text: 'CALL 1-415-555-0132', digits: '14155550132' },
  { market: 'us', text: 'my number is 555-0132', digits: '5550132' },
  // Odd separators, and digits typed full-width.
  { market: 'ar', text: 'cel 11,4567,8901', digits: '1145678901' },
  { market: 'ar', text: 'cel 11_4567_8901', digits: '1145678901' },
  { market: 'es', text: 'móvil 612·34·56·78', digits: '612345678' },
  { market: 'ar', text: 'tel １１ ４５６７ ８９０１', digits: '1145678901' },
  // Glued to a word: the library reads it in the listing's country.
  { market: 'ar', text: 'wsp1145678901', digits: '1145678901' },
  { market: 'br', text: 'zap11987654321', digits: '11987654321' },
  { market: 'uk', text: 'mob07911123456', digits: '07911123456' },
  // A number of another country than the listing's.
  { market: 'ar', text: 'estoy en España, +34 612 345 678', digits: '34612345678' },
  { market: 'us', text: 'I am in Brazil: (11) 98765-4321', digits: '11987654321' },
];

const EMAILS: Case[] = [
  { market: 'ar', text: 'escribime a jose.perez at example.com', gone: ['jose.perez', 'example.com'] },
  { market: 'ar', text: 'mail: jose.perez arroba example.com', gone: ['jose.perez', 'example'] },
  { market: 'ar', text: 'jose.perez (at) example (dot) com', gone: ['jose.perez', 'example'] },
  { market: 'ar', text: 'jose.perez[at]example[dot]com', gone: ['jose.perez', 'example'] },
  { market: 'ar', text: 'mi correo jose.perez @ example.com', gone: ['jose.perez', 'example'] },
  { market: 'ar', text: 'mi correo jose.perez@ example .com', gone: ['jose.perez', 'example'] },
  { market: 'ar', text: 'jose punto perez arroba gmail punto com', gone: ['perez', 'gmail'] },
  { market: 'ar', text: 'escribime a jose.perez arroba gmail', gone: ['jose.perez', 'gmail'] },
  { market: 'ar', text: 'JOSE.PEREZ AT EXAMPLE DOT COM', gone: ['jose.perez', 'example'] },
  { market: 'ar', text: 'mail jose-perez AT yahoo.com.ar', gone: ['jose-perez', 'yahoo'] },
  { market: 'ar', text: 'joseperez1990 @ hotmail . com', gone: ['joseperez1990', 'hotmail'] },
  { market: 'ar', text: 'jose.perez<at>example.com', gone: ['jose.perez', 'example'] },
  { market: 'ar', text: 'Escribime: jose.perez@example.com.', gone: ['jose.perez', 'example'] },
  { market: 'es', text: 'mi email: maria.lopez (arroba) correo (punto) es', gone: ['maria.lopez', 'correo'] },
  { market: 'mx', text: 'correo: luis_garcia{at}example{dot}mx', gone: ['luis_garcia', 'example'] },
  { market: 'br', text: 'meu email joao.silva arroba exemplo ponto com ponto br', gone: ['joao.silva', 'exemplo'] },
  { market: 'br', text: 'e-mail: joao.silva(arroba)uol.com.br', gone: ['joao.silva', 'uol'] },
  { market: 'br', text: 'manda pro joao.silva @ gmail.com', gone: ['joao.silva', 'gmail'] },
  { market: 'us', text: 'email me at mary_smith at outlook dot com', gone: ['mary_smith', 'outlook'] },
  { market: 'uk', text: 'mary.smith {at} example {dot} co {dot} uk', gone: ['mary.smith', 'example'] },
  { market: 'us', text: 'my email is mary.smith [at] example [.] com', gone: ['mary.smith', 'example'] },
  { market: 'us', text: 'MARY.SMITH@EXAMPLE.COM please', gone: ['mary.smith', 'example'] },
];

const NAMES: Case[] = [
  { market: 'ar', text: 'Hola, soy Jose Maria Perez', gone: ['jose', 'maria', 'perez'] },
  { market: 'ar', text: 'Saludos, JOSÉ PÉREZ', gone: ['jose', 'perez'] },
  { market: 'ar', text: 'Preguntar por jose maria perez', gone: ['jose', 'maria', 'perez'] },
  { market: 'ar', text: 'Atte. Pérez, José', gone: ['jose', 'perez'] },
  { market: 'ar', text: 'Soy Jose\u0301 Pe\u0301rez (escrito con acentos sueltos)', gone: ['jose', 'perez'] },
  { market: 'ar', text: 'Gracias! María', gone: ['maria'] },
  { market: 'br', text: 'Abraço, João Gonçalves', gone: ['joao', 'goncalves'], buyer: { name: 'Joao Goncalves', email: null, phone: '+55 11 0000 0000' } },
  { market: 'br', text: 'Assinado: JOAO GONÇALVES', gone: ['joao', 'goncalves'], buyer: { name: 'João Gonçalves', email: null, phone: '+55 11 0000 0000' } },
  { market: 'es', text: 'Un saludo, Iñaki Muñoz', gone: ['inaki', 'munoz'], buyer: { name: 'Inaki Munoz', email: 'x@y.example', phone: null } },
  { market: 'us', text: 'Thanks, MARY-ANN SMITH', gone: ['mary-ann', 'smith'], buyer: { name: 'Mary-Ann Smith', email: 'x@y.example', phone: null } },
];

const ORDINARY = [
  '¿Está disponible? Precio $ 12.500.000 final',
  'Ofrezco 12500000 en efectivo',
  'Valor R$ 85.000,00 à vista?',
  'Is it still available for USD 15,000?',
  'Año 2019, único dueño',
  'modelo 2018/2019',
  'tiene 45.000 km reales',
  'tiene 120000km',
  '¿Es el 308 o el 3008?',
  'Busco una Hilux 2.8 SRX',
  'Ranger 3.2 TDI XLT 4x4',
  'Gol 1.6 Trendline',
  'Serie 3 320i Sport',
  'Ford F-150 Lariat',
  '¿Lo puedo ver el 15/12?',
  'La VTV vence 12/2024',
  '¿Puedo pasar a las 18:30?',
  'VIN 9BWZZZ377VT004251',
  'Chasis 1HGCM82633A004352',
  'VIN 1G1YY22G965104567',
  'chassi 9BD15802786012345',
  'La patente es AB 123 CD',
  'placa ABC1D23',
  'Placa ABC-1234 do Rio',
  'UK reg AB12 CDE',
  'tiene 2 dueños',
  'Modelo 2019 45000 km',
  'año 2019 45000',
  'Motor 1.6 16v, 2019 2020',
  'Ofrezco $ 8.000.000 + mi Gol 2015 con 98.000 km',
  '$ 1.250.000 de anticipo y 36 cuotas de 450.000',
  'Neumáticos 205/55 R16 nuevos',
  'Service a los 10.000, 20.000 y 30.000 km',
  'motor 2.0 TSI 220 cv',
  'Does it have 45,000 miles? I can pay $35,000 cash.',
  'Can I see it on 12/15/2024 at 5pm?',
  'le hice el service a los 60.000 km el 15/12/2023',
  '£12,995 ono',
  '€ 14.990 IVA incluido',
  '$25.000.000',
  'CLP 12.990.000',
  'S/ 45,000',
  'COP 85.000.000',
  'MXN 350,000',
  'US$ 18.500',
  'precio 12 500 000',
  'Km 45000',
  'kilometraje 120.000',
  'aceita R$ 2.000.000,00?',
  '2.000.000,00',
  'cotización 1.050,50',
  'Can I come at 5? I will look at the car at home.Great listing',
  'Meet me at the dealer at 10:30',
  'de 9 a 18 hs, de lunes a viernes',
  'Tengo un Corolla 2015 2016 para permuta',
  'Pago 50% al contado y el resto en 12 cuotas',
  'Me interesa, ¿acepta permuta por un 208 2019?',
  'Abs. 2.5 tdi, 4 portas',
  'fecha 2024-12-15',
  'Mande o preço até 15/12/2024, obrigado',
  'Financing? 60 months at 4.9% APR',
  'My budget is 20000 dollars',
  'Hola\nPrecio?\n\t¿Tiene service oficial?',
  'Aceita troca? Tenho um Onix 2019 com 40 mil km',
  'Modelo 2013/2014, 110.000 km, R$ 45.900',
  'IPVA 2024 pago, financia em 48x?',
  'MOT until 03/2025, reg AB12 CDE',
  'Model 3 Long Range 2021, 25,000 miles, $32,500',
  'torque 250 Nm a 1500-4000 rpm',
  'Año: 2019 / Km: 45.000',
  'año 2008 km 195000',
  'Compro en 3 cuotas de 1.500.000',
];

describe('contact details typed into messages are masked (P66)', () => {
  const check = (c: Case) => {
    const out = messagePreview(c.text, [c.buyer ?? BUYER], c.market);
    assert.ok(out.includes('[hidden]'), `${c.text} → ${out}`);
    if (c.digits) {
      const left = out.replace(/\D/g, '');
      for (let i = 0; i + 6 <= c.digits.length; i++) assert.ok(!left.includes(c.digits.slice(i, i + 6)), `${c.text} → ${out}`);
    }
    for (const w of c.gone ?? []) assert.ok(!fold(out).includes(fold(w)), `${w} in ${c.text} → ${out}`);
  };

  test('the corpus holds at least 60 contact details', () => {
    assert.ok(PHONES.length + EMAILS.length + NAMES.length >= 60);
  });
  test('phone numbers, local and international, of every market', () => PHONES.forEach(check));
  test('e-mail addresses written out: at, arroba, (at), [at], dot, punto, ponto, spaced @', () => EMAILS.forEach(check));
  test("the buyer's names without accents, in capitals, or with accents the form lacked", () => NAMES.forEach(check));

  test("the issue's eight examples, each gone from one message", () => {
    const text =
      'Hola, soy Jose Maria Perez. Llamame al 11.4567.8901 o al 4567 8901, o 11 45678901, (11) 4567.8901, 11/4567/8901. ' +
      'Mail: jose.perez at example.com o jose.perez arroba example.com';
    assert.equal(
      messagePreview(text, [BUYER], 'ar'),
      'Hola, soy [hidden]. Llamame al [hidden] o al [hidden], o [hidden], [hidden], [hidden]. Mail: [hidden] o [hidden]',
    );
  });

  test('the rest of the message stays as written around what is hidden', () => {
    assert.equal(
      messagePreview('¡Hola! Soy JOSÉ, mi cel es 11 4567-8901. ¿Acepta permuta? Tengo un Gol 1.6 2015 con 98.000 km.', [BUYER], 'ar'),
      '¡Hola! Soy [hidden], mi cel es [hidden]. ¿Acepta permuta? Tengo un Gol 1.6 2015 con 98.000 km.',
    );
    assert.equal(messagePreview('Precio $ 12.500.000? wsp 11 4567 8901', [BUYER], 'ar'), 'Precio $ 12.500.000? wsp [hidden]');
    assert.equal(messagePreview('Ñandú josé', [BUYER], 'ar'), 'Ñandú [hidden]');
  });

  test("the listing's market decides how the library reads a number without its prefix", () => {
    assert.equal(messagePreview('wsp1145678901', [BUYER], 'ar'), 'wsp[hidden]');
    // No number of the United States (no area code 114): the text stays.
    assert.equal(messagePreview('wsp1145678901', [BUYER], 'us'), 'wsp1145678901');
    assert.equal(messagePreview('mob07911123456', [BUYER], 'uk'), 'mob[hidden]');
    assert.equal(messagePreview('mob07911123456', [BUYER], 'us'), 'mob07911123456');
  });

  test('without a market, numbers are still found by our own rules and the international ones', () => {
    assert.equal(messagePreview('+44 7700 900123 or 4567 8901', [BUYER], undefined), '[hidden] or [hidden]');
    assert.equal(messagePreview('+44 7700 900123 or 4567 8901', [BUYER], null), '[hidden] or [hidden]');
  });

  test('ordinary messages come back byte for byte, in every market', () => {
    assert.ok(ORDINARY.length >= 50);
    for (const market of ['ar', 'uy', 'cl', 'mx', 'br', 'co', 'pe', 'es', 'uk', 'us']) {
      for (const text of ORDINARY) assert.equal(messagePreview(text, [BUYER], market), text, `${market}: ${text}`);
    }
  });

  test('a name of one letter, or of none, hides nothing', () => {
    assert.equal(messagePreview('a la tarde', [{ name: 'A', email: null, phone: null }], 'ar'), 'a la tarde');
    assert.equal(messagePreview("it's fine", [{ name: "'", email: null, phone: null }], 'us'), "it's fine");
  });
});
