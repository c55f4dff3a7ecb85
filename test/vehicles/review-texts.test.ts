// Why a car is in review, said in each panel language from the same facts the API says in English.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { render } from '../../src/core/i18n/index.js';
import { reviewFacts, reviewMsg, reviewReasons } from '../../src/modules/vehicles/review.js';

const held = {
  status: 'in_review' as const,
  market: 'ar',
  version: null,
  description: 'Escribime a ventas@autos.example',
  photo_state: JSON.stringify([
    { source_url: 'https://img.example.com/1.jpg', status: 'ready' },
    { source_url: 'https://img.example.com/2.jpg', status: 'failed', reason: 'The server answered 404.' },
    { source_url: 'https://img.example.com/3.jpg', status: 'failed', reason: null },
  ]),
};

test('each reason in English (the API), Spanish and Portuguese', () => {
  const facts = reviewFacts(held);
  assert.deepEqual(
    facts.map((f) => f.kind),
    ['contact', 'photo', 'photo', 'shortfall'],
  );
  assert.deepEqual(
    reviewReasons(held),
    facts.map((f) => render('en', reviewMsg(f))),
  );
  assert.deepEqual(
    facts.map((f) => render('es', reviewMsg(f))),
    [
      'La descripción tiene un correo electrónico («ventas@autos.example»). Los compradores tienen que escribir por el marketplace: hay que enviar el auto de nuevo sin ese dato.',
      'La foto 2 (https://img.example.com/2.jpg) no se pudo usar: the server answered 404.',
      'La foto 3 (https://img.example.com/3.jpg) no se pudo usar: no se pudo descargar.',
      'Solo se pudo usar 1 de las 3 fotos necesarias; hay que enviar el auto de nuevo con otras fotos.',
    ],
  );
  assert.deepEqual(
    facts.map((f) => render('pt', reviewMsg(f))),
    [
      'A descrição tem um e-mail (“ventas@autos.example”). Os compradores precisam escrever pelo marketplace: é preciso enviar o carro de novo sem esse dado.',
      'A foto 2 (https://img.example.com/2.jpg) não pôde ser usada: the server answered 404.',
      'A foto 3 (https://img.example.com/3.jpg) não pôde ser usada: não foi possível baixá-la.',
      'Só 1 das 3 fotos necessárias pôde ser usada; é preciso enviar o carro de novo com outras fotos.',
    ],
  );
  assert.deepEqual(reviewFacts({ ...held, status: 'active' }), []);
});
